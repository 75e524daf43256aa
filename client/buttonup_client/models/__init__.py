"""Contains all the data models used in inputs/outputs"""

from .button_color import ButtonColor
from .create_game import CreateGame
from .create_game_first_player import CreateGameFirstPlayer
from .create_game_visibility import CreateGameVisibility
from .game import Game
from .game_status import GameStatus
from .game_visibility import GameVisibility
from .health import Health
from .join_game import JoinGame
from .joined import Joined
from .move import Move
from .play_move import PlayMove
from .played import Played
from .player import Player
from .player_color import PlayerColor
from .player_type import PlayerType
from .players import Players
from .players_request import PlayersRequest
from .problem import Problem
from .problem_errors import ProblemErrors
from .round_ import Round
from .round_result import RoundResult
from .seat_request import SeatRequest
from .seat_request_type import SeatRequestType
from .tally import Tally

__all__ = (
    "ButtonColor",
    "CreateGame",
    "CreateGameFirstPlayer",
    "CreateGameVisibility",
    "Game",
    "GameStatus",
    "GameVisibility",
    "Health",
    "Joined",
    "JoinGame",
    "Move",
    "Played",
    "Player",
    "PlayerColor",
    "Players",
    "PlayersRequest",
    "PlayerType",
    "PlayMove",
    "Problem",
    "ProblemErrors",
    "Round",
    "RoundResult",
    "SeatRequest",
    "SeatRequestType",
    "Tally",
)
