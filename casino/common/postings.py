"""One way to move a chained ledger whose holder row shows its balance: a comp account's
(tables.comps), a casino's bad-beat fund (tables.poker), and the ledgers still to come.

The balance rule: the holder's row moves by the entry's amount, and the entry records
the amount and where the ledger stands after it. The caller holds the holder's row
(``select_for_update``) and decides whether the move is allowed (a fund never pays more
than it holds); the database hashes the entry into its chain and checks the row against
the ledger at commit (casino.common.chains). The progressive meter's ledger
(payouts.jackpots.ledger) keeps the same rule over three balances of one row, with a
fast feed of its own for the floor's hot path."""

from __future__ import annotations

from decimal import Decimal


def post(holder, entry_model, amount: Decimal, *, balance: str = "balance", **columns):
    """``holder``'s ``balance`` moved by ``amount`` and its entry written (an
    ``entry_model`` with ``amount``, ``balance_after`` and the given ``columns``)."""
    setattr(holder, balance, getattr(holder, balance) + amount)
    holder.save(update_fields=[balance])
    return entry_model.objects.create(amount=amount, balance_after=getattr(holder, balance),
                                      **columns)
