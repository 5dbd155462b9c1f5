from tables.models.casino import Casino
from tables.models.rounds import StudRound, StudRoundVoid, StudSeat
from tables.models.table import Game, Table, TableDealer, TableStatus

__all__ = ["Casino", "Game", "StudRound", "StudRoundVoid", "StudSeat", "Table", "TableDealer",
           "TableStatus"]
