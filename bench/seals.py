"""The records' seals written in one pass after a bulk load (bench/reports.py)."""

from __future__ import annotations

import time

# The records the database seals at commit, one at a time (tables migration 0018), and
# how a record finds its table.
SEALS = (("tables_studround", "stud_round", "table_id"),
         ("tables_pokerhand", "poker_hand", "table_id"),
         ("tables_studroundvoid", "stud_round_void",
          "(SELECT table_id FROM tables_studround WHERE id = round_id)"),
         ("tables_pokerhandvoid", "poker_hand_void",
          "(SELECT table_id FROM tables_pokerhand WHERE id = hand_id)"))


def seal(conn, cursor) -> None:
    """The loaded records' seals in one pass, by the project's own tables_seal, and the
    seal triggers on again. Sealed by the trigger at each day's commit, a table's previous
    seal was looked up by a plan made while there were none, a scan of every seal each
    time (the 62 days of --small took minutes); here down the (table, id) index."""
    started = time.perf_counter()
    with conn.transaction():
        cursor.execute("ANALYZE; SET LOCAL enable_seqscan = off")
        for table, kind, at_table in SEALS:
            cursor.execute(f"DO $$ DECLARE r record; BEGIN FOR r IN SELECT id, {at_table} AS "
                           f"at_table FROM {table} ORDER BY id LOOP PERFORM tables_seal("
                           f"'{kind}', r.id, r.at_table); END LOOP; END $$; "
                           f"ALTER TABLE {table} ENABLE TRIGGER {table}_seal")
    print(f"  sealed the records ({time.perf_counter() - started:.0f} s)", flush=True)


# --- The service's signatures (issue 45): python -m bench.seals ----------------------

DATABASE = "casino_bench_seals"
SEATS = [{"seat": n, "ante": "10.00", "decision": "fold"} for n in range(1, 8)]
CARDS = ["As", "Kd", "7c", "4h", "2s"]


_SIGN = None


def _signing_off(off: bool) -> None:
    """Today's before the signatures: no tracking trigger, nothing signed at the commit."""
    from django.db import connection

    from casino.common import signing
    with connection.cursor() as cursor:
        for table in signing.signed_tables():
            cursor.execute(f'ALTER TABLE "{table}" {"DISABLE" if off else "ENABLE"} '
                           f"TRIGGER {signing.TRIGGER}")
    global _SIGN
    _SIGN = _SIGN or signing.sign_written
    signing.sign_written = (lambda connection, **options: 0) if off else _SIGN


def _rounds(count: int) -> tuple[float, float, float]:
    """``count`` seven-seat rounds by the service: (web CPU ms, wall ms, the commit's own
    web CPU ms) per round. The commit is where the signing runs (casino.database)."""
    from decimal import Decimal

    from django.db import connection

    from scripts.tamper_cases import open_the_running_shift
    from tables.floor.models import Table
    from tables.stud.services import stud_round_record

    table = Table.objects.get(label="CS-1")
    dealer = table.dealers.first()
    open_the_running_shift(table, table.casino.staff.get(username="supervisor"), dealer)
    seats = [{**seat, "ante": Decimal(seat["ante"])} for seat in SEATS]
    commit, spent = connection.commit, [0.0]

    def timed_commit():
        started = time.process_time()
        try:
            return commit()
        finally:
            spent[0] += time.process_time() - started
    connection.commit = timed_commit
    cpu, wall = time.process_time(), time.perf_counter()
    try:
        for _ in range(count):
            stud_round_record(actor=dealer, table=table, dealer_cards=CARDS, seats=seats)
    finally:
        del connection.commit
    return ((time.process_time() - cpu) * 1000 / count,
            (time.perf_counter() - wall) * 1000 / count, spent[0] * 1000 / count)


