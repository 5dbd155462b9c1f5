"""The reports' tests use the floor recorded at chosen instants (tests/played.py)."""

from tests.played import NEW_YORK, WINNING_ROUND, at

__all__ = ["NEW_YORK", "WINNING_ROUND", "at"]
