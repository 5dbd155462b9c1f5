"""manage.py verify_ledgers: seal what waits, walk every ledger's hash chain and hold each
against the anchors kept outside the database; name every break, exit 1 if there is one."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from casino.common import anchors, chains, proof, verification


class Command(BaseCommand):
    help = ("Check every ledger's hash chain and every anchor of them; name each break and "
            "exit 1 if there is any.")

    def add_arguments(self, parser):
        parser.add_argument(
            "--against", type=Path, metavar="COPY",
            help="A copy of the anchors kept elsewhere (the system log's casino-anchor "
                 "lines, or the copy endpoint's file): the anchor file must hold each.")

    def handle(self, *args, against=None, **options):
        if against is not None and not against.is_file():
            raise CommandError(f"--against {against}: no such file.")
        found = verification.breaks(against)
        last = anchors.last_anchor()
        anchored = (f"last anchor {last.seq} at {last.made_at:%Y-%m-%d %H:%M} UTC ({last.reason})"
                    if last else "no anchor yet")
        if not found:
            self.stdout.write(self.style.SUCCESS(
                f"All ledgers intact: {chains.entries_checked()} entries checked, "
                f"{proof.signatures()} signatures of the service proven; {anchored}."))
            return
        for each in found:
            self.stderr.write(chains.sentence(each))
        raise CommandError(f"{len(found)} break(s) found in the ledgers; {anchored}.")
