from tables.models.casino import Casino
from tables.models.table import Game, Table, TableDealer, TableStatus

__all__ = ["Casino", "Game", "Table", "TableDealer", "TableStatus"]
