"""One way to move a chained ledger whose holder row shows its balance: a comp account's
(tables.comps), a casino's bad-beat fund (tables.poker), a progressive's meter, reserve
and overflow (payouts.jackpots.ledger), and the ledgers still to come.

The balance rule: an entry records its amount and where its ledger stands after it, and
the holder's row shows each of its ledgers' last balance. The caller holds the holder's
row (``select_for_update``) and decides whether the move is allowed (a fund never pays
more than it holds); the database hashes each entry into its chain and checks the row
against the ledger at commit (casino.common.chains). The meter keeps one fast path of
its own for the floor's hot path (``payouts.jackpots.ledger.feed``: one SQL statement
under the same rule)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any


@dataclass(frozen=True)
class Move:
    """One entry of a ledger: its signed ``amount`` (+ in, - out), the holder's field its
    ledger's balance shows in, and the entry's other columns."""

    amount: Decimal
    balance: str = "balance"
    columns: Mapping[str, Any] = field(default_factory=dict)


def post(holder, entry_model, moves: Iterable[Move]) -> list:
    """Each move applied to ``holder``'s balance it moves and written as an
    ``entry_model`` (with ``amount`` and ``balance_after``), in order: the entries in one
    INSERT, then the holder's moved balances in one UPDATE (the row then shows where its
    ledgers end). The caller holds the holder's row lock."""
    entries, moved = [], []
    for move in moves:
        after = getattr(holder, move.balance) + move.amount
        entries.append(entry_model(amount=move.amount, balance_after=after, **move.columns))
        setattr(holder, move.balance, after)
        if move.balance not in moved:
            moved.append(move.balance)
    entries = entry_model.objects.bulk_create(entries)
    if moved:
        holder.save(update_fields=moved)
    return entries


def post_one(holder, entry_model, amount: Decimal, **columns):
    """A ledger of one balance (``holder.balance``) moved by one entry: ``post``'s."""
    [entry] = post(holder, entry_model, [Move(amount, columns=columns)])
    return entry
