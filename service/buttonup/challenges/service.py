"""Challenges' use cases: each change is load → decide (challenges.model) →
compare-and-set (challenges.store) → retry, and each outcome is told to
the players it concerns on their own streams (the core's inbox: a
`challenge` notice, the invitee's standing until it is answered). An
accepted challenge's game is made through the core's pairing, with its
id reserved as the challenge was made, so that it is made once however
often it is tried; both players hear `game_start`.

A real-time challenge stands while its maker's stream is heard: this
process's streams are marked every MARK_SECONDS (the `StreamListening`
port), and the timer lapses those whose maker went unheard.

Tested in tests/e2e/test_challenges.py.
"""

import logging
import secrets
from collections import Counter
from collections.abc import Callable
from contextlib import suppress
from dataclasses import replace

from buttonup.challenges.errors import (
    ChallengeClosed,
    ChallengeNotFound,
    InvalidChallenge,
    NotYourChallenge,
    StreamRequired,
    TooManyBlocks,
    TooManyChallenges,
)
from buttonup.challenges.model import (
    MAX_PENDING,
    NOT_PENDING,
    Accepts,
    Challenge,
    ChallengeNotice,
    ChallengeRefused,
    ChallengeStatus,
    DeclineReason,
    NewChallenge,
    lasts_ms,
)
from buttonup.challenges.store import ChallengeBoard, Made
from buttonup.kit import (
    DEFAULT_TARGET_SCORE,
    GameStore,
    Held,
    Match,
    PairedPlayer,
    Pairings,
    Pipeline,
    Player,
    Ports,
    Surface,
    category_of,
    errors,
    local_ms,
    new_game_id,
    player_of,
)

log = logging.getLogger(__name__)

NOTICE = ChallengeNotice.CHALLENGE  # the inbox notice's name (MANIFEST's)
CHANGE_ATTEMPTS = 5
LAPSES_PER_PASS = 100
# An accepted challenge whose game is not made this long after has no
# process making it: the sweep does.
UNMADE_AFTER_MS = 5000
LISTED = 50


