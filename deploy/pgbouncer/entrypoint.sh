#!/bin/sh
# The users PgBouncer lets in, from the same secrets the services use; nothing on disk
# outside the container's /tmp.
set -eu
printf '"casino_app" "%s"\n' "$APP_DB_PASSWORD" > /tmp/userlist.txt
exec pgbouncer /etc/pgbouncer/pgbouncer.ini
