"""The signatures' tests play on the players' floor: Pat's closed rating earned comps."""

from tests.players.conftest import host, pat, rated  # noqa: F401 (fixtures, shared)
