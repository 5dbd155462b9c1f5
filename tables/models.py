"""Django finds an app's models here: each subdomain keeps its own."""

from tables.floor.chain_ends import SealChainEnd
from tables.floor.models import (
    Game,
    Kill,
    KillTrigger,
    RecordSeal,
    ReopenRule,
    Structure,
    Table,
    TableDealer,
    TableStatus,
)

__all__ = [
    "Game",
    "Kill",
    "KillTrigger",
    "RecordSeal",
    "ReopenRule",
    "SealChainEnd",
    "Structure",
    "Table",
    "TableDealer",
    "TableStatus",
]
