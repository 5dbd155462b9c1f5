"""The settings only read DATABASE_URL; the embedded PostgreSQL of the demo and the tests is
started by bin/demo and bin/test (casino/embedded.py), and stops when they end."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import psutil
import psycopg

from casino import config, embedded

ROOT = Path(__file__).resolve().parent.parent


def _postgres_serving(data: Path) -> list[psutil.Process]:
    found = []
    for process in psutil.process_iter(["name", "cmdline"]):
        if process.info["name"] == "postgres" and str(data) in " ".join(
                process.info["cmdline"] or []):
            found.append(process)
    return found


def _environment_without_a_database(var_dir: Path) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items()
           if name not in {"DATABASE_URL", "REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    env.update(CASINO_VAR_DIR=str(var_dir), DJANGO_SETTINGS_MODULE="casino.settings")
    return env


def test_without_database_url_the_settings_stop_naming_it_and_start_no_server(tmp_path):
    for command in (["-c", "import django; django.setup()"], ["manage.py", "check"]):
        done = subprocess.run([sys.executable, *command], cwd=ROOT, capture_output=True,
                              text=True, timeout=120, check=False,
                              env=_environment_without_a_database(tmp_path))

        assert done.returncode != 0
        assert "DATABASE_URL is unset" in done.stderr
        assert "python -m casino.embedded start" in done.stderr
        assert not (tmp_path / "pgdata").exists()
        assert _postgres_serving(tmp_path) == []


def test_the_embedded_server_serves_the_url_it_prints_and_stops_after_its_holder(tmp_path):
    holder = subprocess.Popen(["sleep", "600"])
    try:
        done = subprocess.run(
            [sys.executable, "-m", "casino.embedded", "start", "--holder", str(holder.pid)],
            cwd=ROOT, capture_output=True, text=True, timeout=300, check=True,
            env=_environment_without_a_database(tmp_path))
        database = config.database_from_url(done.stdout.strip())
        with psycopg.connect(host=database["HOST"], port=database["PORT"],
                             user=database["USER"], dbname=database["NAME"]) as conn:
            assert conn.execute("SELECT current_database()").fetchone() == ("casino",)
            assert conn.execute("SELECT 1 FROM pg_roles WHERE rolname = 'casino_app'"
                                ).fetchone() == (1,)
        assert embedded.running_server(tmp_path / "pgdata") is not None
    finally:
        holder.kill()
        holder.wait()

    deadline = time.monotonic() + 60
    while embedded.running_server(tmp_path / "pgdata") and time.monotonic() < deadline:
        time.sleep(0.5)
    assert embedded.running_server(tmp_path / "pgdata") is None
    assert _postgres_serving(tmp_path) == []
