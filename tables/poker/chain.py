"""The bad-beat fund's hash-chained ledger (migration tables 0016), as
casino.common.chains walks it."""

from __future__ import annotations

from casino.common.chains import Ledger

# A fund whose balance is not its ledger's last entry (the deferred constraint refuses it
# at commit; this finds it if that was switched off).
FUND_SHOWN = """
SELECT e.id, e.fund_id FROM tables_badbeatentry e JOIN tables_badbeatfund f ON f.id = e.fund_id
 WHERE e.id IN (SELECT max(id) FROM tables_badbeatentry GROUP BY fund_id)
   AND e.balance_after IS DISTINCT FROM f.balance"""

FUND_LEDGER = Ledger(name="bad-beat fund", table="tables_badbeatentry", chain_by=("fund_id",),
                     content_function="tables_badbeatentry_content",
                     amount_column="amount", balance_column="balance_after",
                     checks=((FUND_SHOWN, "balance (the fund shows another)"),),
                     covers=("tables_badbeatentry",))
