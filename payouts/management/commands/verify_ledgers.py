"""manage.py verify_ledgers: walk every meter ledger's hash chain and say where it breaks."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from payouts.jackpots.chain import entries_checked, first_breaks


class Command(BaseCommand):
    help = "Check the hash chain of every meter ledger; exit 1 at the first break of any."

    def handle(self, *args, **options):
        breaks = first_breaks()
        if not breaks:
            self.stdout.write(self.style.SUCCESS(
                f"All meter ledgers intact: {entries_checked()} entries checked."))
            return
        for b in breaks:
            self.stderr.write(f"Progressive {b['progressive']}, {b['meter']} ledger: entry "
                              f"{b['entry']} does not match its {b['broken']} (altered, "
                              "removed or inserted by hand).")
        raise CommandError(f"{len(breaks)} ledger(s) broken.")
