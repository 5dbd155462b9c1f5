"""The cluster drill (docs/scaling.md): the group's deployment in miniature, with real
processes on this machine (bench/cluster.py: a PostgreSQL primary and its streaming
replica, PgBouncer, two gunicorn hosts behind HAProxy, uvicorn for the signs' streams, a
Redis master and replica watched by three Sentinels, a Celery worker per queue and beat),
a floor's load on it, and the faults it must ride out.

    python scripts/cluster.py [--seconds 120] [--dealers 24] [--signs 200] [--out FILE]

Load: dealers recording 7-seat jackpot rounds on one shared meter and quick poker hands
(each with an Idempotency-Key, retried with the same key until answered), two accountants
pulling the stud report (JSON, from the replica while it is fit) and asking for XLSX
files, and floor signs listening to the meter's event stream. Faults, in turn: a web
host killed (and started again), the Redis master failed over, the replica stopped (and
started again), PgBouncer restarted, the settlement worker killed mid-settlement (and
started again). Afterwards: every answered round and hand stored once and nothing
unanswered stored, every hit paid once, the meter equal to its ledger, every chain
verified, every file written, the reports read from the replica while it was up, and
every sign showing the meter's last amount. Exit status 0 only if every check holds.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.cluster import Cluster, missing_parts  # noqa: E402 (the root is on the path first)
from bench.stack import call  # noqa: E402
from scripts.cluster_clients import Accountants, Signs, first_event, quick_hand  # noqa: E402
from scripts.faults import CHECKS, ROYAL, Dealers, log, phases, said, verdict  # noqa: E402

FLOOR = """
import json
from payouts.jackpots.models import Progressive
from tables.floor.models import Table
meter = Progressive.objects.get(name="Harbor Lights Jackpot")
print(json.dumps({"meter": meter.pk,
    "stud": list(Table.objects.filter(progressive=meter).values_list("pk", flat=True)),
    "poker": Table.objects.get(label="OM-1").pk,
    "room": Table.objects.get(label="OM-1").casino_id}))
"""
HANDS = """
import json
from django.db.models import Count
from tables.poker.models import PokerHand
keys = json.load(open({keys!r}))
stored = dict(PokerHand.objects.filter(idempotency_key__in=list(keys))
              .values_list("idempotency_key", "id"))
print(json.dumps({{"answered": len(keys), "stored": PokerHand.objects.count(),
    "same_as_answered": sum(stored.get(k) == v for k, v in keys.items()),
    "twice": PokerHand.objects.values("idempotency_key").annotate(n=Count("id"))
        .filter(n__gt=1).count()}}))
