"""What the terms' pages share with the packages above them, without being a view: the
panels they add to the question put before a paytable is published (the game math adds
the house edge it will have, beside the version it replaces), registered from
payouts.apps."""

from __future__ import annotations

from casino.common.panels import Panels

# The publish question of a paytable (views._publish): each panel is given ``terms`` (the
# draft) and ``proposed`` (the terms the form publishes it with); it adds ``edge_lines``.
PUBLISHING = Panels("a paytable's publish question")
