"""The house: each casino (its currency, time zone and gaming day), who is on its staff,
and the staff's log-ins, roles and permissions as the audit trail sees them. The bottom
of the apps: every other app's records may point to a casino; this app points to none of
theirs."""
