# Paytables, progressive meters and their ledgers arrive with the stud and
# jackpot features (issues 4 and 5).
