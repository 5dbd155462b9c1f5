"""A casino group's deployment in miniature, on this machine, with real processes
(docs/scaling.md, "The shape"), for the cluster drill (scripts/cluster.py):

    HAProxy ─┬─ gunicorn "host" 1 ─┐                 ┌─ PostgreSQL primary ── streaming ──> replica
             ├─ gunicorn "host" 2 ─┼─ PgBouncer ─────┘      (the replica: reports, direct)
             └─ uvicorn (signs' events)
    nginx (deploy/nginx/casino-scale.conf, when installed) in front of the streams and HAProxy
    Redis master + replica, three Sentinels: the cache, the broker, the signs' channel
    Celery: a worker on "settlement", a worker on "exports", beat

Everything in one temporary directory, on free ports of 127.0.0.1; the service connects
as the application role, through PgBouncer (DATABASE_PGBOUNCER=1), with the replica
(DATABASE_REPLICA_URL) and Sentinel (REDIS_SENTINELS)."""

from __future__ import annotations

import contextlib
import shutil
import signal
import time
from pathlib import Path

from bench import nginx
from bench.stack import BIN, Stack, call, free_port
from bench.stack_pgbouncer import PgBouncer
from bench.stack_redis import SentinelRedis

HAPROXY = shutil.which("haproxy") or "/usr/sbin/haproxy"
WEB_HOSTS = ("web1", "web2")
POOLS = {"worker-settlement": "settlement", "worker-exports": "exports,celery"}




def missing_parts() -> list[str]:
    wanted = {"pgbouncer": PgBouncer.available(), "haproxy": Path(HAPROXY).exists(),
              "redis-sentinel": bool(shutil.which("redis-sentinel")),
              "uvicorn": (BIN / "uvicorn").exists()}
    return [name for name, there in wanted.items() if not there]


