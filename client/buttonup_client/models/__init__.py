"""Contains all the data models used in inputs/outputs"""

from .abandoned_event import AbandonedEvent
from .abandoned_event_data import AbandonedEventData
from .aborted_event import AbortedEvent
from .aborted_event_data import AbortedEventData
from .accepts import Accepts
from .analysis import Analysis
from .attempt import Attempt
from .attempt_request import AttemptRequest
from .berserk_event import BerserkEvent
from .berserk_event_data import BerserkEventData
from .blocks import Blocks
from .bot_level import BotLevel
from .bot_seat import BotSeat
from .bot_seat_type import BotSeatType
from .button_color import ButtonColor
from .challenge import Challenge
from .challenge_color import ChallengeColor
from .challenge_event import ChallengeEvent
from .challenge_event_data import ChallengeEventData
from .challenge_request import ChallengeRequest
from .challenge_request_color import ChallengeRequestColor
from .challenge_status import ChallengeStatus
from .clock import Clock
from .clock_type import ClockType
from .conditions import Conditions
from .conditions_view import ConditionsView
from .counts import Counts
from .create_game import CreateGame
from .create_game_first_player import CreateGameFirstPlayer
from .create_game_visibility import CreateGameVisibility
from .create_player import CreatePlayer
from .decline_reason import DeclineReason
from .decline_request import DeclineRequest
from .empty_request import EmptyRequest
from .end_reason import EndReason
from .fischer_clock_settings import FischerClockSettings
from .fischer_clock_settings_type import FischerClockSettingsType
from .flag import Flag
from .flag_status import FlagStatus
from .flags import Flags
from .game import Game
from .game_event import GameEvent
from .game_over_event import GameOverEvent
from .game_player import GamePlayer
from .game_review import GameReview
from .game_start_event import GameStartEvent
from .game_start_event_data import GameStartEventData
from .game_started_event import GameStartedEvent
from .game_started_event_data import GameStartedEventData
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
from .leader import Leader
from .leaderboard import Leaderboard
from .list_games_status import ListGamesStatus
from .list_my_games_status import ListMyGamesStatus
from .list_seeks_category import ListSeeksCategory
from .list_tournaments_status import ListTournamentsStatus
from .lobby_page import LobbyPage
from .me import Me
from .move import Move
from .move_event import MoveEvent
from .move_event_data import MoveEventData
from .move_margin import MoveMargin
from .move_review import MoveReview
from .my_challenges import MyChallenges
from .my_game import MyGame
from .my_game_over_event import MyGameOverEvent
from .my_game_over_event_data import MyGameOverEventData
from .my_game_status import MyGameStatus
from .my_games_event import MyGamesEvent
from .my_games_page import MyGamesPage
from .my_player import MyPlayer
from .my_puzzles import MyPuzzles
from .my_rematch_event import MyRematchEvent
from .my_rematch_event_data import MyRematchEventData
from .my_rematch_offered_event import MyRematchOfferedEvent
from .my_rematch_offered_event_data import MyRematchOfferedEventData
from .new_player import NewPlayer
from .notation_reason import NotationReason
from .open_seek import OpenSeek
from .open_seeks import OpenSeeks
from .per_move_clock_settings import PerMoveClockSettings
from .per_move_clock_settings_type import PerMoveClockSettingsType
from .play_move import PlayMove
from .played import Played
from .player import Player
from .player_color import PlayerColor
from .player_type import PlayerType
from .players import Players
from .players_request import PlayersRequest
from .position_analysis import PositionAnalysis
from .position_analysis_request import PositionAnalysisRequest
from .presence import Presence
from .presence_event import PresenceEvent
from .problem import Problem
from .problem_code import ProblemCode
from .problem_errors import ProblemErrors
from .profile import Profile
from .puzzle import Puzzle
from .puzzle_rating import PuzzleRating
from .puzzle_theme import PuzzleTheme
from .rated_game import RatedGame
from .rating import Rating
from .rating_category import RatingCategory
from .rating_history import RatingHistory
from .ratings import Ratings
from .rematch import Rematch
from .rematch_event import RematchEvent
from .rematch_event_data import RematchEventData
from .rematch_offer import RematchOffer
from .rematch_offered_event import RematchOfferedEvent
from .rematch_offered_event_data import RematchOfferedEventData
from .resigned_event import ResignedEvent
from .resigned_event_data import ResignedEventData
from .reviewed import Reviewed
from .round_ import Round
from .round_over_event import RoundOverEvent
from .round_result import RoundResult
from .round_review import RoundReview
from .seat_presence import SeatPresence
from .seat_review import SeatReview
from .seek_placed import SeekPlaced
from .seek_request import SeekRequest
from .seek_request_color import SeekRequestColor
from .solution_move import SolutionMove
from .standing import Standing
from .standing_player import StandingPlayer
from .standings import Standings
from .streak import Streak
from .tally import Tally
from .theme_tally import ThemeTally
from .timeout_event import TimeoutEvent
from .timeout_event_data import TimeoutEventData
from .tournament import Tournament
from .tournament_bye_data import TournamentByeData
from .tournament_bye_data_points import TournamentByeDataPoints
from .tournament_bye_event import TournamentByeEvent
from .tournament_finished_data import TournamentFinishedData
from .tournament_finished_event import TournamentFinishedEvent
from .tournament_game import TournamentGame
from .tournament_games import TournamentGames
from .tournament_list import TournamentList
from .tournament_pairing_data import TournamentPairingData
from .tournament_pairing_event import TournamentPairingEvent
from .tournament_players_data import TournamentPlayersData
from .tournament_players_event import TournamentPlayersEvent
from .tournament_request import TournamentRequest
from .tournament_request_scoring import TournamentRequestScoring
from .tournament_request_system import TournamentRequestSystem
from .tournament_request_visibility import TournamentRequestVisibility
from .tournament_result_data import TournamentResultData
from .tournament_result_data_points import TournamentResultDataPoints
from .tournament_result_event import TournamentResultEvent
from .tournament_round_data import TournamentRoundData
from .tournament_round_over_event import TournamentRoundOverEvent
from .tournament_round_start_event import TournamentRoundStartEvent
from .tournament_scoring import TournamentScoring
from .tournament_snapshot_event import TournamentSnapshotEvent
from .tournament_standings_data import TournamentStandingsData
from .tournament_standings_event import TournamentStandingsEvent
from .tournament_status import TournamentStatus
from .tournament_system import TournamentSystem
from .tournament_visibility import TournamentVisibility
from .tried import Tried
from .unrated_reason import UnratedReason
from .your_turn_event import YourTurnEvent
from .your_turn_event_data import YourTurnEventData

