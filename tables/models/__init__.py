from tables.models.casino import Casino
from tables.models.poker import (
    BadBeatEntry,
    BadBeatFund,
    CapScope,
    FundEntryKind,
    HandMode,
    Method,
    PokerHand,
    PokerHandVoid,
    PokerPot,
    PokerSeat,
    RakeSchedule,
    TimeCollection,
    TimeCollectionVoid,
)
from tables.models.rounds import StudRound, StudRoundVoid, StudSeat
from tables.models.table import (
    Game,
    Kill,
    KillTrigger,
    ReopenRule,
    Structure,
    Table,
    TableDealer,
    TableStatus,
)

__all__ = ["BadBeatEntry", "BadBeatFund", "CapScope", "Casino", "FundEntryKind", "Game",
           "HandMode", "Kill", "KillTrigger", "Method", "PokerHand", "PokerHandVoid", "PokerPot",
           "PokerSeat", "RakeSchedule", "ReopenRule", "Structure", "StudRound",
           "StudRoundVoid", "StudSeat", "Table", "TableDealer", "TableStatus", "TimeCollection",
           "TimeCollectionVoid"]
