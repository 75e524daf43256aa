"""The kit's edge: all a wing's routes, views and schemas may use of the
core's API (its blueprints, documentation helpers, codec, shared schema
fields, paging and streams) and of the board. A wing's model, store and
use cases never import it (tests/test_layout.py).

What each name does is tested where it is defined.
Tested in tests/test_layout.py.
"""

from buttonup.api.codec import to_json
from buttonup.api.docs import (
    ALWAYS,
    IDEMPOTENCY_KEY,
    READ_503,
    WITH_BODY,
    WRITE_503,
    id_parameter,
    operation,
)
from buttonup.api.events import event_component, one_of_events, stream_response
from buttonup.api.games import decode_ordered_cursor, encode_cursor, idempotency
from buttonup.api.http import ApiBlueprint, ApiView, bearer_token, json_response
from buttonup.api.player_events import (
    LAST_EVENT_ID,
    STREAM_POSITION,
    data_component,
    position_after,
)
from buttonup.api.player_views import clock_settings_view, me_view, reviewed_view
from buttonup.api.players import decode_offset, encode_offset
from buttonup.api.records import RECORD_CONTENT, TEXT
from buttonup.api.schemas.fair_play import ReviewedSchema
from buttonup.api.schemas.queries import next_cursor, page_limit
from buttonup.api.schemas.ratings import RATING_EXAMPLE, ratings_field
from buttonup.api.schemas.requests import (
    ClockRequestSchema,
    name_field,
    playable_position,
    position_field,
)
from buttonup.api.schemas.shared import (
    CATEGORIES,
    PLAYER_COLOR,
    PLAYER_COLORS,
    RATING_CATEGORY,
    VISIBILITIES,
    Described,
    Document,
    Ref,
    StrictBoolean,
    StrictInteger,
    doc,
)
from buttonup.api.schemas.shared import timestamp as timestamp_field
from buttonup.api.times import timestamp

__all__ = [
    # Routes: a blueprint, its views, their answers and the bearer credential.
    "ApiBlueprint",
    "ApiView",
    "bearer_token",
    "json_response",
    "to_json",
    "timestamp",
    # The spec: an operation's documentation, its errors and parameters.
    "ALWAYS",
    "IDEMPOTENCY_KEY",
    "READ_503",
    "WITH_BODY",
    "WRITE_503",
    "id_parameter",
    "operation",
    # Schemas: the shared fields and their documentation.
    "CATEGORIES",
    "PLAYER_COLOR",
    "PLAYER_COLORS",
    "RATING_CATEGORY",
    "RATING_EXAMPLE",
    "VISIBILITIES",
    "ClockRequestSchema",
    "Described",
    "Document",
    "Ref",
    "ReviewedSchema",
    "StrictBoolean",
    "StrictInteger",
    "doc",
    "name_field",
    "playable_position",
    "position_field",
    "ratings_field",
    "timestamp_field",
    # Paging: cursors and offsets, as the core's lists page.
    "decode_offset",
    "decode_ordered_cursor",
    "encode_cursor",
    "encode_offset",
    "next_cursor",
    "page_limit",
    # An idempotent create's key, as the core reads it.
    "idempotency",
    # Streams: events, their spec components, and resuming.
    "LAST_EVENT_ID",
    "STREAM_POSITION",
    "data_component",
    "event_component",
    "one_of_events",
    "position_after",
    "stream_response",
    # Views the core's answers share, and records as text.
    "RECORD_CONTENT",
    "TEXT",
    "clock_settings_view",
    "me_view",
    "reviewed_view",
    # The board: words a wing's pages add.
]
