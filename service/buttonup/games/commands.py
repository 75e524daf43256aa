"""The commands on a game, each a few lines on the pipeline: create, join,
play, resign, abort, claim victory, rematch, and expire (end a game whose
clock ran out).

Tested in tests/games/test_pipeline.py, tests/api/test_games.py,
tests/api/test_rematch.py.
"""

import logging
import time
from collections.abc import Callable

from buttonup import errors
from buttonup.engine import PLAYERS, Color, Match, SeatTaken, Status, Visibility
from buttonup.engine.actions import Progress
from buttonup.engine.board import opponent
from buttonup.engine.match import next_match
from buttonup.engine.notation import NotationError, Reason
from buttonup.engine.options import UnratedReason
from buttonup.engine.ratings import Rating
from buttonup.engine.record_reader import read_record
from buttonup.games.bot_moves import BotMoves
from buttonup.games.credentials import named_player
from buttonup.games.fair_play import Surface
from buttonup.games.idempotency import (
    CREATE,
    JOIN,
    UNSCOPED,
    Idempotency,
    long_enough,
    same_request,
)
from buttonup.games.pipeline import Pipeline
from buttonup.games.ports import Ports
from buttonup.games.results import NewGame, Outcome, RematchOffered, Seated
from buttonup.slices import let_others_run
from buttonup.store import GameStore, SealBroken, hash_token, new_game_id, new_token

log = logging.getLogger(__name__)

# What an import of a game in play is refused with (its Result is "*").
ONLY_OVER = "only a game that is over is imported: its Result is *"


