"""A casino's database as the release before the apps moved kept it (issue 46, point 4):
the demo's three weeks loaded by that release's own code, then upgraded by today's
`migrate`. Moving a model keeps its table and rows, so nothing is re-sealed or re-signed
(the counts of seals and signatures stay), and every chain, signature and anchor still
verifies (`verify_ledgers`).

The release is read from this repository's history (`git archive`), so the test needs a
git checkout, as CI's fresh clone is."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import psycopg
import pytest
from django.conf import settings

from tests.conftest import missing_service
from tests.db_roles import ROLES

# main before the first app moved out of `tables` (casino.house, issue 46).
RELEASE = "abae75f"
ROOT = Path(__file__).resolve().parents[1]

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("upgrade")]


def _owner() -> tuple[str, str]:
    """The owner's name and password (the tests themselves connect as the application
    role, which may not make a database)."""
    db = settings.DATABASES["default"]
    return ROLES.get("owner", (db.get("USER") or "postgres", db.get("PASSWORD") or ""))


def _owner_dsn(dbname: str) -> str:
    db = settings.DATABASES["default"]
    user, password = _owner()
    return psycopg.conninfo.make_conninfo(
        dbname=dbname, user=user, host=db.get("HOST") or None,
        port=db.get("PORT") or None, password=password or None)


def _url(dbname: str) -> str:
    db = settings.DATABASES["default"]
    user, password = _owner()
    password = f":{password}" if password else ""
    return (f"postgres://{user}{password}@{db.get('HOST') or '127.0.0.1'}:"
            f"{db.get('PORT') or 5432}/{dbname}")


@pytest.fixture
def release(tmp_path) -> Path:
    """The release's source, as `git archive` gives it."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        missing_service("this test reads the release from git: not a git checkout")
    archive = tmp_path / "release.tar"
    done = subprocess.run(["git", "-C", str(ROOT), "archive", "-o", str(archive), RELEASE],
                          capture_output=True, text=True, check=False)
    if done.returncode:
        missing_service(f"release {RELEASE} is not in this checkout's history: "
                        f"{done.stderr.strip()}")
    source = tmp_path / "release"
    with tarfile.open(archive) as tar:
        tar.extractall(source, filter="data")
    return source


@pytest.fixture
def database(django_db_setup):
    """An empty database of its own, dropped after the test."""
    name = f"casino_upgrade_{os.getpid()}"
    with psycopg.connect(_owner_dsn("postgres"), autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')
    shutil.rmtree(database_dir(name), ignore_errors=True)
    os.makedirs(database_dir(name))
    yield name
    shutil.rmtree(database_dir(name), ignore_errors=True)
    with psycopg.connect(_owner_dsn("postgres"), autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _manage(source: Path, database: str, *args: str) -> str:
    """A management command of the code at ``source``, on ``database``, as the owner, with
    Celery in-process (no Redis: the demo's tasks run as it loads), the files kept
    outside the database (the anchors' copy) in one place for both releases."""
    env = {**os.environ, "DATABASE_URL": _url(database), "DJANGO_SETTINGS_MODULE":
           "casino.settings", "PYTHONPATH": str(source),
           "CASINO_VAR_DIR": database_dir(database)}
    for name in ("REDIS_URL", "DATABASE_CONNECT_AS_APP"):
        env.pop(name, None)
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=source, env=env,
                          capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, f"manage.py {' '.join(args)}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def database_dir(database: str) -> str:
    """The upgraded casino's own folder of files (made by the ``database`` fixture)."""
    return os.path.join(os.environ.get("TMPDIR", "/tmp"), database)


def _kept(database: str) -> dict[str, int]:
    with psycopg.connect(_owner_dsn(database)) as conn:
        return {table: conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                for table in ("casino_seal", "casino_signature", "casino_ledgeranchor",
                              "tables_casino", "tables_casinostaff", "tables_studround")}


def test_the_demo_as_the_release_kept_it_upgrades_and_every_ledger_verifies(release, database):
    _manage(release, database, "migrate", "--noinput")
    _manage(release, database, "load_demo")
    before = _kept(database)
    assert before["tables_studround"] > 1000
    assert before["casino_signature"] > 1000

    _manage(ROOT, database, "migrate", "--noinput")
    assert _kept(database) == before  # nothing re-sealed, re-signed or re-anchored
    verified = _manage(ROOT, database, "verify_ledgers")
    assert "All ledgers intact" in verified, verified
    # The moved models read the rows the release wrote, under their new app.
    shown = _manage(ROOT, database, "shell", "-v", "0", "-c",
                    "from casino.house.models import Casino, CasinoStaff; "
                    "print(Casino.objects.count(), CasinoStaff.objects.count())")
    assert shown.split() == [str(before["tables_casino"]), str(before["tables_casinostaff"])]
