"""The one way a match changes: `advance(match, action)` makes the next
version and says what happened. It refuses what the rules refuse, so a
replayed action is checked as the first one was; the match's commands
(engine.match) decide who may act before they call it.

Tested in tests/engine/test_match.py.
"""

from dataclasses import replace
from typing import TYPE_CHECKING

from buttonup.engine.actions import (
    Abort,
    AcceptRematch,
    Action,
    Berserk,
    Claim,
    Join,
    OfferRematch,
    Play,
    Progress,
    Resign,
    TimeOut,
)
from buttonup.engine.board import PLAYERS, Color, opponent
from buttonup.engine.errors import (
    AbortNotAllowed,
    BerserkNotAllowed,
    ClaimNotAllowed,
    GameFull,
    NotInProgress,
    RatedNeedsPlayers,
    RulesError,
    SeatTaken,
)
from buttonup.engine.events import (
    Abandoned,
    Aborted,
    Berserked,
    Event,
    GameOver,
    Joined,
    Moved,
    Rematched,
    RematchOffered,
    Resigned,
    RoundOver,
    TimedOut,
)
from buttonup.engine.game import GameState
from buttonup.engine.options import EndReason, SeatType, Status, UnratedReason
from buttonup.engine.seats import Rematch, Seat

if TYPE_CHECKING:
    from buttonup.engine.clock import Clock
    from buttonup.engine.match import Match


def advance(match: "Match", action: Action) -> Progress:
    """The next version after `action`, and what it did. The action that
    ends a rated game may carry both players' ratings as it ended
    (`rated_from`): the seats hold those from then on, and the result is
    worked out from them (engine.ratings), once: the action carries the
    change as shown too (`rating_diff`), and the game's exact review
    (`review`: engine.review), which the match keeps."""
    progress = _advance(match, action)
    after = progress.match
    if after.end_reason is None or match.end_reason is not None:  # most actions: at once
        return progress
    rated_from = getattr(action, "rated_from", None)
    review = getattr(action, "review", None)
    if rated_from is None and review is None:
        return progress
    if rated_from is not None:
        red, black = rated_from
        after = replace(
            after,
            red=replace(after.red, rating=red),
            black=replace(after.black, rating=black),
            rating_diff=getattr(action, "rating_diff", None),
        )
    if review is not None:
        after = replace(after, review=review)
    return Progress(action, after, progress.events)


def _advance(match: "Match", action: Action) -> Progress:
    if isinstance(action, Play):
        return _played(match, action)
    if isinstance(action, Join):
        return _joined(match, action)
    if isinstance(action, Resign):
        return _resigned(match, action)
    if isinstance(action, Abort):
        return _aborted(match, action, action.color)
    if isinstance(action, TimeOut):
        return _timed_out(match, action)
    if isinstance(action, Claim):
        return _claimed(match, action)
    if isinstance(action, Berserk):
        return _berserked(match, action)
    return _rematch_asked(match, action)


def require_playing(match: "Match") -> None:
    status = match.status
    if status is not Status.PLAYING:
        raise NotInProgress(f"the game is {status}", match.version)


def _next(
    match: "Match",
    at: int,
    *,
    moved: bool = False,
    game: GameState | None = None,
    end_reason: EndReason | None = None,
    red: Seat | None = None,
    black: Seat | None = None,
    rematch: Rematch | None = None,
    mover: Color | None = None,
    unrated: UnratedReason | None = None,
) -> "Match":
    """The next version at `at`, with the fields given (None: as they
    were). Built field by field: through dataclasses.replace it cost 43 k
    instructions, 26 k so. tests/engine/test_match.py names every field,
    so a field added and not carried here fails there."""
    end_reason = end_reason if end_reason is not None else match.end_reason
    after = type(match)(
        id=match.id,
        version=match.version + 1,
        created_at=match.created_at,
        updated_at=at,
        options=match.options,
        red=red if red is not None else match.red,
        black=black if black is not None else match.black,
        game=game if game is not None else match.game,
        end_reason=end_reason,
        clock=match.clock,
        ended_at=at if match.ended_at is None and end_reason is not None else match.ended_at,
        rematch=rematch if rematch is not None else match.rematch,
        moved=match.moved if mover is None or mover in match.moved else match.moved | {mover},
        unrated=unrated if unrated is not None else match.unrated,
        rating_diff=match.rating_diff,
        review=match.review,
    )
    if after.clock is None:
        return after
    # A move stops its mover's clock and starts the next player's; a
    # join that starts the game starts the first; the end stops it.
    return replace(after, clock=_clock_after(after, match, at, moved))


def _human_to_move(match: "Match") -> Color | None:
    """Whose clock runs: the player to move, unless a bot or nobody."""
    if match.status is not Status.PLAYING or match.bot_to_move() is not None:
        return None
    return match.game.to_move


def _clock_after(after: "Match", before: "Match", at: int, moved: bool) -> "Clock | None":
    """The clock once `after` follows `before` at `at`: after a move, the
    mover's clock is charged (plus any increment) and the next player's
    starts; after anything else, only whose clock runs changes."""
    if after.clock is None:
        return None
    if moved:
        return after.clock.moved(_human_to_move(before), _human_to_move(after), at)
    return after.clock.start(_human_to_move(after), at)