class Cluster:
    def __init__(self, work: Path):
        self.work = work
        self.stack = Stack(work, pg_port=free_port(), redis_port=0, web_port=0)
        self.ports = {name: free_port() for name in (*WEB_HOSTS, "events", "front",
                                                     "bouncer", "replica")}
        self.redis = SentinelRedis(work / "redis")
        self.bouncer: PgBouncer | None = None
        self.proxy: nginx.Nginx | None = None

    @property
    def streams_port(self) -> int:
        """Where the signs open their streams: the deployment's own nginx site when nginx
        is installed (its events location, issue 44 point 20), else HAProxy."""
        return self.proxy.ports["https"] if self.proxy else self.ports["front"]

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.ports['front']}"

    # --- Bringing it up ----------------------------------------------------------------
    def start_databases(self) -> None:
        self.stack.start_postgres()
        self.stack.start_replica(self.ports["replica"])
        bouncer_dir = self.work / "pgbouncer"
        bouncer_dir.mkdir()
        bouncer_dir.chmod(0o755)
        self.bouncer = PgBouncer(bouncer_dir, port=self.ports["bouncer"],
                                 server_port=self.stack.pg_port, pool_size=8,
                                 users={"postgres": "superuser-pw", "casino_app": "app-pw",
                                        "casino_owner": "owner-pw"})
        self.bouncer.start()

    def configure_service(self) -> None:
        """The service's environment: the primary through PgBouncer, the replica direct,
        Redis through the Sentinels."""
        self.redis.start()
        for env in (self.stack.env, self.stack.owner_env):
            env.pop("REDIS_URL", None)
            env.update(self.redis.environ())
        # The owner migrates on a direct connection; the service goes through PgBouncer.
        self.stack.env.update(
            # The pages from their folders (no collectstatic in a drill), and cookies the
            # accountants' plain-HTTP client sends back (TLS ends at a proxy in front).
            STATIC_FROM_SOURCE="1", SECURE_COOKIES="0",
            DATABASE_PGBOUNCER="1", REPLICA_MAX_LAG_SECONDS="10", REPLICA_CHECK_SECONDS="1",
            DATABASE_URL=f"postgres://casino_app:app-pw@127.0.0.1:{self.ports['bouncer']}"
                         "/casino",
            DATABASE_REPLICA_URL=f"postgres://casino_app:app-pw@127.0.0.1:"
                                 f"{self.ports['replica']}/casino")

    def start_service(self) -> None:
        for host in WEB_HOSTS:
            self.start_web(host)
        self.stack.spawn("events", [str(BIN / "uvicorn"), "casino.asgi:application",
                                    "--host", "127.0.0.1", "--port",
                                    str(self.ports["events"]), "--no-access-log",
                                    "--log-level", "warning", "--timeout-graceful-shutdown",
                                    "5"])
        for pool in POOLS:
            self.start_pool(pool)
        self.stack.spawn("beat", [str(BIN / "celery"), "-A", "casino", "beat", "--loglevel",
                                  "WARNING", "--schedule", str(self.work / "beat-schedule")])
        self.start_proxies()
        deadline = time.monotonic() + 60
        while call(f"{self.base}/healthz", None, {}, timeout=2)[0] != 200:
            if time.monotonic() > deadline:
                raise SystemExit(f"The cluster did not answer /healthz at {self.base}.")
            time.sleep(0.5)

    def start_web(self, host: str) -> None:
        self.stack.spawn(host, [str(BIN / "gunicorn"), "casino.wsgi:application", "--bind",
                                f"127.0.0.1:{self.ports[host]}", "--workers", "2",
                                "--threads", "4", "--timeout", "60"])

    def start_pool(self, pool: str) -> None:
        self.stack.spawn(pool, [str(BIN / "celery"), "-A", "casino", "worker", "-Q",
                                POOLS[pool], "-n", f"{pool}@%h", "--concurrency", "2",
                                "--loglevel", "WARNING"])

    def start_proxies(self) -> None:
        """HAProxy in front of the web hosts and uvicorn; and, when nginx is installed,
        the scale shape's own site as deployed in front of it all: its events location
        to uvicorn, the rest to HAProxy (the load balancer before the web hosts)."""
        self._haproxy()
        if nginx.available():
            # Without its limit per address: the drill's 200 signs share 127.0.0.1.
            self.proxy = nginx.Nginx(self.work / "nginx", "scale", {
                "casino_web": self.ports["front"], "casino_events": self.ports["events"]},
                limited=False)
            self.proxy.start()

    def _haproxy(self) -> None:
        """Two web hosts checked every second (out after two failures), a dead one's
        requests sent to the other; the signs' event streams to uvicorn, kept open."""
        servers = "\n".join(
            f"    server {host} 127.0.0.1:{self.ports[host]} check inter 1s fall 2 rise 2"
            for host in WEB_HOSTS)
        config = self.work / "haproxy.cfg"
        config.write_text(f"""global
    maxconn 4000
defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    # /healthz asks the database and the broker: seconds under a full floor's load, and a
    # host that is gone refuses the connection at once anyway.
    timeout check 5s
    retries 2
    option redispatch
frontend front
    bind 127.0.0.1:{self.ports['front']}
    # What the TLS proxy writes in production (deploy/nginx), for every backend: the
    # client's address as seen here and "https", never a client's own claims.
    http-request set-header X-Forwarded-For %[src]
    http-request set-header X-Forwarded-Proto https
    http-request del-header X-Real-IP
    http-request del-header Forwarded
    http-request del-header X-Forwarded-Host
    http-request del-header X-Forwarded-Port
    acl events path_end /events
    use_backend events if events
    default_backend web
backend web
    balance roundrobin
    option httpchk GET /healthz
{servers}
backend events
    server events 127.0.0.1:{self.ports['events']} check inter 1s
""")
        self.stack.spawn("haproxy", [HAPROXY, "-f", str(config), "-db"])

    # --- Faults --------------------------------------------------------------------------
    def kill(self, name: str) -> None:
        self.stack.stop(name, signal.SIGKILL)

    def replica(self, action: str) -> None:
        self.stack.replica(action)

    def restart_pgbouncer(self) -> None:
        self.bouncer.restart()

    def replication_lag(self) -> float | None:
        """The primary's view of its standby: seconds its replay is behind, or None."""
        out = self.stack.sql("SELECT COALESCE(EXTRACT(EPOCH FROM replay_lag), 0) "
                             "FROM pg_stat_replication").strip()
        return float(out) if out else None

    def shutdown(self) -> None:
        for name in list(self.stack.processes):
            self.stack.stop(name, signal.SIGKILL if name.startswith("worker")
                            else signal.SIGTERM)
        if self.proxy:
            self.proxy.stop()
        if self.bouncer:
            self.bouncer.stop()
        with contextlib.suppress(Exception):
            self.redis.stop()
        self.stack.shutdown()
