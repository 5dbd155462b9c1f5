#!/bin/sh
# Run once by the postgres image when its data volume is new (docker-entrypoint-initdb.d):
# the two roles of docs/deploy.md. casino_owner owns the database and runs migrate;
# casino_app is what the web, worker and beat services connect as, and holds only the
# privileges migrate grants it (casino.common.db_roles).
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
     -v owner_password="$OWNER_DB_PASSWORD" -v app_password="$APP_DB_PASSWORD" <<'SQL'
CREATE ROLE casino_owner LOGIN PASSWORD :'owner_password';
CREATE ROLE casino_app LOGIN PASSWORD :'app_password';
-- The service asks for jit=off at connection; through PgBouncer (which passes no startup
-- options) the role's own setting does it (casino/settings.py, DATABASE_PGBOUNCER).
ALTER ROLE casino_app SET jit = off;
CREATE DATABASE casino OWNER casino_owner;
REVOKE ALL ON DATABASE casino FROM PUBLIC;
GRANT CONNECT ON DATABASE casino TO casino_app;
\connect casino
ALTER SCHEMA public OWNER TO casino_owner;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
SQL
# The streaming replica's login (docker-compose.scale.yml), only where it is given a
# password: it may replicate, and nothing else.
if [ -n "${REPLICATION_PASSWORD:-}" ]; then
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
       -v replication_password="$REPLICATION_PASSWORD" <<'SQL'
CREATE ROLE replicator LOGIN REPLICATION PASSWORD :'replication_password';
SQL
  echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
fi
