"""Caribbean Stud / Casino Stud rounds: recorded, settled, shown to the dealer, voided."""
