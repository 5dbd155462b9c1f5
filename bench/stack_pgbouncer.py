"""PgBouncer in transaction pooling, for the tests and the cluster drill: Debian's
pgbouncer (1.18) in a directory of its own, in front of a PostgreSQL at host:port, any
database name passed through, a small pool so that transactions really do share server
connections. Stopped and started again at will (the drill restarts it under load)."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

PGBOUNCER = shutil.which("pgbouncer") or "/usr/sbin/pgbouncer"


class PgBouncer:
    def __init__(self, work: Path, *, port: int, server_port: int, users: dict[str, str],
                 pool_size: int = 4, server_host: str = "127.0.0.1", auth: str = "plain"):
        self.work, self.port = work, port
        work.mkdir(parents=True, exist_ok=True)
        self.ini = work / "pgbouncer.ini"
        # PgBouncer checks a client's password against this list ("plain"; "trust" where
        # the server itself trusts 127.0.0.1), then logs in to the server with it.
        (work / "userlist.txt").write_text(
            "".join(f'"{user}" "{password}"\n' for user, password in users.items()))
        self.ini.write_text(f"""[databases]
* = host={server_host} port={server_port}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = {port}
unix_socket_dir =
auth_type = {auth}
auth_file = {work / "userlist.txt"}
pool_mode = transaction
default_pool_size = {pool_size}
max_client_conn = 500
admin_users = {next(iter(users))}
; Django sends none but psycopg's defaults; a DBA's tools may send these.
ignore_startup_parameters = extra_float_digits,options
server_reset_query =
server_check_delay = 1
logfile = {work / "pgbouncer.log"}
pidfile = {work / "pgbouncer.pid"}
""")
        self.process: subprocess.Popen | None = None

    @staticmethod
    def available() -> bool:
        return Path(PGBOUNCER).exists()

    def start(self) -> None:
        args = [PGBOUNCER, str(self.ini)]
        if os.geteuid() == 0:  # it refuses to run as root
            os.chown(self.work, *self._postgres_ids())
            for path in self.work.iterdir():
                os.chown(path, *self._postgres_ids())
            args = ["runuser", "-u", "postgres", "--", *args]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(
                    ("127.0.0.1", self.port), timeout=0.5):
                return
            time.sleep(0.05)
        raise RuntimeError(f"PgBouncer did not listen on {self.port}: "
                           f"{(self.work / 'pgbouncer.log').read_text()[-2000:]}")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def stats(self, database: str) -> dict[str, int]:
        """SHOW STATS for one database: its transactions and statements so far."""
        admin = next(iter(_users(self.work)))
        out = subprocess.run(
            ["psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", admin, "-d", "pgbouncer",
             "-At", "-F", "|", "-c", "SHOW STATS"],
            env={**os.environ, "PGPASSWORD": _users(self.work)[admin]},
            capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            cells = line.split("|")
            if cells[0] == database:
                return {"transactions": int(cells[1]), "statements": int(cells[2])}
        return {"transactions": 0, "statements": 0}

    @staticmethod
    def _postgres_ids() -> tuple[int, int]:
        import pwd

        entry = pwd.getpwnam("postgres")
        return entry.pw_uid, entry.pw_gid


def _users(work: Path) -> dict[str, str]:
    return dict(tuple(part.strip('"') for part in line.split(" ", 1))
                for line in (work / "userlist.txt").read_text().splitlines() if line)
