"""The card room's floor (issue 32): waiting lists by game and stakes, calls, seating,
must-move games, table changes, and the room's public board."""