class Commands:
    def __init__(
        self,
        store: GameStore,
        pipeline: Pipeline,
        clock: Callable[[], int],
        abandon_ms: int,
        rematch_ms: int,
        ports: Ports,
    ) -> None:
        self._store, self._pipeline, self._ports, self._clock = store, pipeline, ports, clock
        self._abandon_ms = abandon_ms
        self._rematch_ms = rematch_ms
        self._bot_moves = BotMoves(store, clock)  # a bot account's moves, metered

    def create(
        self, new: NewGame, idempotency: Idempotency | None, credential: str | None = None
    ) -> Outcome:
        """With a player's key as `credential`, the Idempotency-Key is the
        player's own: another player's same key makes another game. A retry
        within the idempotency TTL gets the game its key reserved."""
        long_enough(idempotency, credential)
        player = named_player(self._store, credential)
        game_id = new_game_id()
        if new.options.position is not None:  # the position it starts from, asked first
            start = Match.new(game_id, new.options, self._clock(), new.bots).game.round
            asked = [(start.circle, start.to_move)] if start.to_move is not None else []
            self._pipeline.fair_play.require_open(
                Surface.GAME_FROM_POSITION, asked, asker=credential
            )
        if idempotency is not None:
            earlier = self._created_earlier(idempotency, player.id if player else None)
            if earlier is not None:
                return earlier
            scope = f"{CREATE}\n{player.id}" if player else UNSCOPED
            reserved = self._store.reserve(
                scope, idempotency.key, f"{idempotency.digest} {game_id}"
            )
            if reserved is not None:  # the key's first request's game
                same_request(reserved.split(" ")[0] == idempotency.digest)
                _, game_id = reserved.split(" ")
        now = self._clock()
        outcome = self._pipeline.start(
            Match.new(game_id, new.options, now, new.bots), now, idempotency
        )
        listed = self._pipeline.timeline(game_id).current if outcome.replayed else outcome.match
        self._list_publicly(listed)
        return outcome

    def import_record(self, text: str, asker: str | None = None) -> Outcome:
        """A private, finished game made from a record (engine.records), for
        review: its moves, events, analysis and record as any game's. Its
        seats hold tokens nobody was given. NotationError says what in the
        record is wrong, and where; PositionInPlay when the fair-play gate
        keeps a position it passes through from `asker`."""
        read = read_record(text, pause=let_others_run)
        if read.end is None:
            raise NotationError(Reason.NOT_OVER, ONLY_OVER, read.result_line, 10)
        base = Match.new(new_game_id(), read.options, read.created_at, read.bots)
        unheld = {color: hash_token(new_token()) for color in PLAYERS}
        changes = read.changes(base, unheld, pause=let_others_run)
        asked = [
            (current.round.circle, current.to_move)
            for current in [base.game, *(change.match.game for change in changes)]
            if current.to_move is not None
        ]
        self._pipeline.fair_play.require_open(Surface.RECORD_IMPORT, asked, asker=asker)
        return self._pipeline.start(base, self._clock(), changes=changes, imported=True)

    def join(
        self,
        game_id: str,
        color: Color | None,
        name: str | None,
        idempotency: Idempotency | None = None,
        credential: str | None = None,
    ) -> Seated:
        """Take a seat; with a player's key as `credential`, for that player
        (named as the player is, unless `name` says otherwise). The seat's
        token is random; a retry within the idempotency TTL gets it again,
        opened from the seal its first answer kept with the key."""
        long_enough(idempotency, credential)
        # A bad credential is told once the game is found: a 404 comes first.
        refusal: errors.Unauthenticated | None = None
        player = None
        try:
            player = named_player(self._store, credential)
        except errors.Unauthenticated as error:
            refusal = error
        player_id = player.id if player is not None else None
        bot = player is not None and player.bot
        if player is not None and name is None:
            name = player.name
        token = new_token()
        scope = f"{JOIN}-{player_id}" if player_id else JOIN
        if idempotency is not None and player_id is None:  # unscoped: the key is this join's
            reserved = self._store.reserve(
                UNSCOPED, idempotency.key, f"{idempotency.digest} {game_id}"
            )
            same_request(reserved is None or reserved.split(" ")[0] == idempotency.digest)
        context = f"{game_id}\n{scope}\n{idempotency.key}" if idempotency else ""
        sealed = self._store.seal(token, context) if idempotency else ""
        token_sha256 = hash_token(token)

        def take_seat(match: Match, now: int) -> Progress:
            if refusal is not None:
                raise refusal
            rating = self._ports.seating.brought(player, match)

            def join(unrated: UnratedReason | None = None) -> Progress:
                return match.join(color, name, token_sha256, now, player_id, rating, unrated, bot)

            joined = self._ports.seating.join(match, join, refuse=True)
            assert joined is not None  # a join always makes a version
            return joined

        outcome = self._pipeline.run(
            game_id, take_seat, idempotency=idempotency, reply_scope=scope, sealed=sealed
        )
        if outcome.replayed:
            token = self._first_token(outcome, context)
            token_sha256 = hash_token(token)
        self._unlist_when_full(outcome.match)
        seated = outcome.changes[0].match
        chosen = next(c for c in PLAYERS if seated.seat(c).token_sha256 == token_sha256)
        return Seated(outcome, chosen, token)

    def _first_token(self, outcome: Outcome, context: str) -> str:
        """The token a replayed join's first answer gave, opened from its seal."""
        taken = "the seat this Idempotency-Key took is taken: by its first answer"
        if not outcome.sealed:  # kept by an earlier release, without its token
            raise SeatTaken(taken)
        try:
            return self._store.unseal(outcome.sealed, context)
        except SealBroken as broken:  # another deployment secret sealed it
            raise SeatTaken(taken) from broken

    def _unlist_when_full(self, match: Match) -> None:
        """A public game whose seats are taken out of the lobby (or, should
        that fail, dropped when the lobby is next read)."""
        if match.options.visibility is Visibility.PUBLIC and match.status is not Status.WAITING:
            try:
                self._store.unlist([match.id])
            except errors.StorageUnavailable:
                log.warning("game %s was not taken out of the lobby", match.id)

    def play(
        self,
        game_id: str,
        token: str | None,
        position: int,
        *,
        if_match: frozenset[int] | None = None,
        idempotency: Idempotency | None = None,
    ) -> Outcome:
        counted: list[bool] = []  # a retry after a conflict decides again: counted once

        def sow(match: Match, seat: Color, now: int) -> Progress:
            if not counted:
                self._bot_moves.count(match.seat(seat))
                counted.append(True)
            return match.play(seat, position, now)

        return self._pipeline.run_as_seat(
            game_id, token, sow, if_match=if_match, idempotency=idempotency
        )

    def resign(
        self, game_id: str, token: str | None, idempotency: Idempotency | None = None
    ) -> Outcome:
        return self._pipeline.run_as_seat(game_id, token, Match.resign, idempotency=idempotency)

    def berserk(
        self, game_id: str, token: str | None, idempotency: Idempotency | None = None
    ) -> Outcome:
        """The seat goes berserk before its first move (Match.berserk)."""
        return self._pipeline.run_as_seat(game_id, token, Match.berserk, idempotency=idempotency)

    def abort(
        self, game_id: str, token: str | None, idempotency: Idempotency | None = None
    ) -> Outcome:
        return self._pipeline.run_as_seat(game_id, token, Match.abort, idempotency=idempotency)

    def claim_victory(
        self, game_id: str, token: str | None, idempotency: Idempotency | None = None
    ) -> Outcome:
        """The seat whose opponent abandoned the game wins it (Match.claim_victory)."""

        def claim(match: Match, seat: Color, now: int) -> Progress:
            absent = self._store.presence(game_id)[opponent(seat)]
            # Never connected: gone since ever, and the turn's length decides.
            gone_since = None if absent.connected else (absent.since or 0)
            return match.claim_victory(seat, now, gone_since, self._abandon_ms)

        return self._pipeline.run_as_seat(game_id, token, claim, idempotency=idempotency)

    def rematch(self, game_id: str, credential: str | None) -> Seated | RematchOffered:
        """A seat of a finished game asks for another (Match.request_rematch).
        The first to ask offers; once both have (or at once, against a bot),
        the next game is made, its seats reserved for the old ones, and each
        asker takes its own seat there and gets its token, the same each time
        it asks: the next game starts (and its clock with it) once both have.
        The next game's id and its seats' tokens are random; the tokens are
        kept sealed beside the next game (store.derived: the deployment's
        secret and the seat open them) until each asker asks."""
        next_id = new_game_id()

        def ask(match: Match, seat: Color, now: int) -> Progress | None:
            return match.request_rematch(seat, now, self._rematch_ms, next_id)

        def make_next_game(changes: list[Progress]) -> None:
            """Made before the rematch is recorded, once: a retry finds it made."""
            asked = changes[-1].match
            if asked.rematch_made:
                tokens = self._store.keep_seat_tokens(
                    next_id, {color: new_token() for color in PLAYERS}
                )
                now = self._clock()
                hashes = {color: hash_token(token) for color, token in tokens.items()}
                ratings = self._ratings_now(asked)
                self._pipeline.start(next_match(asked, next_id, now, hashes, ratings), now)

        outcome = self._pipeline.run_as_seat(game_id, credential, ask, before_commit=make_next_game)
        old = outcome.match
        if old.rematch is None or old.rematch.game_id is None or outcome.seat is None:
            return RematchOffered(outcome, old.rematch.offered_by if old.rematch else ())
        new_color = opponent(outcome.seat)
        token = self._reserved_seat_token(old.rematch.game_id, new_color)
        if token is None:  # a rematch an earlier release made: its token was derived
            raise SeatTaken(
                "this rematch's seat token cannot be told again; a player's key works for "
                "a player's seat"
            )
        token_sha256 = hash_token(token)

        def take_seat(match: Match, now: int) -> Progress | None:
            if match.seat(new_color).joined:
                return match.take_reserved(new_color, token_sha256, now)
            return self._ports.seating.join(
                match,
                lambda unrated=None: match.take_reserved(new_color, token_sha256, now, unrated),
                refuse=False,
            )

        return Seated(self._pipeline.run(old.rematch.game_id, take_seat), new_color, token)

    def expire(self, game_id: str) -> Outcome:
        """The game, ended first if its running clock ran out (committed once,
        by whichever process gets there first: the others' outcome has no
        changes), and played on where bots are to move (a game between two
        bots longer than one request's share of bot moves)."""

        def bots_due(match: Match, now: int) -> Progress | None:
            return match.bot_reply(now) if match.bot_to_move() is not None else None

        return self._pipeline.run(game_id, bots_due)

    def _ratings_now(self, match: Match) -> dict[str, Rating]:
        """A rated match's players' ratings now, by player id."""
        if not match.options.rated:
            return {}
        ids = [seat.player_id for color in PLAYERS if (seat := match.seat(color)).player_id]
        players = self._store.load_players(ids)
        return {
            player_id: rating
            for player_id, player in players.items()
            if (rating := self._ports.seating.brought(player, match)) is not None
        }

    def _reserved_seat_token(self, game_id: str, color: Color) -> str | None:
        try:
            return self._store.reserved_seat_token(game_id, color)
        except SealBroken:  # sealed with another secret: as good as none
            log.warning("game %s: a reserved seat's seal another secret made", game_id)
            return None

    def _list_publicly(self, match: Match) -> None:
        """A public game with an open seat into the lobby. The game exists
        already, so failing here must not fail its answer: the game is
        listed again by a retry with the same Idempotency-Key."""
        if match.options.visibility is Visibility.PUBLIC and match.status is Status.WAITING:
            try:
                # Microseconds: games created in the same millisecond keep their order.
                self._store.list_publicly(match.id, time.time_ns() // 1000)
            except errors.StorageUnavailable:
                log.warning("game %s was created but not listed in the lobby", match.id)

    def _created_earlier(self, idempotency: Idempotency, player_id: str | None) -> Outcome | None:
        """A create first answered by an earlier release (the store keeps
        what it kept) replays that answer while its game exists."""
        kept = self._store.earlier_create_reply(idempotency.key, player_id)
        if kept is None:
            return None
        game_id, reply = kept
        try:
            self._store.load(game_id)
        except errors.GameNotFound:
            return None
        same_request(reply.body == idempotency.body)
        return Outcome(reply.match, [], replayed=True)