def _joined(match: "Match", action: Join) -> Progress:
    held = match.seat(action.color)
    if held.reserved and held.token_sha256 != action.token_sha256:
        raise GameFull("this game's seats are reserved for its players", match.version)
    if not held.reserved and action.color not in match.open_seats:
        raise SeatTaken(f"the {action.color} seat is not open", match.version)
    if match.options.rated and (action.player_id is None or action.rating is None):
        raise RatedNeedsPlayers(
            "a rated game's seats are taken with a player's key (Authorization: Bearer)",
            match.version,
        )
    seat = Seat(
        name=action.name,
        joined=True,
        token_sha256=action.token_sha256,
        player_id=action.player_id,
        rating=action.rating,
        bot_account=action.bot_account,
    )
    unrated = action.unrated if match.options.rated else None
    if action.color is Color.RED:
        after = _next(match, action.at, red=seat, unrated=unrated)
    else:
        after = _next(match, action.at, black=seat, unrated=unrated)
    return Progress(action, after, [Joined(after.version, action.color)])


def _played(match: "Match", action: Play) -> Progress:
    require_playing(match)
    try:
        game, outcome = match.game.apply(match.game.to_move, action.position)  # type: ignore[arg-type]
    except RulesError as refused:  # the game's own refusal, with this match's version
        raise type(refused)(refused.detail, match.version) from None
    end = EndReason.TARGET_SCORE if game.is_over else None
    after = _next(match, action.at, moved=True, game=game, end_reason=end, mover=match.game.to_move)
    version = after.version
    events: list[Event] = [Moved(version, outcome, action.at)]
    if outcome.round_over:
        events.append(RoundOver(version, game.rounds[-1]))
    if end is not None:
        events.append(GameOver(version))
    return Progress(action, after, events)


def _unplayed(match: "Match") -> bool:
    """A rated game one of whose players never moved: its end, however it
    comes (a resignation, a timeout, a claim), is an abort and rates nobody."""
    return match.rated and len(match.moved) < len(PLAYERS)


def _resigned(match: "Match", action: Resign) -> Progress:
    require_playing(match)
    if _unplayed(match):
        return _aborted(match, action, action.color)
    after = _next(
        match, action.at, game=match.game.resign(action.color), end_reason=EndReason.RESIGNATION
    )
    return Progress(action, after, [Resigned(after.version, action.color), GameOver(after.version)])


def _aborted(
    match: "Match", action: Abort | TimeOut | Resign | Claim, color: Color | None
) -> Progress:
    """Called off: before the first move, or in a rated game before each
    player's first."""
    require_playing(match)
    if match.game.moves_played and not _unplayed(match):
        raise AbortNotAllowed(
            "a game can be aborted only before its first move "
            "(a rated one before each player's first)",
            match.version,
        )
    after = _next(match, action.at, game=match.game.halted(), end_reason=EndReason.ABORTED)
    return Progress(action, after, [Aborted(after.version, color), GameOver(after.version)])


def _timed_out(match: "Match", action: TimeOut) -> Progress:
    require_playing(match)
    loser = match.clock.running if match.clock is not None else None
    if loser is None or action.at < match.deadline:  # type: ignore[operator]  # one runs
        raise NotInProgress("no clock has run out", match.version)
    if not match.game.moves_played or _unplayed(match):  # no loser: a first move never came
        return _aborted(match, action, None)
    after = _next(match, action.at, game=match.game.forfeit(loser), end_reason=EndReason.TIMEOUT)
    return Progress(action, after, [TimedOut(after.version, loser), GameOver(after.version)])


def _berserked(match: "Match", action: Berserk) -> Progress:
    require_playing(match)
    if action.color not in match.berserk_open:
        raise BerserkNotAllowed(
            "berserk is in an arena's game with a bank of time, before one's first move, once",
            match.version,
        )
    after = _next(match, action.at)
    after = replace(after, clock=after.clock.berserked(action.color, action.at))  # type: ignore[union-attr]
    return Progress(action, after, [Berserked(after.version, action.color)])


def _claimed(match: "Match", action: Claim) -> Progress:
    require_playing(match)
    absent = opponent(action.color)
    if match.game.to_move is not absent:
        raise ClaimNotAllowed("it is your turn", match.version)
    if _unplayed(match):
        return _aborted(match, action, None)
    after = _next(match, action.at, game=match.game.forfeit(absent), end_reason=EndReason.ABANDONED)
    return Progress(action, after, [Abandoned(after.version, absent), GameOver(after.version)])


def _rematch_asked(match: "Match", action: OfferRematch | AcceptRematch) -> Progress:
    if match.status is not Status.FINISHED:
        raise NotInProgress(f"the game is {match.status}", match.version)
    asked = match.rematch or Rematch()
    if asked.game_id is not None or action.color in asked.offered_by:
        raise NotInProgress("this seat asked for a rematch already", match.version)
    offered_by = (*asked.offered_by, action.color)
    if isinstance(action, OfferRematch):
        after = _next(match, action.at, rematch=Rematch(offered_by))
        return Progress(action, after, [RematchOffered(after.version, action.color)])
    other = opponent(action.color)
    if other not in offered_by:
        if match.seat(other).type is not SeatType.BOT:
            raise NotInProgress("the other seat has not asked for a rematch", match.version)
        offered_by = (*offered_by, other)  # a bot seat agrees as it is asked
    after = _next(match, action.at, rematch=Rematch(offered_by, action.game_id))
    return Progress(action, after, [Rematched(after.version, action.color, action.game_id)])
