"""A production-like stack of its own in a temporary directory, for the drills and load
benchmarks that must not touch the machine's services: a PostgreSQL cluster with the two
roles of docs/deploy.md (deploy/postgres/init-roles.sh), a Redis, gunicorn (DEBUG off) and
a Celery worker, all connected as the application role."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
PG_BIN = Path("/usr/lib/postgresql") / (sorted(os.listdir("/usr/lib/postgresql"))[-1]
                                        if Path("/usr/lib/postgresql").exists() else "") / "bin"


class Stack:
    def __init__(self, work: Path, pg_port: int, redis_port: int, web_port: int,
                 settings: str = "casino.settings", pg_options: str = ""):
        self.work, self.pg_port, self.redis_port, self.web_port = (work, pg_port, redis_port,
                                                                   web_port)
        self.data, self.pg_options = work / "pgdata", pg_options
        self.processes: dict[str, subprocess.Popen] = {}
        self.env = {
            **os.environ, "DEBUG": "0", "SECRET_KEY": "drill-" + uuid.uuid4().hex * 2,
            "LEDGER_ANCHOR_KEYS": "drill:" + uuid.uuid4().hex,
            "FIELD_ENCRYPTION_KEYS": base64.urlsafe_b64encode(os.urandom(32)).decode(),
            "ALLOWED_HOSTS": "127.0.0.1", "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
            "DATABASE_URL": f"postgres://casino_app:app-pw@127.0.0.1:{pg_port}/casino",
            "CASINO_VAR_DIR": str(work / "var"), "CONN_MAX_AGE": "60",
            # Requests come as through the TLS proxy (X-Forwarded-Proto/-For, below).
            "TRUSTED_PROXY_COUNT": "1",
            "DJANGO_SETTINGS_MODULE": settings,
        }
        self.owner_env = {**self.env, "DATABASE_URL":
                          f"postgres://casino_owner:owner-pw@127.0.0.1:{pg_port}/casino"}

    # --- PostgreSQL ------------------------------------------------------------------
    def _as_postgres(self, *command: str) -> list[str]:
        return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else \
            list(command)

    def pg(self, action: str) -> None:
        options = (f"-p {self.pg_port} -k {self.work} -c listen_addresses=127.0.0.1 "
                   f"{self.pg_options}")
        subprocess.run(self._as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-w",
                                         "-m", "fast", "-o", options, "-l",
                                         str(self.work / "pg.log"), action),
                       check=True, capture_output=True)

    def start_postgres(self) -> None:
        self.work.chmod(0o777)
        subprocess.run(self._as_postgres(str(PG_BIN / "initdb"), "-D", str(self.data), "-A",
                                         "md5", "--pwfile", str(self._pwfile()), "-U",
                                         "postgres"), check=True, capture_output=True)
        self.pg("start")
        env = {**os.environ, "PGHOST": "127.0.0.1", "PGPORT": str(self.pg_port),
               "PGPASSWORD": "superuser-pw", "POSTGRES_USER": "postgres",
               "OWNER_DB_PASSWORD": "owner-pw", "APP_DB_PASSWORD": "app-pw"}
        subprocess.run(["sh", str(ROOT / "deploy/postgres/init-roles.sh")], env=env,
                       check=True, capture_output=True)

    def start_replica(self, port: int) -> None:
        """A hot standby of the cluster on ``port``, streaming from it: pg_basebackup -R
        writes the standby's connection to the primary (initdb's pg_hba lets the
        superuser replicate from 127.0.0.1)."""
        self.replica_data, self.replica_port = self.work / "pgreplica", port
        env = {**os.environ, "PGPASSWORD": "superuser-pw"}
        subprocess.run(self._as_postgres("env", f"PGPASSWORD={env['PGPASSWORD']}",
                                         str(PG_BIN / "pg_basebackup"), "-h", "127.0.0.1",
                                         "-p", str(self.pg_port), "-U", "postgres", "-D",
                                         str(self.replica_data), "-R", "-X", "stream",
                                         "-c", "fast"), check=True, capture_output=True)
        self.replica("start")

    def replica(self, action: str) -> None:
        """start, stop or restart the standby (fast: its connections dropped)."""
        options = f"-p {self.replica_port} -k {self.work} -c listen_addresses=127.0.0.1"
        subprocess.run(self._as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(self.replica_data),
                                         "-w", "-m", "fast", "-o", options, "-l",
                                         str(self.work / "pg-replica.log"), action),
                       check=True, capture_output=True)

    def sql(self, statement: str, port: int | None = None) -> str:
        """A statement run by the cluster's superuser (psql), its rows as text."""
        env = {**os.environ, "PGPASSWORD": "superuser-pw"}
        return subprocess.run(["psql", "-h", "127.0.0.1", "-p", str(port or self.pg_port), "-U",
                               "postgres", "-d", "casino", "-At", "-F", " | ", "-c", statement],
                              env=env, check=True, capture_output=True, text=True).stdout

    def _pwfile(self) -> Path:
        path = self.work / "superuser-password"
        path.write_text("superuser-pw\n")
        path.chmod(0o644)
        return path

    # --- Redis, web, worker ---------------------------------------------------------
    def start(self, name: str, *, workers: int = 2, threads: int = 4) -> None:
        """Redis, the web service (gunicorn: ``threads=1`` is its sync worker) or the
        Celery worker."""
        commands = {
            "redis": ["redis-server", "--port", str(self.redis_port), "--bind", "127.0.0.1",
                      "--save", "", "--appendonly", "no"],
            "web": [str(BIN / "gunicorn"), "casino.wsgi:application", "--bind",
                    f"127.0.0.1:{self.web_port}", "--workers", str(workers), "--threads",
                    str(threads), "--timeout", "60"],
            # One pool for every queue here; the cluster drill runs a pool per queue.
            "worker": [str(BIN / "celery"), "-A", "casino", "worker", "--concurrency", "2",
                       "--loglevel", "WARNING", "-Q", "settlement,exports,celery"],
        }
        self.spawn(name, commands[name])

    def start_events(self, port: int, seconds: float = 30) -> None:
        """uvicorn running casino.asgi on ``port``, as the load balancer's events backend
        (the signs' and the boards' streams), answering once this returns."""
        self.spawn("asgi", [str(BIN / "uvicorn"), "casino.asgi:application", "--host",
                            "127.0.0.1", "--port", str(port), "--no-access-log",
                            "--log-level", "warning", "--timeout-graceful-shutdown", "2"])
        wait_until_up(f"http://127.0.0.1:{port}", seconds)

    def spawn(self, name: str, command: list[str], env: dict | None = None) -> None:
        """Any process of the stack, by a name of its own (the cluster drill's two web
        hosts, a worker per queue, beat, HAProxy), its output in ``<name>.log``."""
        out = open(self.work / f"{name}.log", "a")  # noqa: SIM115 (kept for the process)
        self.processes[name] = subprocess.Popen(command, cwd=ROOT, env=env or self.env,
                                                stdout=out, stderr=subprocess.STDOUT)

    def stop(self, name: str, sig=signal.SIGTERM) -> None:
        process = self.processes.pop(name, None)
        if process and process.poll() is None:
            process.send_signal(sig)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()

    def manage(self, *args: str, owner: bool = False, debug: bool = False) -> str:
        env = self.owner_env if owner else self.env
        if debug:
            env = {**env, "DEBUG": "1"}
        done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=600)
        if done.returncode:
            raise SystemExit(f"manage.py {' '.join(args)} failed:\n{done.stderr[-3000:]}")
        return done.stdout

    def shutdown(self) -> None:
        for name in list(self.processes):
            self.stop(name, signal.SIGKILL if name == "worker" else signal.SIGTERM)
        if getattr(self, "replica_data", None) and self.replica_data.exists():
            with contextlib.suppress(subprocess.CalledProcessError):
                self.replica("stop")
        if self.data.exists():
            with contextlib.suppress(subprocess.CalledProcessError):
                self.pg("stop")


def free_port() -> int:
    """A port of 127.0.0.1 nothing listens on now (the drills' and tests' own parts)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def call(url: str, body: dict | None, headers: dict, timeout: float = 30) -> tuple[int, dict]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method="POST" if data else "GET",
                                     headers={"Content-Type": "application/json",
                                              # as the TLS proxy in front says (deploy.md)
                                              "X-Forwarded-Proto": "https",
                                              "X-Forwarded-For": "127.0.0.1", **headers})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, json.loads(answer.read() or b"{}")
    except urllib.error.HTTPError as refused:
        try:
            return refused.code, json.loads(refused.read() or b"{}")
        except ValueError:
            return refused.code, {}
    except (urllib.error.URLError, OSError, TimeoutError) as failed:
        return 0, {"error": str(failed)}


def wait_until_up(base: str, seconds: float = 30) -> None:
    for _ in range(int(seconds * 4)):
        if call(f"{base}/healthz", None, {}, timeout=2)[0] == 200:
            return
        time.sleep(0.25)
    raise SystemExit(f"The web service at {base} did not answer /healthz in {seconds:.0f} s.")
