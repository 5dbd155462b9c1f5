from tables.models.casino import Casino
from tables.models.poker import (
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

__all__ = ["BadBeatEntry", "BadBeatFund", "Casino", "FundEntryKind", "Game",
           "HandMode", "Kill", "KillTrigger", "PokerHand", "PokerHandVoid", "PokerPot",
           "PokerSeat", "ReopenRule", "Structure", "StudRound",
           "StudRoundVoid", "StudSeat", "Table", "TableDealer", "TableStatus", "TimeCollection",
           "TimeCollectionVoid"]
