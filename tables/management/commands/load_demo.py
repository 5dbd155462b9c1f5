"""Load a demo casino: two casinos, four tables, their paytables and one user per role.

Safe to run again: existing demo objects are kept and the demo passwords reset.
"""

from __future__ import annotations

from decimal import Decimal

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand
from django.db import transaction

from casino.roles import Role
from payouts import progressives
from payouts import services as payouts
from payouts.models import Paytable, PaytableStatus, Progressive
from tables import services
from tables.models import Casino, Game, Table, TableStatus

DEMO_USERS = {
    "supervisor": (Role.SUPERVISOR, "pit-boss-demo"),
    "dealer": (Role.DEALER, "deal-cards-demo"),
    "accountant": (Role.ACCOUNTANT, "count-chips-demo"),
}

DEMO_JACKPOT = "Harbor Lights Jackpot"
DEMO_CASINOS = [
    {"name": "Harbor Lights Casino", "currency": "USD", "timezone": "America/New_York",
     "paytable": ("Harbor Lights Caribbean Stud", "us"),
     "tables": [("CS-1", Game.CARIBBEAN_STUD), ("CS-2", Game.CARIBBEAN_STUD),
                ("HE-1", Game.HOLDEM)]},
    {"name": "Mayfair Card Club", "currency": "GBP", "timezone": "Europe/London",
     "paytable": ("Mayfair Casino Stud", "uk"),
     "tables": [("CSP-1", Game.CARIBBEAN_STUD)]},
]


class Command(BaseCommand):
    help = "Create the demo casinos, tables and users (idempotent)."

    def add_arguments(self, parser):
        parser.add_argument("--url", default="http://127.0.0.1:8000",
                            help="Where the service will answer, for the printed instructions.")

    @transaction.atomic
    def handle(self, *args, url: str, **options):
        users = {name: self._user(name, role, password)
                 for name, (role, password) in DEMO_USERS.items()}
        supervisor, dealer = users["supervisor"], users["dealer"]
        for spec in DEMO_CASINOS:
            casino = Casino.objects.filter(name=spec["name"]).first() or services.casino_create(
                actor=supervisor, name=spec["name"], currency=spec["currency"],
                timezone=spec["timezone"],
            )
            paytable = self._paytable(supervisor, *spec["paytable"])
            for label, game in spec["tables"]:
                table = Table.objects.filter(casino=casino, label=label).first()
                if table is None:
                    table = services.table_create(
                        actor=supervisor, casino=casino, label=label, game=game,
                        status=TableStatus.OPEN, dealers=[dealer])
                if game == Game.CARIBBEAN_STUD and table.paytable_id is None:
                    payouts.table_assign_paytable(actor=supervisor, table=table,
                                                  paytable=paytable)
                if game == Game.CARIBBEAN_STUD and spec["currency"] == "USD" and \
                        table.progressive_id is None:
                    progressives.table_link_progressive(
                        actor=supervisor, table=table, progressive=self._jackpot(supervisor))

        self.stdout.write(self.style.SUCCESS("Demo casino ready."))
        self.stdout.write(f"Log in at {url}/login/ as:")
        for name, (role, password) in DEMO_USERS.items():
            self.stdout.write(f"  {role.value:<11} user {name:<11} password {password}")
        jackpot = Progressive.objects.get(name=DEMO_JACKPOT)
        self.stdout.write(f"Floor sign: {url}/sign/{jackpot.pk}/   API docs: {url}/api/docs/   "
                          f"health: {url}/healthz")

    def _jackpot(self, supervisor) -> Progressive:
        existing = Progressive.objects.filter(name=DEMO_JACKPOT).first()
        return existing or progressives.progressive_create(
            actor=supervisor, name=DEMO_JACKPOT, currency="USD", seed=Decimal("10000.00"),
            contribution_rate=Decimal("0.70"), reserve_rate=Decimal("0.05"),
            approval_threshold=Decimal("10000.00"))

    def _paytable(self, supervisor, name: str, variant: str) -> Paytable:
        existing = Paytable.objects.filter(name=name, status=PaytableStatus.PUBLISHED).first()
        if existing:
            return existing
        draft = payouts.paytable_create(actor=supervisor, name=name, variant=variant)
        return payouts.paytable_publish(actor=supervisor, paytable=draft)

    def _user(self, username: str, role: Role, password: str):
        User = get_user_model()
        user, _ = User.objects.get_or_create(username=username)
        user.set_password(password)
        user.is_active = True
        user.save()
        user.groups.add(Group.objects.get(name=role.value))
        return user
