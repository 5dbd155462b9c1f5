"""The chips at the banked tables: openers and closers, fills and credits on numbered
slips, their signatures and voids, a casino's accounting rules."""
