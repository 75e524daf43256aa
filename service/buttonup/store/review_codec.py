"""The stored form of a game's exact review (engine.review): each seat's
figures as one short field, in a game's log (store.codec) and a player's
kept reviews (store.reviews).

Tested in tests/games/test_reviews.py, tests/e2e/test_fair_play_review.py.
"""

from buttonup.engine import PLAYERS
from buttonup.engine.review import GameReview, SeatReview


def encode_review(review: GameReview) -> str:
    """Red's seat (encode_seat_review), then `;` and black's."""
    return ";".join(encode_seat_review(review[color]) for color in PLAYERS)


def decode_review(text: str) -> GameReview:
    return GameReview(*map(decode_seat_review, text.split(";")))


def encode_seat_review(seat: SeatReview) -> str:
    """`moves,mattered,perfect,lost,largest` (a game's end, a player's kept reviews)."""
    return ",".join(map(str, seat.figures))


def decode_seat_review(text: str) -> SeatReview:
    return SeatReview(*map(int, text.split(",")))
