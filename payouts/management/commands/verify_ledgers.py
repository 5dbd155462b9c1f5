"""manage.py verify_ledgers: walk every ledger's hash chain and say where it breaks."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from casino.common.chains import entries_checked, first_breaks, where


class Command(BaseCommand):
    help = "Check the hash chain of every ledger; exit 1 at the first break of any."

    def handle(self, *args, **options):
        breaks = first_breaks()
        if not breaks:
            self.stdout.write(self.style.SUCCESS(
                f"All ledgers intact: {entries_checked()} entries checked."))
            return
        for found in breaks:
            self.stderr.write(f"{where(found)}: entry {found['entry']} does not match its "
                              f"{found['broken']} (altered, removed or inserted by hand).")
        raise CommandError(f"{len(breaks)} ledger(s) broken.")
