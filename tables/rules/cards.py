"""Playing cards: parsing, formatting and duplicate checks.

A card is an int: ``rank * 4 + suit`` with rank 0 (deuce) .. 12 (ace) and suit
0..3 for spades, hearts, diamonds, clubs. The joker is ``JOKER`` (52). Ints keep
hand evaluation fast; ``card_str`` and ``parse_card`` convert at the edges.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

RANKS = "23456789TJQKA"
SUITS = "shdc"
JOKER = 52
DECK = tuple(range(52))

RANK_NAMES = ("deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king", "ace")
RANK_PLURALS = ("deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
                "tens", "jacks", "queens", "kings", "aces")

_SUIT_ALIASES = {"s": 0, "h": 1, "d": 2, "c": 3,
                 "♠": 0, "♥": 1, "♦": 2, "♣": 3, "♤": 0, "♡": 1, "♢": 2, "♧": 3}
_RANK_ALIASES = {r: i for i, r in enumerate(RANKS)} | {"10": 8, "1": 12}
_RANK_ALIASES.pop("1")  # "1s" is a typo, not an ace: refuse it rather than guess
_JOKER_NAMES = {"xx", "jk", "joker", "🃏"}


class CardError(ValueError):
    """A card that cannot be read, or that may not be in this hand."""

    def __init__(self, message: str, card: str | int | None = None):
        super().__init__(message)
        self.card = card


def rank_of(card: int) -> int:
    return card >> 2


def suit_of(card: int) -> int:
    return card & 3


def make_card(rank: int, suit: int) -> int:
    return rank * 4 + suit


def parse_card(text: str, *, jokers: bool = False) -> int:
    """'As', 'td', '10H', 'A♠' -> card int. The joker ('Xx', 'Jk') only if ``jokers``."""
    if not isinstance(text, str):
        raise CardError(f"{text!r} is not a card: cards are written like 'As' or '10h'.", text)
    token = text.strip()
    lowered = token.lower()
    if lowered in _JOKER_NAMES:
        if not jokers:
            raise CardError(f"'{token}' is a joker, and this game is played without one.", token)
        return JOKER
    rank_text, suit_text = lowered[:-1], lowered[-1:]
    rank = _RANK_ALIASES.get(rank_text.upper())
    suit = _SUIT_ALIASES.get(suit_text)
    if rank is None or suit is None:
        raise CardError(
            f"'{token}' is not a card{_where_it_breaks(token)}: write a rank (2-9, T or 10, "
            "J, Q, K, A) and a suit (s, h, d, c), e.g. 'As' or '10h'.",
            token,
        )
    return make_card(rank, suit)


def _where_it_breaks(token: str) -> str:
    """For cards typed together, where reading them stopped: ' (after Qh Qs 9d 5c comes
    '3x')', so the dealer knows which card to look at; '' for a single bad card."""
    read = []
    rest = token
    while (card := _ONE_CARD.match(rest)) and card.end() < len(rest):
        read.append(card.group())
        rest = rest[card.end():]
    return f" (after {' '.join(read)} comes '{rest}')" if read else ""


_RUN_OF_CARDS = re.compile(r"(?:(?:10|[2-9tjqka])[shdc♠♥♦♣♤♡♢♧])+", re.IGNORECASE)
_ONE_CARD = re.compile(r"(?:10|[2-9tjqka])[shdc♠♥♦♣♤♡♢♧]", re.IGNORECASE)


def split_cards(text: str) -> list[str]:
    """A hand as typed, each card its own string: 'As Kd 7c', 'as,kd,7c' and 'AsKd7c'
    all give ['As', 'Kd', '7c'] (case kept). A run that is not wholly cards stays one
    string, so that reading it names it rather than guessing where it breaks."""
    cards = []
    for token in text.replace(",", " ").split():
        if len(token) > 3 and _RUN_OF_CARDS.fullmatch(token):
            cards += _ONE_CARD.findall(token)
        else:
            cards.append(token)
    return cards


def parse_cards(cards: str | Iterable[str], *, jokers: bool = False) -> list[int]:
    """A hand typed as 'As Kd 7c' (spaces, commas or neither) or given as a list of
    strings."""
    tokens = split_cards(cards) if isinstance(cards, str) else list(cards)
    return [parse_card(token, jokers=jokers) for token in tokens]


def card_str(card: int) -> str:
    """The two-character form: 'As', 'Td'; 'Xx' for the joker."""
    if card == JOKER:
        return "Xx"
    if not 0 <= card < 52:
        raise CardError(f"{card!r} is not a card number (0-51, or 52 for the joker).", card)
    return RANKS[card >> 2] + SUITS[card & 3]


def cards_str(cards: Iterable[int]) -> str:
    return " ".join(card_str(c) for c in cards)


def duplicates(cards: Iterable[int]) -> list[int]:
    """Cards that appear more than once (jokers excepted only if a deck has several)."""
    return [card for card, n in Counter(cards).items() if n > 1]

