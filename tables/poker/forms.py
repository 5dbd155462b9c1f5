"""The dealer's one-line entry of a hand ("85", "12 nf", "440 w3", "100 6p"), read into
the body the API takes."""

from __future__ import annotations

import re

from tables.rules.money import MoneyError, parse_plain_decimal

QUICK_HELP = ("Type the pot, e.g. 85. Add nf if no flop was dealt, w3 for the winning "
              "seat (w1 w2 when two shared it), 6p for the players dealt in: 85 w3 6p")
KILL_HELP = ("Type the pot and the seat that won it, e.g. 85 w3, or the seats that shared "
             "it: 85 w1 w2, or 85 split. Add nf if no flop was dealt, 6p for the players "
             "dealt in: 85 w3 6p")
FLOPLESS_HELP = ("Type the pot, e.g. 85. Add w3 for the winning seat (w1 w2 when two "
                 "shared it), 6p for the players dealt in: 85 w3 6p")
FLOPLESS_KILL_HELP = ("Type the pot and the seat that won it, e.g. 85 w3, or the seats that "
                      "shared it: 85 w1 w2, or 85 split. Add 6p for the players dealt in: "
                      "85 w3 6p")

MOST_WINNERS = 10  # one seat a share: a table seats at most ten
QUICK_TOKEN = re.compile(r"^(?:(?P<nf>nf|noflop|no-flop)|(?P<f>f|flop)|w(?P<w>\d+)|"
                         r"(?P<p>\d+)p|(?P<split>split))$", re.IGNORECASE)


def quick_help(*, kill: bool, board: bool) -> str:
    """The hint that matches the table: a kill game needs the winner (or split); a game
    without a board has no flop to mention."""
    if board:
        return KILL_HELP if kill else QUICK_HELP
    return FLOPLESS_KILL_HELP if kill else FLOPLESS_HELP


def parse_quick_line(line: str) -> dict:
    """'85 nf w3 6p' -> {"pot": "85", "flop_dealt": False, "winner": 3, "players_dealt": 6};
    '85 split' and '120 w1 w2' (the high to seat 1, the low to seat 2) -> {"pot": ...,
    "flop_dealt": True, "split": True}: no one seat won the pot.

    A flop is assumed dealt unless the line says nf: that is the usual hand, and the
    dealer types one word for the unusual one.
    """
    words = line.replace(",", " ").split()
    if not words:
        raise ValueError("Type the pot first, e.g. 85.")
    try:
        parse_plain_decimal(words[0])
    except MoneyError:
        raise ValueError(f"'{words[0]}' is not a pot: start with the amount, e.g. 85.") from None
    body: dict = {"pot": words[0], "flop_dealt": True}
    said: set[str] = set()
    winners: list[int] = []
    for word in words[1:]:
        match = QUICK_TOKEN.match(word)
        if not match:
            raise ValueError(f"'{word}' is not understood: the pot comes first, then w3 (the "
                             "winning seat) or split, nf (no flop), 6p (players dealt in).")
        kind = {"nf": "flop", "f": "flop", "split": "w"}.get(match.lastgroup, match.lastgroup)
        # Several winning seats (w1 w2: high and low, or a chopped pot) are one split.
        if kind in said and not (match["w"] and winners and len(winners) < MOST_WINNERS):
            raise ValueError(f"'{word}' says again what the line already said: give the "
                             "winner (or split), the players and the flop once each.")
        said.add(kind)
        if match["nf"]:
            body["flop_dealt"] = False
        elif match["w"]:
            winners.append(int(match["w"]))
        elif match["split"]:
            body["split"] = True
        elif match["p"]:
            body["players_dealt"] = int(match["p"])
    if len(set(winners)) == 1:
        body["winner"] = winners[0]
    elif winners:
        body["split"] = True
    return body
