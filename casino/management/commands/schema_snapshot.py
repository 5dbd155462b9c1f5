"""The migrated schema kept in one SQL file, so that an empty database (bin/demo's first
start) gets its tables in seconds instead of by every migration in turn (about 75 s on a
laptop: Django re-renders every model related to one a migration changes, and nearly
every model points at the user). A cache of what the migrations make, never in their
place: it names each migration it holds with a digest of its file, is used only while
every one of them is on disk unchanged, and `migrate` runs after it, so a migration newer
than the snapshot runs as usual (docs/decisions.md, "Issue 44, point 22").

    python manage.py schema_snapshot --load    on an empty database, before `migrate`
    python manage.py schema_snapshot --write   on a database just migrated (needs pg_dump)
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader

SNAPSHOT = Path(__file__).resolve().parents[2] / "schema" / "snapshot.sql.gz"
HEADER = "-- migrations: "
# A newer pg_dump writes settings an older server does not know, and psql's own commands
# (``\restrict``), which a server never reads: the schema needs neither.
NOT_FOR_THE_SERVER = ("SET transaction_timeout", "\\")


def digests(loader: MigrationLoader) -> dict[str, str]:
    """Each migration on disk, "app.name", with the SHA-256 of its file."""
    found = {}
    for (app, name), migration in loader.disk_migrations.items():
        source = Path(sys.modules[migration.__module__].__file__).read_bytes()
        found[f"{app}.{name}"] = hashlib.sha256(source).hexdigest()
    return found


def read(path: Path = SNAPSHOT) -> tuple[dict[str, str], str]:
    """The snapshot's migrations (with their digests) and its SQL."""
    with gzip.open(path, "rt", encoding="utf-8") as file:
        first = file.readline()
        if not first.startswith(HEADER):
            raise CommandError(f"{path} is not a schema snapshot (no migrations line).")
        return json.loads(first[len(HEADER):]), file.read()


def stale_reason(held: dict[str, str], on_disk: dict[str, str]) -> str:
    """Why the snapshot may not stand for the migrations on disk; "" when it may."""
    for name, digest in held.items():
        if name not in on_disk:
            return f"its migration {name} is no longer on disk (renamed?)"
        if on_disk[name] != digest:
            return f"its migration {name} has changed since"
    return ""


def load(sql: str) -> None:
    """Run the snapshot's statements on the (empty) database, in one transaction."""
    statements = "\n".join(line for line in sql.splitlines()
                           if not line.startswith(NOT_FOR_THE_SERVER))
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(statements)
    # pg_dump empties the session's search_path: a new connection starts clean.
    connection.close()


class Command(BaseCommand):
    help = "Load the migrated schema on an empty database (--load), or save it (--write)."

    def add_arguments(self, parser):
        action = parser.add_mutually_exclusive_group(required=True)
        action.add_argument("--load", action="store_true",
                            help="On an empty database: the snapshot's tables, if it is "
                                 "up to date with the migrations it holds.")
        action.add_argument("--write", action="store_true",
                            help="Save this freshly migrated database's schema as the snapshot.")

    def handle(self, *args, load: bool, write: bool, **options):
        if write:
            self._write()
        else:
            self._load()

    def _load(self) -> None:
        if connection.introspection.table_names():
            self.stdout.write("  The database has its tables already: migrate brings them "
                              "up to date.")
            return
        if not SNAPSHOT.exists():
            self.stdout.write("  No schema snapshot: the migrations run one by one.")
            return
        held, sql = read()
        why = stale_reason(held, digests(MigrationLoader(None, ignore_no_migrations=True)))
        if why:
            self.stdout.write(f"  The schema snapshot is out of date ({why}): the "
                              "migrations run one by one (about 75 s).")
            return
        began = time.monotonic()
        load(sql)
        self.stdout.write(f"  The tables of {len(held)} migrations made from the schema "
                          f"snapshot in {time.monotonic() - began:.0f} s; migrate runs any "
                          "newer ones.")

    def _write(self) -> None:
        executor = MigrationExecutor(connection)
        if executor.migration_plan(executor.loader.graph.leaf_nodes()):
            raise CommandError("Migrate this database first: the snapshot holds every "
                               "migration on disk.")
        applied = {f"{app}.{name}" for app, name in executor.loader.applied_migrations}
        held = {name: digest for name, digest in digests(executor.loader).items()
                if name in applied}
        SNAPSHOT.parent.mkdir(exist_ok=True)
        with gzip.open(SNAPSHOT, "wt", encoding="utf-8", compresslevel=9) as file:
            file.write(HEADER + json.dumps(held, sort_keys=True) + "\n")
            file.writelines(line for line in self._dump().splitlines(keepends=True)
                            if not line.startswith(NOT_FOR_THE_SERVER))
        self.stdout.write(f"Wrote {SNAPSHOT} ({len(held)} migrations).")

    @staticmethod
    def _dump() -> str:
        """The database as pg_dump writes it: no owners, no grants (migrate's post_migrate
        grants the application role its privileges), rows as INSERTs."""
        pg_dump = os.environ.get("PG_DUMP") or shutil.which("pg_dump")
        if not pg_dump:
            raise CommandError("pg_dump was not found (set PG_DUMP to its path).")
        params = connection.get_connection_params()
        env = {**os.environ, "PGPASSWORD": str(params.get("password") or "")}
        args = [pg_dump, "--no-owner", "--no-privileges", "--inserts",
                "--rows-per-insert=200", "--dbname", params["dbname"]]
        for option, key in (("--host", "host"), ("--port", "port"), ("--username", "user")):
            if params.get(key):
                args += [option, str(params[key])]
        done = subprocess.run(args, env=env, capture_output=True, text=True, check=False)
        if done.returncode:
            raise CommandError(f"pg_dump failed: {done.stderr.strip()}")
        return done.stdout
