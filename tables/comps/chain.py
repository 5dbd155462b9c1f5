"""The comp ledger's hash chain (migration tables 0034), as casino.common.chains walks it:
one chain per comp account."""

from __future__ import annotations

from casino.common.chains import Ledger

# An account whose balance is not its ledger's last entry (the deferred constraint refuses
# it at commit; this finds it if that was switched off).
ACCOUNT_SHOWN = """
SELECT e.id, e.account_id FROM tables_compentry e
  JOIN tables_compaccount a ON a.id = e.account_id
 WHERE e.id IN (SELECT max(id) FROM tables_compentry GROUP BY account_id)
   AND e.balance_after IS DISTINCT FROM a.balance"""

COMP_LEDGER = Ledger(name="comps", table="tables_compentry", chain_by=("account_id",),
                     content_function="tables_compentry_content",
                     amount_column="amount", balance_column="balance_after",
                     checks=((ACCOUNT_SHOWN, "balance (the account shows another)"),),
                     words="comp ledger", covers=("tables_compentry",))
