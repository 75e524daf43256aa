"""What an earlier release of the stored form (format 2) kept under names
this one no longer has, read at the door as what this release keeps.

Tested in tests/store/test_codec.py, tests/store/test_player_events.py.
"""

from typing import Any

from buttonup.engine.options import Options, Origin

# An earlier release kept a wing's game's origin in two options of its own,
# `paired` (a pairing made it) and `tournament` (the tournament that paired
# it), and a player's notice kept the tournament under "T": each is read as
# the origin it was (the one wing that release named in the core's options).
EARLIER_ORIGIN_WING = "tournaments"


def earlier_origin(tournament_id: str | None) -> Origin | None:
    """The origin an earlier release's game or notice kept as a tournament's id."""
    return None if tournament_id is None else Origin(EARLIER_ORIGIN_WING, tournament_id)


def earlier_options(plain: dict[str, Any]) -> Options:
    """A base's options, as this release names them."""
    if "paired" in plain or "tournament" in plain:  # an earlier release's
        plain = dict(plain)
        plain.pop("paired", None)
        origin = earlier_origin(plain.pop("tournament", None))
        if origin is not None:
            plain["origin"] = {"wing": origin.wing, "id": origin.id}
    return Options.from_plain(plain)