__all__ = (
    "AbandonedEvent",
    "AbandonedEventData",
    "AbortedEvent",
    "AbortedEventData",
    "Accepts",
    "Analysis",
    "Attempt",
    "AttemptRequest",
    "BerserkEvent",
    "BerserkEventData",
    "Blocks",
    "BotLevel",
    "BotSeat",
    "BotSeatType",
    "ButtonColor",
    "Challenge",
    "ChallengeColor",
    "ChallengeEvent",
    "ChallengeEventData",
    "ChallengeRequest",
    "ChallengeRequestColor",
    "ChallengeStatus",
    "Clock",
    "ClockType",
    "Conditions",
    "ConditionsView",
    "Counts",
    "CreateGame",
    "CreateGameFirstPlayer",
    "CreateGameVisibility",
    "CreatePlayer",
    "DeclineReason",
    "DeclineRequest",
    "EmptyRequest",
    "EndReason",
    "FischerClockSettings",
    "FischerClockSettingsType",
    "Flag",
    "Flags",
    "FlagStatus",
    "Game",
    "GameEvent",
    "GameOverEvent",
    "GamePlayer",
    "GameReview",
    "GameStartedEvent",
    "GameStartedEventData",
    "GameStartEvent",
    "GameStartEventData",
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
    "Leader",
    "Leaderboard",
    "ListGamesStatus",
    "ListMyGamesStatus",
    "ListSeeksCategory",
    "ListTournamentsStatus",
    "LobbyPage",
    "Me",
    "Move",
    "MoveEvent",
    "MoveEventData",
    "MoveMargin",
    "MoveReview",
    "MyChallenges",
    "MyGame",
    "MyGameOverEvent",
    "MyGameOverEventData",
    "MyGamesEvent",
    "MyGamesPage",
    "MyGameStatus",
    "MyPlayer",
    "MyPuzzles",
    "MyRematchEvent",
    "MyRematchEventData",
    "MyRematchOfferedEvent",
    "MyRematchOfferedEventData",
    "NewPlayer",
    "NotationReason",
    "OpenSeek",
    "OpenSeeks",
    "PerMoveClockSettings",
    "PerMoveClockSettingsType",
    "Played",
    "Player",
    "PlayerColor",
    "Players",
    "PlayersRequest",
    "PlayerType",
    "PlayMove",
    "PositionAnalysis",
    "PositionAnalysisRequest",
    "Presence",
    "PresenceEvent",
    "Problem",
    "ProblemCode",
    "ProblemErrors",
    "Profile",
    "Puzzle",
    "PuzzleRating",
    "PuzzleTheme",
    "RatedGame",
    "Rating",
    "RatingCategory",
    "RatingHistory",
    "Ratings",
    "Rematch",
    "RematchEvent",
    "RematchEventData",
    "RematchOffer",
    "RematchOfferedEvent",
    "RematchOfferedEventData",
    "ResignedEvent",
    "ResignedEventData",
    "Reviewed",
    "Round",
    "RoundOverEvent",
    "RoundResult",
    "RoundReview",
    "SeatPresence",
    "SeatReview",
    "SeekPlaced",
    "SeekRequest",
    "SeekRequestColor",
    "SolutionMove",
    "Standing",
    "StandingPlayer",
    "Standings",
    "Streak",
    "Tally",
    "ThemeTally",
    "TimeoutEvent",
    "TimeoutEventData",
    "Tournament",
    "TournamentByeData",
    "TournamentByeDataPoints",
    "TournamentByeEvent",
    "TournamentFinishedData",
    "TournamentFinishedEvent",
    "TournamentGame",
    "TournamentGames",
    "TournamentList",
    "TournamentPairingData",
    "TournamentPairingEvent",
    "TournamentPlayersData",
    "TournamentPlayersEvent",
    "TournamentRequest",
    "TournamentRequestScoring",
    "TournamentRequestSystem",
    "TournamentRequestVisibility",
    "TournamentResultData",
    "TournamentResultDataPoints",
    "TournamentResultEvent",
    "TournamentRoundData",
    "TournamentRoundOverEvent",
    "TournamentRoundStartEvent",
    "TournamentScoring",
    "TournamentSnapshotEvent",
    "TournamentStandingsData",
    "TournamentStandingsEvent",
    "TournamentStatus",
    "TournamentSystem",
    "TournamentVisibility",
    "Tried",
    "UnratedReason",
    "YourTurnEvent",
    "YourTurnEventData",
)
