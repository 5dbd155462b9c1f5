"""The accountant's reads and pages, built from the stored records and ledgers."""