"""


def bring_up(cluster: Cluster) -> dict:
    log("starting PostgreSQL, its replica and PgBouncer")
    cluster.start_databases()
    cluster.configure_service()
    log(f"Redis master {cluster.redis.master()} with a replica and three Sentinels")
    cluster.stack.manage("migrate", "--noinput", owner=True)
    cluster.stack.manage("load_demo", "--history-days", "0", "--debug-off-ok")
    floor = json.loads(cluster.stack.manage("shell", "-c", FLOOR).strip().splitlines()[-1])
    cluster.start_service()
    for user, password in (("dealer", "deal-cards-demo"), ("accountant", "count-chips-demo")):
        for _ in range(60):  # HAProxy takes each host in after two good checks
            status, answer = call(f"{cluster.base}/api/v1/auth/token/",
                                  {"username": user, "password": password}, {})
            if status != 503:
                break
            time.sleep(0.5)
        assert status == 200, (user, status, answer)
        floor[user] = answer["token"]
    log(f"two web hosts, uvicorn, two worker pools and beat behind HAProxy at {cluster.base}"
        + (f"; nginx in front at {cluster.proxy.base}" if cluster.proxy else ""))
    # A card room's public board and a sign, each opened as a screen opens it, through the
    # proxy the streams go through (issue 44, point 20: nginx sent them with a Host the
    # service refused).
    floor["streams_opened"] = [first_event(cluster.streams_port, path) for path in (
        f"/cardroom/{floor['room']}/board/events", f"/sign/{floor['meter']}/events")]
    log(f"streams through {'nginx' if cluster.proxy else 'HAProxy'}: "
        + "; ".join(f"{s['path']} {s['status']}" for s in floor["streams_opened"]))
    return floor


def timed(action) -> float:
    began = time.monotonic()
    action()
    return round(time.monotonic() - began, 2)


def drill(cluster: Cluster, seconds: float, dealers: int, signs_count: int) -> dict:
    floor = bring_up(cluster)
    stud_threads = dealers - dealers // 4
    stud = Dealers(cluster.base, floor["dealer"], [floor["stud"][n % len(floor["stud"])]
                                                   for n in range(stud_threads)], seconds)
    poker = Dealers(cluster.base, floor["dealer"], [floor["poker"]] * (dealers - stud_threads),
                    seconds, what="poker-hands", body=quick_hand)
    signs = Signs(cluster.streams_port, floor["meter"], signs_count)
    signs.start()
    started = stud.started = time.monotonic()
    accountants = Accountants(cluster.base, floor["accountant"],
                              ("accountant", "count-chips-demo"), seconds, started)
    threads = [*stud.run(), *poker.run(), *accountants.run()]
    log(f"{stud_threads} stud dealers on {len(floor['stud'])} jackpot tables, "
        f"{dealers - stud_threads} poker dealers, 2 accountants, {signs_count} signs, "
        f"for {seconds:.0f} s")
    timeline, lags, took = [], [], {}

    def at(share: float, what: str, action) -> None:
        while time.monotonic() < started + share * seconds:
            lag = cluster.replication_lag()
            if lag is not None:
                lags.append(lag)
            time.sleep(min(1.0, max(0.0, started + share * seconds - time.monotonic())))
        took[what] = timed(action)
        timeline.append((round(time.monotonic() - started, 1), what, len(stud.acknowledged)))
        log(f"t={timeline[-1][0]:>5} s  {what} ({took[what]} s; {timeline[-1][2]} rounds "
            "answered so far)")

    at(0.10, "web host 1 killed (SIGKILL)", lambda: cluster.kill("web1"))
    at(0.20, "web host 1 started again", lambda: cluster.start_web("web1"))
    at(0.30, "Redis master failed over (SENTINEL FAILOVER)", cluster.redis.fail_over)
    at(0.45, "replica stopped", lambda: cluster.replica("stop"))
    at(0.55, "replica started again", lambda: cluster.replica("start"))
    at(0.65, "PgBouncer restarted", cluster.restart_pgbouncer)
    at(0.75, "settlement worker killed (SIGKILL) mid-settlement",
       lambda: cluster.kill("worker-settlement"))
    at(0.80, "settlement worker started again",
       lambda: cluster.start_pool("worker-settlement"))
    for thread in threads:
        thread.join()
    log(f"load stopped: {len(stud.acknowledged)} rounds, {len(poker.acknowledged)} hands")
    return settle_and_check(cluster, floor, stud, poker, accountants, signs, {
        "timeline": timeline, "lags": lags, "took": took, "seconds": seconds})


def settle_and_check(cluster, floor, stud, poker, accountants, signs, run) -> dict:
    stack = cluster.stack
    stack.manage("shell", "-c", "from payouts.jackpots.tasks import sweep_pending_hits; "
                 "sweep_pending_hits.delay()")
    time.sleep(8)  # the settlement pool settles what the sweep queued
    signs_after = last_round_to_signs(cluster, floor, stud, signs)
    keys = stack.work / "answered.json"
    keys.write_text(json.dumps(stud.acknowledged))
    found = json.loads(stack.manage("shell", "-c", CHECKS.format(keys=str(keys)))
                       .strip().splitlines()[-1])
    keys.write_text(json.dumps(poker.acknowledged))
    hands = json.loads(stack.manage("shell", "-c", HANDS.format(keys=str(keys)))
                       .strip().splitlines()[-1])
    exports = exports_written(stack, accountants)
    signs.stopping = True
    latencies = sorted(stud.latencies)
    return {**found, "hands": hands, "exports": exports, "signs": signs_after,
            "streams_opened": floor["streams_opened"],
            "streams_through": "nginx" if cluster.proxy else "HAProxy",
            "reports": reports_seen(accountants, run["timeline"]),
            "verify_ledgers": stack.manage("verify_ledgers").strip().splitlines()[-1],
            "phases": phases(stud, run["timeline"], run["seconds"]),
            "failures": stud.failures, "poker_failures": poker.failures,
            "refused": (stud.refused + poker.refused)[:5],
            "rounds_per_second": round(len(stud.acknowledged) / run["seconds"], 1),
            "hands_per_second": round(len(poker.acknowledged) / run["seconds"], 1),
            "p50_ms": round(statistics.median(latencies) * 1000) if latencies else None,
            "replication_lag_s": {"samples": len(run["lags"]),
                                  "p50": _quantile(run["lags"], 0.5),
                                  "max": max(run["lags"], default=None)},
            "timeline": run["timeline"], "fault_seconds": run["took"]}


def last_round_to_signs(cluster, floor, stud, signs) -> dict:
    """One more round, a royal on the meter, once everything is quiet: how long until
    every sign shows the meter's new amount."""
    time.sleep(2)
    body = {"dealer_cards": ["2c", "3d", "5h", "8s", "Tc"],
            "seats": [{"seat": 1, "ante": "10.00", "decision": "raise", "progressive": True,
                       "cards": ROYAL}]}
    began = time.monotonic()
    status, answer = call(f"{cluster.base}/api/v1/tables/{floor['stud'][0]}/stud-rounds/",
                          body, {"Authorization": f"Token {floor['dealer']}",
                                 "Idempotency-Key": "drill-last-round"})
    if status in (200, 201):
        stud.acknowledged["drill-last-round"] = answer["id"]
    time.sleep(5)
    state = call(f"{cluster.base}/sign/{floor['meter']}/state.json", None, {})[1]
    shown = [at - began for at in signs.first_showing(state.get("amount"), began)
             if at is not None]
    return {"signs": signs.count, "showing_last_amount": sum(
        a == state.get("amount") for a in signs.showing()), "amount": state.get("amount"),
        "seconds_p50": _quantile(shown, 0.5), "seconds_max": max(shown, default=None),
        "reconnects": signs.reconnects}


