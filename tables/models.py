"""Django finds an app's models here: each subdomain keeps its own."""

from tables.floor.models import (
    Casino,
    Game,
    Kill,
    KillTrigger,
    ReopenRule,
    Structure,
    Table,
    TableDealer,
    TableStatus,
)
from tables.poker.models import (
    BadBeatEntry,
    BadBeatFund,
    FundEntryKind,
    HandMode,
    PokerHand,
    PokerHandVoid,
    PokerPot,
    PokerSeat,
    TimeCollection,
    TimeCollectionVoid,
)
from tables.reports.models import (
    ClosedDay,
    ExportJob,
    MeterFigure,
    RakeFigure,
    StudFigure,
)
from tables.stud.models import StudRound, StudRoundVoid, StudSeat

__all__ = [
    "BadBeatEntry",
    "BadBeatFund",
    "Casino",
    "ClosedDay", "ExportJob",
    "FundEntryKind",
    "Game",
    "HandMode",
    "Kill",
    "KillTrigger",
    "MeterFigure",
    "PokerHand",
    "PokerHandVoid",
    "PokerPot",
    "PokerSeat",
    "RakeFigure",
    "ReopenRule",
    "Structure",
    "StudFigure",
    "StudRound",
    "StudRoundVoid",
    "StudSeat",
    "Table",
    "TableDealer",
    "TableStatus",
    "TimeCollection",
    "TimeCollectionVoid",
]
