"""Django finds an app's models here: each subdomain keeps its own."""

from tables.floor.chain_ends import SealChainEnd

__all__ = [
    "SealChainEnd",
]
