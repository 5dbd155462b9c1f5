"""The owner's tamper drill (docs/reliability.md): what the database's owner (or anyone
holding PostgreSQL's superuser) can change in the books, tried one change at a time
against a stack of its own, and `manage.py verify_ledgers` run after each.

    python scripts/tamper.py [--history-days 7] [--keep]

It builds a PostgreSQL cluster in a temporary directory (the two roles of docs/deploy.md)
and a Redis with no worker, migrates as the owner, loads the demo as the application role
(with DEBUG off, as the service runs; scripts/drill_settings.py only makes passwords quick
to hash), adds what the demo lacks (a rename of a casino, a void, a jackpot approved
with a witness and its W-2G), anchors, and checks that the untouched books verify. Then,
for each kind of tamper below, it copies that database, switches every trigger off as the
superuser may (``session_replication_role = replica``: no append-only guard, no audit
event, no balance check), makes the change, and runs `verify_ledgers` as the service
would (in one process kept for the drill, class Verifier). Each must be found: exit 1 and
the break named. It prints each tamper with the message that found it and exits 0 only if
every one was detected.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.stack import Stack  # noqa: E402 (the project's root is put on the path first)
from scripts.tamper_audit import AUDIT, PRIVACY_LINE, WINDOW, WRITTEN_AFTER  # noqa: E402
from scripts.tamper_cases import CASES, PREPARE  # noqa: E402


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


def admin_sql(stack: Stack, statement: str) -> None:
    env = {**os.environ, "PGPASSWORD": "superuser-pw"}
    subprocess.run(["psql", "-h", "127.0.0.1", "-p", str(stack.pg_port), "-U", "postgres",
                    "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-qc", statement], env=env,
                   check=True, capture_output=True, text=True)


def superuser_sql(stack: Stack, script: str, triggers: str = "off") -> None:
    """The tamper, as PostgreSQL's superuser, with every trigger off for the session (or
    on: then in one transaction of his own)."""
    env = {**os.environ, "PGPASSWORD": "superuser-pw"}
    script = ("SET session_replication_role = replica;\n" + script if triggers == "off"
              else "BEGIN;\n" + script + "\nCOMMIT;")
    done = subprocess.run(["psql", "-h", "127.0.0.1", "-p", str(stack.pg_port), "-U",
                           "postgres", "-d", "casino", "-v", "ON_ERROR_STOP=1", "-q"],
                          input=script, env=env, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(done.stderr.strip())


class Verifier:
    """`verify_ledgers` as the service runs it (its settings, the application role), in one
    process kept for the whole drill: Django starts once, not once per tamper. Each call
    opens new connections (the database was just made again from the template)."""

    def __init__(self, stack: Stack):
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--serve-verifications"], cwd=ROOT, env=stack.env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True)

    def __call__(self, against: Path | None = None) -> tuple[int, list[str]]:
        self.process.stdin.write(f"{against or ''}\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError("the verifying process stopped")
        status, output = json.loads(answer)
        return status, [line for line in output.splitlines() if line.strip()]

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=60)


def serve_verifications() -> None:
    """The verifier's side: one `verify_ledgers` per line read, its exit status and output
    written back as one line of JSON."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
    django.setup()
    from django.core.management import call_command
    from django.core.management.base import CommandError
    from django.db import connections

    for line in sys.stdin:
        out, err = io.StringIO(), io.StringIO()
        status = 0
        against = {"against": Path(line.strip())} if line.strip() else {}
        try:
            call_command("verify_ledgers", stdout=out, stderr=err, **against)
        except CommandError as error:
            status = 1
            err.write(f"{error}\n")
        finally:
            connections.close_all()
        print(json.dumps([status, err.getvalue() + out.getvalue()]), flush=True)


def bring_up(stack: Stack, history_days: int, verify: Verifier) -> Path:
    """The demo's books, verified and anchored, kept as the template every tamper starts
    from; returns the anchor file's copy."""
    log(f"PostgreSQL {stack.pg_port}: roles casino_owner and casino_app made")
    stack.manage("migrate", "--noinput", owner=True)
    log("migrated")
    stack.manage("load_demo", "--history-days", str(history_days), "--debug-off-ok")
    log(f"the demo loaded with {history_days} days of history")
    # Anchor 1 before the prepared records, anchor 2 after them; then one round more,
    # after the last anchor (the window's case).
    print(stack.manage("anchor_ledgers", "--reason", "before the drill's records").strip())
    stack.manage("shell", "-c", PREPARE)
    stack.manage("shell", "-c", PRIVACY_LINE)
    print(stack.manage("anchor_ledgers", "--reason", "the drill's baseline").strip())
    stack.manage("shell", "-c", WRITTEN_AFTER)
    status, lines = verify()
    if status:
        raise SystemExit("The untouched demo does not verify:\n" + "\n".join(lines))
    log(f"untouched books: {lines[-1]}")
    admin_sql(stack, "ALTER DATABASE casino RENAME TO casino_base")
    anchor_file = Path(stack.env["CASINO_VAR_DIR"]) / "anchors" / "ledger-anchors.jsonl"
    kept = stack.work / "baseline-anchors.jsonl"
    shutil.copy(anchor_file, kept)
    return kept


