"""A bench's own database on the PostgreSQL server of DATABASE_URL (else
postgres@127.0.0.1:5432): made afresh, or kept with ``--reuse``, and Django set up on it
as the test client needs it."""

from __future__ import annotations

import os

import psycopg

SERVER = os.environ.get("DATABASE_URL", "").rsplit("/", 1)[0] or "postgres://postgres@127.0.0.1"


def use_database(name: str) -> None:
    os.environ["DATABASE_URL"] = f"{SERVER}/{name}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
    import django
    django.setup()
    from django.test.utils import setup_test_environment
    setup_test_environment()   # 'testserver' allowed, DEBUG off (no query log)


def fresh_database(name: str, *, reuse: bool) -> None:
    """Dropped and created again (unless ``reuse`` finds it), then migrated."""
    with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as conn:
        if not (reuse and conn.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                                       [name]).fetchone()):
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            conn.execute(f"CREATE DATABASE {name}")
    use_database(name)
    from django.core.management import call_command
    call_command("migrate", verbosity=0)
