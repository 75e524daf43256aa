"""Contains all the data models used in inputs/outputs"""

from .analysis import Analysis
from .bot_level import BotLevel
from .bot_seat import BotSeat
from .bot_seat_type import BotSeatType
from .button_color import ButtonColor
from .create_game import CreateGame
from .create_game_first_player import CreateGameFirstPlayer
from .create_game_visibility import CreateGameVisibility
from .game import Game
from .game_event import GameEvent
from .game_over_event import GameOverEvent
from .game_status import GameStatus
from .game_summary import GameSummary
from .game_visibility import GameVisibility
from .health import Health
from .human_seat import HumanSeat
from .human_seat_type import HumanSeatType
from .join_game import JoinGame
from .joined import Joined
from .joined_event import JoinedEvent
from .joined_event_data import JoinedEventData
from .list_games_status import ListGamesStatus
from .lobby_page import LobbyPage
from .move import Move
from .move_event import MoveEvent
from .move_event_data import MoveEventData
from .move_margin import MoveMargin
from .move_review import MoveReview
from .play_move import PlayMove
from .played import Played
from .player import Player
from .player_color import PlayerColor
from .player_type import PlayerType
from .players import Players
from .players_request import PlayersRequest
from .problem import Problem
from .problem_code import ProblemCode
from .problem_errors import ProblemErrors
from .resigned_event import ResignedEvent
from .resigned_event_data import ResignedEventData
from .round_ import Round
from .round_over_event import RoundOverEvent
from .round_result import RoundResult
from .round_review import RoundReview
from .tally import Tally

__all__ = (
    "Analysis",
    "BotLevel",
    "BotSeat",
    "BotSeatType",
    "ButtonColor",
    "CreateGame",
    "CreateGameFirstPlayer",
    "CreateGameVisibility",
    "Game",
    "GameEvent",
    "GameOverEvent",
    "GameStatus",
    "GameSummary",
    "GameVisibility",
    "Health",
    "HumanSeat",
    "HumanSeatType",
    "Joined",
    "JoinedEvent",
    "JoinedEventData",
    "JoinGame",
    "ListGamesStatus",
    "LobbyPage",
    "Move",
    "MoveEvent",
    "MoveEventData",
    "MoveMargin",
    "MoveReview",
    "Played",
    "Player",
    "PlayerColor",
    "Players",
    "PlayersRequest",
    "PlayerType",
    "PlayMove",
    "Problem",
    "ProblemCode",
    "ProblemErrors",
    "ResignedEvent",
    "ResignedEventData",
    "Round",
    "RoundOverEvent",
    "RoundResult",
    "RoundReview",
    "Tally",
)
