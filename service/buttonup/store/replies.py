"""What an idempotent request's first answer is kept as: a reference to the
versions it made (`Reply`), read back with the game; or, kept by format 1,
the answer itself, read at the door as typed values (`EarlierReply`,
store.format1)."""

from dataclasses import dataclass

from buttonup.engine import Match
from buttonup.engine.events import Event


@dataclass(frozen=True, slots=True)
class Reply:
    """The request's digest (its whole request, canonical), the first and
    last versions its answer made, and the secret it handed out, sealed
    (store.idempotency; "" when none)."""

    digest: str
    first: int
    last: int
    sealed: str = ""

    def encode(self) -> str:
        return f"{self.digest}:{self.first}:{self.last}:{self.sealed}"

    def encode_create(self) -> str:
        """A create's: its game's versions start at 1."""
        return f"{self.digest}:{self.last}"


@dataclass(frozen=True, slots=True)
class EarlierReply:
    """A reply format 1 kept: the body its request was sent with
    (canonical), the game its answer showed and the moves it made."""

    body: str
    match: Match
    events: list[Event]


StoredReply = Reply | EarlierReply


def decode_reply(text: str) -> Reply:
    """A reply as a commit keeps it (an earlier release's has no fourth
    part), or as a create keeps it (digest and last version)."""
    digest, *versions = text.split(":")
    if len(versions) == 1:
        return Reply(digest, 1, int(versions[0]))
    first, last, *sealed = versions
    return Reply(digest, int(first), int(last), sealed[0] if sealed else "")