def tamper_file(path: Path, how: str) -> None:
    """What the owner does to the anchor file as well."""
    lines = path.read_text().splitlines()
    if how == "cut":
        lines = lines[:-1]
    elif how == "older":
        lines = lines[:1]
    elif how == "alter":
        lines[0] = lines[0].replace('"reason":"', '"reason":"(edited) ', 1)
    elif how == "replay":
        lines.append(lines[0])
    path.write_text("".join(f"{line}\n" for line in lines))


def try_each(stack: Stack, baseline: Path, verify: Verifier
             ) -> list[tuple[str, str, list[str]]]:
    """Each tamper on a fresh copy, verified against the anchors' copy kept elsewhere (the
    system log's); (what, "DETECTED" / "MISSED" / "WINDOW" / "CLEAN", the lines said)."""
    anchor_file = Path(stack.env["CASINO_VAR_DIR"]) / "anchors" / "ledger-anchors.jsonl"
    results = []
    cases = [("nothing changed (the control)", "", {}),
             *((name, sql, {}) for name, sql in CASES), *AUDIT]
    for name, sql, how in cases:
        admin_sql(stack, "DROP DATABASE IF EXISTS casino")
        admin_sql(stack, "CREATE DATABASE casino TEMPLATE casino_base OWNER casino_owner")
        shutil.copy(baseline, anchor_file)
        try:
            if how.get("window"):
                sql = WINDOW
            if sql:
                superuser_sql(stack, sql, how.get("triggers", "off"))
            if how.get("file"):
                tamper_file(anchor_file, how["file"])
        except RuntimeError as failed:
            results.append((name, "MISSED", [f"the tamper itself failed: {failed}"]))
            continue
        status, lines = verify(baseline)
        if not (sql or how):
            outcome = "CLEAN" if status == 0 else "MISSED"
        elif how.get("window"):
            outcome = "DETECTED" if status else "WINDOW"
        else:
            outcome = "DETECTED" if status else "MISSED"
        results.append((name, outcome, lines))
        log(f"{outcome.lower()}: {name}")
    return results


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--history-days", type=int, default=7)
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    parser.add_argument("--serve-verifications", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve_verifications:
        serve_verifications()
        return 0
    work = Path(tempfile.mkdtemp(prefix="casino-tamper-"))
    stack = Stack(work, pg_port=55433, redis_port=56380, web_port=58001,
                  settings="scripts.drill_settings")
    verify = None
    try:
        stack.start_postgres()
        # Its own Redis and no worker: the game math the demo asks for waits in the queue,
        # never computed (the books are what the drill needs).
        stack.start("redis")
        verify = Verifier(stack)  # starts Django while the demo loads
        results = try_each(stack, bring_up(stack, args.history_days, verify), verify)
    finally:
        if verify is not None:
            verify.close()
        stack.shutdown()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    control, *tampers = results
    print(f"\nThe untouched copy: {'verifies' if control[1] == 'CLEAN' else 'DOES NOT verify'}"
          f" ({control[2][-1] if control[2] else 'no output'})\n")
    for number, (name, outcome, lines) in enumerate(tampers, start=1):
        print(f"{number:>2}. {outcome:<8}  {name}")
        for line in lines[:4]:
            print(f"      {line}")
        if len(lines) > 4:
            print(f"      ... and {len(lines) - 4} more lines")
    found = sum(outcome == "DETECTED" for _, outcome, _ in tampers)
    window = sum(outcome == "WINDOW" for _, outcome, _ in tampers)
    print(f"\n{found} of {len(tampers)} tampers detected; {window} in the window after the "
          f"last anchor (every {os.environ.get('ANCHOR_MINUTES', '15')} minutes, "
          "docs/reliability.md).")
    return 0 if found + window == len(tampers) and control[1] == "CLEAN" else 1


if __name__ == "__main__":
    sys.exit(main())
