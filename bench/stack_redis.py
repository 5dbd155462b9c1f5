"""A Redis watched by Sentinel, of its own, in a temporary directory: a master, a replica
and three Sentinels on free ports of 127.0.0.1, for the tests and drills that fail the
master over (tests/test_redis_sentinel.py). Nothing is saved to disk (`--save ""
--appendonly no`); stopping it leaves nothing running.

    with SentinelRedis(tmp_path) as redis_stack:
        os.environ.update(redis_stack.environ())   # REDIS_SENTINELS, REDIS_SENTINEL_MASTER
        new_master = redis_stack.fail_over()        # a planned switch-over, nothing lost
        redis_stack.kill_master()                   # or a crash: the Sentinels agree it is down
"""

from __future__ import annotations

import contextlib
import shutil
import signal
import subprocess
import time
from pathlib import Path

import redis

from bench.stack import free_port

Address = tuple[str, int]
HOST = "127.0.0.1"
# Short, so a crashed master is failed over in seconds, not the default 30 s; longer than
# a switch-over's pause of writes, which holds up the Sentinels' PINGs (fail_over).
DOWN_AFTER_MS, FAILOVER_TIMEOUT_MS = 3000, 5000




def binaries_missing() -> list[str]:
    return [name for name in ("redis-server", "redis-sentinel") if not shutil.which(name)]


