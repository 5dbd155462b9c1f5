"""What the stud pages share with the packages above them: the panels they add to the
dealer's round form (registered from tables.apps; the players name the rated seats)."""

from __future__ import annotations

from casino.common.panels import Panels

# The round form (tables/round_form.html): each panel is given ``table``; the players add
# ``rated_seats`` (seat -> "Pat · Gold").
ROUND_FORM = Panels("the dealer's round form")