def exports_written(stack, accountants) -> dict:
    deadline = time.monotonic() + 60
    states: dict[int, str] = {}
    session = None
    while time.monotonic() < deadline:
        if session is None:
            from scripts.cluster_clients import PageSession

            session = PageSession(accountants.base, *accountants.login)
            session.login()
        states = {job: session.export_state(job)["status"] for job in accountants.exports}
        if all(state in ("done", "failed") for state in states.values()):
            break
        time.sleep(1)
    return {"asked": len(accountants.exports), "asking_failed": accountants.export_failures,
            "done": sum(s == "done" for s in states.values()),
            "not_done": {job: s for job, s in states.items() if s != "done"}}


def reports_seen(accountants, timeline) -> dict:
    marks = {what: at for at, what, _ in timeline}
    down_from, down_to = marks["replica stopped"], marks["replica started again"]
    answered = [r for r in accountants.reports if r["status"] == 200]
    # The replica is "up" away from its stop and the first seconds of its restart (each
    # process asks it again after REPLICA_CHECK_SECONDS, and it catches up first).
    up = [r for r in answered if r["at"] < down_from - 1 or r["at"] > down_to + 10]
    down = [r for r in answered if down_from + 3 < r["at"] < down_to]
    on_replica = [r["took"] for r in up if r["database"] == "replica"]
    retried: dict[str, int] = {}
    for r in accountants.reports:
        if r["status"] != 200:
            retried[str(r["status"])] = retried.get(str(r["status"]), 0) + 1
    return {"asked": len(answered), "retried": retried,
            "server_errors": [r["detail"] for r in accountants.reports if r["status"] == 500],
            "while_replica_up": len(up),
            "from_replica_while_up": len(on_replica),
            "from_primary_while_up": [(round(r["at"], 1), r["words"]) for r in up
                                      if r["database"] != "replica"],
            "while_replica_down": len(down),
            "from_primary_in_words_while_down": sum(
                r["database"] == "primary" and bool(r["words"]) for r in down),
            "latency_on_replica_ms": {"p50": _ms(_quantile(on_replica, 0.5)),
                                      "p95": _ms(_quantile(on_replica, 0.95))},
            "behind_seconds_max": max((r["behind"] or 0 for r in up), default=None)}


def _quantile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 3)


def _ms(seconds: float | None) -> int | None:
    return None if seconds is None else round(seconds * 1000)


def checks(found: dict) -> list[tuple[str, bool]]:
    hands, exports, reports, signs = (found["hands"], found["exports"], found["reports"],
                                      found["signs"])
    return [*verdict(found),
            ("every poker hand answered is stored once, and no other",
             hands["answered"] == hands["same_as_answered"] == hands["stored"]
             and hands["twice"] == 0),
            ("every file asked for was written (none lost in the failover)",
             exports["asked"] > 0 and exports["done"] == exports["asked"]),
            ("every report was answered, never with a server error (500)",
             reports["asked"] > 0 and not reports["server_errors"]),
            ("the reports came from the replica while it was up",
             reports["while_replica_up"] > 0
             and reports["from_replica_while_up"] == reports["while_replica_up"]),
            ("while it was down, from the primary, saying so in words",
             reports["from_primary_in_words_while_down"] == reports["while_replica_down"]),
            ("a board's and a sign's stream open through the proxy (200, an event)",
             all(s["status"].endswith("200 OK") and s["event"]
                 for s in found["streams_opened"])),
            ("every sign shows the meter's last amount",
             signs["showing_last_amount"] == signs["signs"])]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--dealers", type=int, default=24)
    parser.add_argument("--signs", type=int, default=200)
    parser.add_argument("--out", type=Path, help="write the figures here as JSON")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    args = parser.parse_args(argv)
    if missing := missing_parts():
        print(f"The drill needs {', '.join(missing)} (apt-get install pgbouncer haproxy "
              "redis-sentinel; pip install -e .)", file=sys.stderr)
        return 2
    work = Path(tempfile.mkdtemp(prefix="casino-cluster-"))
    cluster = Cluster(work)
    try:
        found = drill(cluster, args.seconds, args.dealers, args.signs)
    finally:
        cluster.shutdown()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    if args.out:
        args.out.write_text(json.dumps(found, indent=2, default=str))
    print(json.dumps({k: v for k, v in found.items() if k != "timeline"}, indent=1,
                     default=str))
    return said(checks(found))


if __name__ == "__main__":
    sys.exit(main())