def _mac_per_round(repeat: int) -> float:
    """The MAC alone, in microseconds, for a round and its seven seats as read back."""
    from django.db import connection

    from casino.common import signing
    tables = signing.signed_tables()
    with connection.cursor() as cursor:
        cursor.execute("SELECT max(id) FROM tables_studround")
        last = cursor.fetchone()[0]
        rows = {}
        for table, where in (("tables_studround", "id"), ("tables_studseat", "round_id")):
            cursor.execute(f"SELECT id::text, {tables[table].content_sql()} FROM {table} t "
                           f"WHERE {where} = %s", [last])
            rows |= {(table, record): content for record, content in cursor.fetchall()}
    secret = next(iter(signing.keys().values()))
    started = time.perf_counter()
    for _ in range(repeat):
        prev = ""
        for (table, record), row in rows.items():
            prev = signing.mac(secret, chain=f"{table}/0", seq=1, table=table, record=record,
                               digest_=signing.digest(row), prev=prev)
    return (time.perf_counter() - started) * 1e6 / repeat


def _verify() -> tuple[float, float, int]:
    from casino.common import chains, proof
    from casino.models import Signature
    started = time.perf_counter()
    broken = proof.breaks()  # none on a fresh demo (--reuse: the "before" rounds unsigned)
    proved = time.perf_counter() - started
    print(f"  the proof found {len(broken)} breaks")
    started = time.perf_counter()
    chains.breaks()
    return proved, time.perf_counter() - started, Signature.objects.count()


def main(argv=None) -> None:
    import argparse
    import io

    from bench.database import fresh_database
    parser = argparse.ArgumentParser(description="What the service's signatures cost.")
    parser.add_argument("--rounds", type=int, default=200, help="per pass")
    parser.add_argument("--passes", type=int, default=11,
                        help="each way, interleaved, after a warm-up pass")
    parser.add_argument("--reuse", action="store_true")
    args = parser.parse_args(argv)
    fresh_database(DATABASE, reuse=args.reuse)
    from django.core.management import call_command

    from casino.house.models import Casino
    if not Casino.objects.exists():
        call_command("load_demo", debug_off_ok=True, stdout=io.StringIO())
    proved, walked, signatures = _verify()
    print(f"verify over the demo: the proof {proved:.2f} s for {signatures} signatures "
          f"({signatures / proved:,.0f}/s); the database's own chains {walked:.2f} s")
    per_year = 200 * 18 * 60 * 365 * 8  # 200 tables, 18 h, 60 rounds/h, a round + 7 seats
    print(f"a year of a 200-table floor: {per_year:,} records, the proof about "
          f"{per_year / (signatures / proved) / 3600:.1f} h (scaled from the demo's rate)")
    _compare(args.rounds, args.passes)
    print(f"the MAC alone for a round and its 7 seats: {_mac_per_round(2000):.0f} µs")


def _compare(count: int, times: int) -> None:
    """The rounds before and with the signatures, interleaved; medians of the passes
    after a warm-up (the first pass of a process is slower whichever way it runs)."""
    from statistics import median

    ways = (("before (no signatures)", True), ("signed", False))
    passes: dict[str, list] = {name: [] for name, _ in ways}
    _rounds(count)
    for _ in range(times):
        for name, off in ways:
            _signing_off(off)
            passes[name].append(_rounds(count))
    _signing_off(False)
    commits = {}
    for name, runs in passes.items():
        cpu, wall, commits[name] = (median(run[i] for run in runs) for i in range(3))
        print(f"a seven-seat stud round by the service, {name}: web CPU {cpu:.2f} ms "
              f"(passes {', '.join(f'{run[0]:.2f}' for run in runs)}), wall {wall:.2f} ms, "
              f"of which its commit {commits[name]:.3f} ms of CPU (median of {times} passes "
              f"of {count})")
    print(f"the signing's own web CPU (the commit's, signed less before): "
          f"{commits['signed'] - commits['before (no signatures)']:.3f} ms per round")


if __name__ == "__main__":
    main()
