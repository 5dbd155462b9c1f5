"""manage.py anchor_ledgers: sign every ledger chain's head now, outside the database."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from casino.common import anchors


class Command(BaseCommand):
    help = ("Seal what waits, then sign the head of every ledger chain with the service's key "
            "and append it to the anchor file (LEDGER_ANCHOR_FILE).")

    def add_arguments(self, parser):
        parser.add_argument("--reason", default="by hand (manage.py anchor_ledgers)")

    def handle(self, *args, reason, **options):
        made = anchors.anchor(reason)
        self.stdout.write(self.style.SUCCESS(
            f"Anchor {made.seq} signed with key '{made.key}' at {made.made_at:%Y-%m-%d %H:%M:%S} "
            f"UTC: {len(made.heads)} chain heads, written to {anchors.file_path()}."))
