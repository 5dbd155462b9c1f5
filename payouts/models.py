"""The payouts app keeps no models of its own: the terms, the jackpots and the game math
are apps (docs/decisions/0001-an-app-per-domain.md); this one keeps the migrations that
made their tables, and what they share (governance, caching)."""