class Challenges:
    def __init__(
        self,
        store: GameStore,
        board: ChallengeBoard,
        pipeline: Pipeline,
        clock: Callable[[], int],
        ports: Ports,
        notify: Callable[[str, Challenge, bool], None],
    ) -> None:
        self._store = store
        self.board = board
        self._pipeline = pipeline
        self._clock = clock
        self._ports = ports
        self._pairings = Pairings(store, pipeline, clock, ports)
        # Tells a player of a challenge (standing, or not): the core's inbox.
        self._notify = notify
        self._listening: Counter[str] = Counter()  # this process's streams, by player

    # ---- made -------------------------------------------------------------------

    def challenge(self, credential: str | None, new: NewChallenge) -> Challenge:
        """The challenge made, its invitee (or an open one's two named)
        told; one the invitee blocks is declined at once and tells them
        nothing."""
        maker = player_of(self._store, credential or "")
        invited = self._invited(maker, new)
        if new.rated and new.to is not None:
            self._ports.seating.may_sit(maker.id, category_of(new.clock))
        now = self._clock()
        challenge = Challenge(
            id=new_game_id(),
            maker=maker.id,
            to=new.to,
            clock=new.clock,
            rated=new.rated,
            color=new.color,
            target_score=new.target_score or DEFAULT_TARGET_SCORE,
            position=new.position,
            message=new.message,
            created_at=now,
            expires_at=now + lasts_ms(new),
            game_id=new_game_id(),
            named=new.named,
            maker_name=maker.name,
            to_name=invited.name if invited is not None else None,
        )
        if challenge.position is not None:
            self._position_open(challenge, credential)
        refusal = self.board.accepts(new.to).refusal(challenge) if new.to else None
        if refusal is not None:  # outside what the invitee accepts: declined, saying why
            answered = replace(challenge, status=ChallengeStatus.DECLINED, decline_reason=refusal)
            self.board.keep_answered(answered)
            return answered
        declined = replace(
            challenge, status=ChallengeStatus.DECLINED, decline_reason=DeclineReason.GENERIC
        )
        made = self.board.make(challenge, declined, MAX_PENDING, now)
        if made is Made.FULL:
            raise TooManyChallenges(f"a player has at most {MAX_PENDING} pending challenges")
        if made is Made.NOT_LISTENING:
            raise StreamRequired(
                "a real-time challenge stands while its maker's stream is open: "
                "open GET /v1/players/me/events first"
            )
        if made is Made.BLOCKED:
            return declined  # silently: the invitee hears nothing
        for player_id in challenge.told():
            self._notify(player_id, challenge, True)
        return challenge

    def _invited(self, maker: Player, new: NewChallenge) -> Player | None:
        """The invitee (PlayerNotFound when there is none such); an open
        challenge's named players checked likewise."""
        asked = [new.to] if new.to is not None else list(new.named)
        if maker.id in asked and new.to is not None:
            raise InvalidChallenge("a player does not challenge themselves", "to")
        found = self._store.load_players(asked) if asked else {}
        for player_id in asked:
            if found.get(player_id) is None:
                raise errors.PlayerNotFound(f"no player {player_id}")
        return found[new.to] if new.to is not None else None

    def _position_open(self, challenge: Challenge, credential: str | None) -> None:
        """PositionInPlay unless the fair-play gate lets the asker start a
        game from the challenge's position (in any of its symmetric forms)."""
        start = Match.new(challenge.game_id, challenge.options(), self._clock()).game.round
        asked = [(start.circle, start.to_move)] if start.to_move is not None else []
        self._pipeline.fair_play.require_open(Surface.GAME_FROM_POSITION, asked, asker=credential)

    # ---- read -------------------------------------------------------------------

    def get(self, credential: str | None, challenge_id: str) -> Challenge:
        """The challenge, to its maker, its invitee and an open one's takers;
        an open one to anyone with its link."""
        challenge = self._load(challenge_id)[0]
        if challenge.is_open:
            return challenge
        player = player_of(self._store, credential or "")
        if player.id not in (challenge.maker, challenge.to):
            raise ChallengeNotFound(f"no challenge {challenge_id} of this player's")
        return challenge

    def mine(self, credential: str | None) -> tuple[list[Challenge], list[Challenge]]:
        """The player's pending challenges, received and made, oldest first."""
        player = player_of(self._store, credential or "")
        received, made = self.board.pending_of(player.id, LISTED)
        now = self._clock()
        loaded = {c.id: c for c in self.board.load_many([*received, *made])}
        return (
            [loaded[i] for i in received if i in loaded and not loaded[i].lapsed(now)],
            [loaded[i] for i in made if i in loaded and not loaded[i].lapsed(now)],
        )

    def _load(self, challenge_id: str) -> tuple[Challenge, bytes]:
        found = self.board.load(challenge_id)
        if found is None:
            raise ChallengeNotFound(f"no challenge {challenge_id}")
        return found

    # ---- answered ---------------------------------------------------------------

    def accept(self, credential: str | None, challenge_id: str) -> Challenge:
        """Taken by the player: its game made once both seats are known,
        both players hearing `game_start`. A rated one is refused to a
        player, or for a maker, who may not take on another rated game
        (rated_game_in_progress)."""
        player = player_of(self._store, credential or "")

        def accepted(challenge: Challenge) -> Challenge:
            after = challenge.accepted_by(player.id)
            if after.rated:  # the taker, and once both are known the other too
                done = after.status is ChallengeStatus.ACCEPTED
                for player_id in after.players if done else [player.id]:
                    self._ports.seating.may_sit(player_id, after.category)
            if after.position is not None:
                self._position_open(after, credential)
            return after

        after = self._change(challenge_id, accepted, lapse=True)
        if after.status is ChallengeStatus.ACCEPTED:
            self._make_game(after)
        return after

    def decline(
        self, credential: str | None, challenge_id: str, reason: DeclineReason
    ) -> Challenge:
        player = player_of(self._store, credential or "")
        return self._change(challenge_id, lambda c: c.declined_by(player.id, reason), lapse=True)

    def cancel(self, credential: str | None, challenge_id: str) -> Challenge:
        player = player_of(self._store, credential or "")
        return self._change(challenge_id, lambda c: c.canceled_by(player.id), lapse=False)

    def _change(
        self, challenge_id: str, decide: Callable[[Challenge], Challenge], *, lapse: bool
    ) -> Challenge:
        """load → decide → compare-and-set → retry; the outcome told. A
        challenge past its time (or a real-time one whose maker is not
        heard) lapses first when `lapse`: ChallengeClosed."""
        for _ in range(CHANGE_ATTEMPTS):
            challenge, read = self._load(challenge_id)
            now = self._clock()
            if lapse and challenge.pending and self._lapsed(challenge, now):
                self._settle(challenge, read, challenge.expired(), now)
                raise ChallengeClosed("the challenge lapsed")
            try:
                after = decide(challenge)
            except ChallengeRefused as refused:
                if refused.kind == NOT_PENDING:
                    raise ChallengeClosed(refused.detail) from None
                raise NotYourChallenge(refused.detail) from None
            if after == challenge:
                return challenge
            if self._settle(challenge, read, after, now):
                return after
        raise errors.ConcurrentUpdate(f"challenge {challenge_id} kept changing")

    def _lapsed(self, challenge: Challenge, now: int) -> bool:
        if challenge.lapsed(now):
            return True
        return challenge.live and not self.board.heard(challenge.maker, now)

    def _settle(self, before: Challenge, read: bytes, after: Challenge, now: int) -> bool:
        """`after` stored if nothing changed since `read`, and told."""
        if not self.board.change(read, after, now):
            return False
        if after.pending:  # an open one's first taker: nothing to tell yet
            return True
        for player_id in {before.maker, *before.told(), *after.takers}:
            self._notify(player_id, after, False)
        return True

    # ---- the game ---------------------------------------------------------------

    def _make_game(self, challenge: Challenge) -> None:
        """The accepted challenge's game made (once), both players told."""
        seats = challenge.seats(secrets.randbits(1) == 1)
        players = self._store.load_players(list(seats.values()))
        paired = {}
        for color, player_id in seats.items():
            player = players.get(player_id)
            if player is None:  # expired since: nobody to seat
                log.warning("challenge %s: player %s is gone, no game", challenge.id, player_id)
                self.board.made(challenge.id)
                return
            rating = self._ports.seating.current(player, challenge.category)
            paired[color] = PairedPlayer(player_id, player.name, rating, player.bot)
        try:
            self._pairings.start(challenge.game_id, challenge.options(), paired)
        except errors.GameError as error:  # accepted all the same: the sweep makes it
            log.warning("challenge %s: game left to the sweep: %s", challenge.id, error)
            return
        self.board.made(challenge.id)

    # ---- each pass, and the sweep -----------------------------------------------

    def mark_streams(self) -> None:
        """Every MARK_SECONDS: the players whose stream this process holds
        are heard (nothing is sent when it holds none)."""
        if self._listening:
            self.board.mark(list(self._listening), local_ms())

    def lapse(self) -> int:
        """The challenges past their time, and the real-time ones whose
        maker's stream went unheard, lapsed (each told)."""
        now = self._clock()
        ids = [*self.board.due(now, LAPSES_PER_PASS), *self.board.unheard(now, LAPSES_PER_PASS)]
        for challenge_id in dict.fromkeys(ids):
            try:
                self._change(challenge_id, lambda c: c.expired(), lapse=False)
            except (ChallengeClosed, ChallengeNotFound):
                continue  # answered meanwhile, or gone
        return len(ids)

    def make_unmade(self) -> None:
        """The games of challenges accepted by a process that died first."""
        for challenge_id in self.board.unmade(self._clock() - UNMADE_AFTER_MS, LAPSES_PER_PASS):
            found = self.board.load(challenge_id)
            if found is None:
                self.board.made(challenge_id)
                continue
            self._make_game(found[0])

    # ---- this process's streams (games.ports.StreamListening) ---------------------

    def listening(self, player_id: str, wake: Callable[[], None]) -> Held:
        return Held(self._stream_opened, self._stream_closed, player_id, wake)

    def _stream_opened(self, player_id: str, wake: Callable[[], None]) -> None:
        self._listening[player_id] += 1
        try:
            self.board.mark([player_id], local_ms())
        except BaseException:
            self._stream_closed(player_id, wake)
            raise

    def _stream_closed(self, player_id: str, wake: Callable[[], None]) -> None:
        self._listening[player_id] -= 1
        if self._listening[player_id] <= 0:
            del self._listening[player_id]
            with suppress(errors.StorageUnavailable):  # its mark runs out by itself
                self.board.closed(player_id, local_ms())

    def keeps_alive(self, player_id: str) -> bool:
        return False

    # ---- what a player accepts -------------------------------------------------------

    def accepts(self, credential: str | None) -> Accepts:
        return self.board.accepts(player_of(self._store, credential or "").id)

    def accept_only(self, credential: str | None, accepts: Accepts) -> Accepts:
        """What the player accepts from now on; a challenge outside it is
        declined as it is made."""
        player = player_of(self._store, credential or "")
        self.board.keep_accepts(player.id, accepts)
        return accepts

    # ---- blocks -------------------------------------------------------------------

    def block(self, credential: str | None, player_id: str) -> None:
        player = player_of(self._store, credential or "")
        if player_id == player.id:
            raise InvalidChallenge("a player does not block themselves", "player_id")
        if not self.board.block(player.id, player_id):
            raise TooManyBlocks("a player blocks at most 1000 players")

    def unblock(self, credential: str | None, player_id: str) -> None:
        player = player_of(self._store, credential or "")
        self.board.unblock(player.id, player_id)

    def blocks(self, credential: str | None) -> list[str]:
        player = player_of(self._store, credential or "")
        return self.board.blocked_by(player.id)
