"""The service's PostgreSQL backend: Django's, signing what a transaction wrote just
before it commits (casino.common.signing)."""
