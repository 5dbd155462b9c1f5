"""Jackpot meters: their ledger, side wagers, settlement of hits, reconciliation, the sign."""
