#!/bin/sh
# The streaming replica (docs/scaling.md): on a new volume, a base backup of the primary
# (pg_basebackup -R writes the standby's connection to it), then PostgreSQL as a hot
# standby. The reporting side reads it (DATABASE_REPLICA_URL).
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready -h db -p 5432 -q; do sleep 1; done
  PGPASSWORD="$REPLICATION_PASSWORD" pg_basebackup -h db -U replicator -D "$PGDATA" \
    -R -X stream -c fast
  chmod 0700 "$PGDATA"
fi
exec postgres -c hot_standby=on