class SentinelRedis:
    def __init__(self, work: Path, *, master_name: str = "casino", password: str = ""):
        self.work, self.master_name, self.password = Path(work), master_name, password
        self.work.mkdir(parents=True, exist_ok=True)
        self.servers: dict[int, subprocess.Popen] = {}    # by port: the master, the replica
        self.sentinel_processes: dict[int, subprocess.Popen] = {}
        self._logs: list = []

    # --- Starting and stopping ------------------------------------------------------
    def start(self, timeout: float = 30) -> SentinelRedis:
        master, replica = free_port(), free_port()
        self._start_server(master)
        self._start_server(replica, "--replicaof", HOST, str(master))
        self._until(lambda: self._role(replica) == "slave" and self._link_up(replica),
                    timeout, "the replica to copy the master")
        for _ in range(3):
            self._start_sentinel(free_port(), master)
        self._until(self._settled, timeout,
                    "the Sentinels to see the master, its replica and one another")
        return self

    def stop(self) -> None:
        for process in [*self.sentinel_processes.values(), *self.servers.values()]:
            if process.poll() is None:
                process.terminate()
        for process in [*self.sentinel_processes.values(), *self.servers.values()]:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.servers.clear()
        self.sentinel_processes.clear()
        for log in self._logs:
            log.close()
        self._logs.clear()

    def __enter__(self) -> SentinelRedis:
        try:
            return self.start()
        except BaseException:
            self.stop()  # what did start is not left running
            raise

    def __exit__(self, *exc) -> None:
        self.stop()

    # --- What a client is told -------------------------------------------------------
    @property
    def sentinels(self) -> list[Address]:
        return [(HOST, port) for port in self.sentinel_processes]

    def environ(self, db: int = 0) -> dict[str, str]:
        """The variables that point the service at this Redis (docs/configuration.md)."""
        env = {"REDIS_SENTINELS": ",".join(f"{host}:{port}" for host, port in self.sentinels),
               "REDIS_SENTINEL_MASTER": self.master_name, "REDIS_SENTINEL_DB": str(db)}
        if self.password:
            env["REDIS_PASSWORD"] = self.password
        return env

    def master(self) -> Address:
        """The master as the first Sentinel that answers names it."""
        for port in self.sentinel_processes:
            try:
                return self._named_by(port)
            except redis.RedisError:
                continue
        raise RuntimeError("no Sentinel answers")

    def server(self, address: Address, db: int = 0) -> redis.Redis:
        """A plain client on one server (not through Sentinel), to look at it directly."""
        return redis.Redis(*address, db=db, password=self.password or None, socket_timeout=2)

    def wait_replicated(self, timeout: float = 5) -> None:
        """Until the replica has every write the master took (WAIT): replication is
        asynchronous, so a crash loses what the replica had not yet received."""
        with self.server(self.master()) as master:
            if master.execute_command("WAIT", 1, int(timeout * 1000)) < 1:
                raise TimeoutError(f"the replica did not catch up in {timeout:.0f} s")

    # --- Failing over ------------------------------------------------------------------
    def fail_over(self, timeout: float = 30) -> Address:
        """A planned switch-over, done so that no write is lost: SENTINEL FAILOVER alone
        promotes the replica but leaves the old master taking writes for ten seconds or so
        (until the Sentinels turn it into a replica), and what clients still connected to
        it write there is then thrown away. So, as docs/decisions.md ("Redis through
        Sentinel") tells the operator:

        1. pause writes on the master (CLIENT PAUSE WRITE: they wait, reads go on) and let
           the replica catch up;
        2. SENTINEL FAILOVER, and wait until every Sentinel names the replica;
        3. make the old master the new one's replica at once (REPLICAOF), close its
           clients' connections (CLIENT KILL, as Sentinel does when it converts a master)
           and unpause: a client finds its connection closed when it next takes it from
           its pool, asks the Sentinels again and writes to the new master; a write that
           was waiting in the pause fails as a lost connection, which the caller sees
           (it was never written anywhere).

        Returns the new master."""
        old = self.master()
        with self.server(old) as master:
            # Not for long: a Sentinel's PINGs wait behind its paused hello (a PUBLISH),
            # and past DOWN_AFTER_MS it takes the master for down and fails it over itself.
            master.execute_command("CLIENT", "PAUSE", int(timeout * 1000), "WRITE")
            try:
                self._until(lambda: self._caught_up(master), timeout,
                            "the replica to have every write")
                try:
                    self._sentinel(self.sentinels[0][1]).execute_command(
                        "SENTINEL", "FAILOVER", self.master_name)
                except redis.ResponseError as refused:
                    if not str(refused).startswith("INPROG"):
                        raise  # INPROG: the Sentinels are already at it, wait for them
                new = self.wait_for_new_master(old, timeout)
                master.execute_command("REPLICAOF", *new)
                for kind in ("normal", "pubsub"):  # SKIPME: this connection stays
                    master.execute_command("CLIENT", "KILL", "TYPE", kind)
            finally:
                master.execute_command("CLIENT", "UNPAUSE")
        # Settled: every Sentinel sees the old master as the new one's replica, so the
        # stack can be failed over again (before that, Sentinel refuses: NOGOODSLAVE).
        self._until(self._settled, timeout, f"the Sentinels to see {old} as a replica")
        return new

    def kill_master(self, timeout: float = 30) -> Address:
        """A crash: the master's process is killed (SIGKILL) and the Sentinels, after
        DOWN_AFTER_MS without an answer, agree that it is down and promote the replica."""
        old = self.master()
        process = self.servers.pop(old[1])
        process.send_signal(signal.SIGKILL)
        process.wait()
        return self.wait_for_new_master(old, timeout)

    def wait_for_new_master(self, old: Address, timeout: float = 30) -> Address:
        """Until every Sentinel names one master other than ``old`` and it says it is one."""
        found: list[Address] = []

        def agreed() -> bool:
            named = {self._named_by(port) for port in self.sentinel_processes}
            if len(named) != 1 or old in named:
                return False
            found[:] = list(named)
            return self._role(found[0][1]) == "master"

        self._until(agreed, timeout, f"the Sentinels to name a master other than {old}")
        return found[0]

    # --- The processes -----------------------------------------------------------------
    def _start_server(self, port: int, *options: str) -> None:
        auth = ["--requirepass", self.password, "--masterauth", self.password] \
            if self.password else []
        # A replica's full copy at once, not after 5 s spent waiting for more replicas.
        self.servers[port] = self._spawn(
            f"redis-{port}", ["redis-server", "--port", str(port), "--bind", HOST,
                              "--save", "", "--appendonly", "no", "--dir", str(self.work),
                              "--repl-diskless-sync-delay", "0", *auth, *options])
        self._until(lambda: self._answers(self.server((HOST, port))), 10,
                    f"redis-server on port {port} to answer")

    def _start_sentinel(self, port: int, master: int) -> None:
        name = self.master_name
        lines = [f"port {port}", f"bind {HOST}", f"dir {self.work}",
                 f"sentinel monitor {name} {HOST} {master} 2",
                 f"sentinel down-after-milliseconds {name} {DOWN_AFTER_MS}",
                 f"sentinel failover-timeout {name} {FAILOVER_TIMEOUT_MS}",
                 f"sentinel parallel-syncs {name} 1"]
        if self.password:
            lines.append(f"sentinel auth-pass {name} {self.password}")
        # Sentinel rewrites its file as the master changes: one of its own, writable.
        conf = self.work / f"sentinel-{port}.conf"
        conf.write_text("\n".join(lines) + "\n")
        self.sentinel_processes[port] = self._spawn(f"sentinel-{port}",
                                                    ["redis-sentinel", str(conf)])
        self._until(lambda: self._answers(self._sentinel(port)), 10,
                    f"redis-sentinel on port {port} to answer")
        # Sentinel looks at a replica every 10 s and announces itself every 2 s; a stack
        # made to be failed over again and again is told to look more often (Redis 7's
        # SENTINEL DEBUG; an older Sentinel refuses it and the waits are longer).
        with self._sentinel(port) as sentinel, contextlib.suppress(redis.ResponseError):
            sentinel.execute_command("SENTINEL", "DEBUG", "INFO-PERIOD", 500,
                                     "PUBLISH-PERIOD", 500)

    def _spawn(self, name: str, command: list[str]) -> subprocess.Popen:
        log = open(self.work / f"{name}.log", "ab")  # noqa: SIM115 (closed by stop)
        self._logs.append(log)
        return subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL)

    # --- Looking at them ---------------------------------------------------------------
    def _sentinel(self, port: int) -> redis.Redis:
        return redis.Redis(HOST, port, socket_timeout=2, decode_responses=True)

    def _named_by(self, port: int) -> Address:
        with self._sentinel(port) as sentinel:
            host, master = sentinel.execute_command(
                "SENTINEL", "GET-MASTER-ADDR-BY-NAME", self.master_name)
        return host, int(master)

    def _settled(self) -> bool:
        """Every Sentinel sees the others, no failover under way and a replica it could
        promote."""
        for port in self.sentinel_processes:
            with self._sentinel(port) as sentinel:
                if (sentinel.sentinel_master(self.master_name)["flags"] != "master"
                        or len(sentinel.sentinel_sentinels(self.master_name)) < 2):
                    return False
                if not any(replica["flags"] == "slave" and replica["role-reported"] == "slave"
                           and replica["master-link-status"] == "ok"
                           for replica in sentinel.sentinel_slaves(self.master_name)):
                    return False
        return True

    def _role(self, port: int) -> str | None:
        try:
            with self.server((HOST, port)) as server:
                return server.info("replication")["role"]
        except redis.RedisError:
            return None

    def _caught_up(self, master: redis.Redis) -> bool:
        """The replicas have processed all the master wrote, as each says itself (what the
        master shows is their last acknowledgement, up to a second old)."""
        info = master.info("replication")
        replicas = [value for key, value in info.items() if key.startswith("slave")
                    and isinstance(value, dict)]
        for replica in replicas:
            with self.server((replica["ip"], int(replica["port"]))) as server:
                if server.info("replication")["slave_repl_offset"] != \
                        info["master_repl_offset"]:
                    return False
        return bool(replicas)

    def _link_up(self, port: int) -> bool:
        with self.server((HOST, port)) as server:
            return server.info("replication").get("master_link_status") == "up"

    @staticmethod
    def _answers(client: redis.Redis) -> bool:
        with client:
            return bool(client.ping())

    def _until(self, condition, timeout: float, what: str) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                if condition():
                    return
            except (redis.RedisError, OSError):
                pass  # still starting, or the part that is failing over
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited {timeout:.0f} s for {what}; logs in {self.work}")
            time.sleep(0.1)
