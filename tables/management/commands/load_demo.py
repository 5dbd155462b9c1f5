"""Load a demo casino: two casinos, their stud and poker tables, paytables, rake
schedules, one user per role (the group's controller governs the group's own paytable)
and, on a fresh database, a few weeks of play (closed day
by day, as the beat would have) so every report and chart shows something.

Safe to run again: existing demo objects are kept and the demo passwords reset.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from functools import partial

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from casino.common.roles import Role
from casino.house.models import Casino
from payouts.analysis.services import analyse_published
from payouts.jackpots import services as progressives
from payouts.jackpots.models import Progressive
from payouts.terms import services as payouts
from payouts.terms import services as terms
from payouts.terms.models import Paytable, RakeSchedule
from payouts.terms.versioning import PublicationStatus
from tables.floor.models import Game, Table, TableStatus
from tables.floor.services import (
    casino_create,
    table_assign_paytable,
    table_create,
    table_link_progressive,
    table_set_poker_settings,
)
from tables.management import (
    demo_cardroom,
    demo_comps,
    demo_floor,
    demo_offline,
    demo_rotation,
)
from tables.management.demo_accounting import Staff, deal_now, load_accounting
from tables.management.demo_floor import demo_hashing, demo_password
from tables.management.demo_history import clock_at, load_history
from tables.players import services as players
from tables.players.models import Player, PlayerStatus
from tables.reports.closing import close_ended_days
from tables.reports.hourly import keep_hours

DEMO_USERS = {
    "supervisor": (Role.SUPERVISOR, "pit-boss-demo"),
    "dealer": (Role.DEALER, "deal-cards-demo"),
    "accountant": (Role.ACCOUNTANT, "count-chips-demo"),
    "cage": (Role.CAGE, "issue-slips-demo"),
    "counter": (Role.COUNT, "count-boxes-demo"),
    "counter2": (Role.COUNT, "second-count-demo"),
    # The casino group's gaming controller: works at no casino, governs the group's terms
    # and wide-area meters (payouts.governance).
    "controller": (Role.GROUP_SUPERVISOR, "group-terms-demo"),
    # A second group supervisor: lifting a player's exclusion takes two (issue 44, 14).
    "controller2": (Role.GROUP_SUPERVISOR, "second-terms-demo"),
    # Casino marketing: keeps the group's players (issue 29).
    "host": (Role.HOST, "comp-players-demo"),
}
# The group's loyalty card holders (card, name, tier); one barred.
DEMO_PLAYERS = [("10042", "Pat Q. Player", "gold"), ("10077", "Lee Wu", "platinum"),
                ("10103", "Maria Santos", "silver"), ("10161", "Tom Hale", "member"),
                ("20005", "Ann Okafor", "gold")]
BARRED = ("10161", "barred by security: advantage play dispute")
# The group's own paytable, in dollars: the controller's, for any USD casino's tables.
GROUP_PAYTABLE = ("Group Caribbean Stud", "us", "USD")
ACCOUNTING_DAYS = 3  # the last gaming days of the history with closed and counted shifts
# The history stops before the rotation's last three hours begin (minutes before now).
ROTATION_BEGINS = demo_rotation.SCRIPT[0][0] - 10
STEPS = 3  # the progress lines' steps (_step)
# What the history takes to record, about, on two quiet cores (docs/benchmarks.md): the
# game math first, then each day.
SECONDS_A_DAY, GAME_MATH_SECONDS = 2, 10

DEMO_JACKPOT = "Harbor Lights Jackpot"
DEMO_CASINOS = [
    {"name": "Harbor Lights Casino", "currency": "USD", "timezone": "America/New_York",
     "paytable": ("Harbor Lights Caribbean Stud", "us"),
     "tables": [("CS-1", Game.CARIBBEAN_STUD), ("CS-2", Game.CARIBBEAN_STUD),
                ("HE-1", Game.HOLDEM), ("OM-1", Game.OMAHA_HI_LO)],
     "pits": {"CS-1": "Pit 1", "CS-2": "Pit 1", "HE-1": "Card room", "OM-1": "Card room"}},
    {"name": "Mayfair Card Club", "currency": "GBP", "timezone": "Europe/London",
     "paytable": ("Mayfair Casino Stud", "uk"),
     "tables": [("CSP-1", Game.CARIBBEAN_STUD), ("NL-1", Game.HOLDEM)],
     "pits": {"CSP-1": "Salon", "NL-1": "Card room"}},
]
# Card-room tables: the rake schedule (by name) and the betting settings.
DEMO_SCHEDULES = {
    "10% capped at 5, bad beat 1": {"method": "percentage", "percent": Decimal(10),
                                    "cap": Decimal("5.00"), "no_flop_no_drop": True,
                                    "bad_beat_drop": Decimal("1.00"),
                                    "bad_beat_min_pot": Decimal("20.00")},
    "Time 6 a seat per half hour": {"method": "time", "time_fee": Decimal("6.00"),
                                    "time_period_minutes": 30},
}
DEMO_POKER = {
    "HE-1": ("10% capped at 5, bad beat 1", {
        "structure": "fixed_limit", "small_bet": Decimal(20), "big_bet": Decimal(40),
        "small_blind": Decimal(10), "big_blind": Decimal(20), "kill": "full",
        "kill_trigger": "pot_size", "kill_pot_big_bets": Decimal(10)}),
    "OM-1": ("10% capped at 5, bad beat 1", {
        "structure": "pot_limit", "small_blind": Decimal(1), "big_blind": Decimal(2)}),
    "NL-1": ("Time 6 a seat per half hour", {
        "structure": "no_limit", "small_blind": Decimal(1), "big_blind": Decimal(2)}),
}


class Command(BaseCommand):
    help = "Create the demo casinos, tables and users (idempotent)."

    def add_arguments(self, parser):
        parser.add_argument("--url", default="http://127.0.0.1:8000",
                            help="Where the service will answer, for the printed instructions.")
        parser.add_argument("--debug-off-ok", action="store_true",
                            help="Load the demo even though DEBUG is off (a test database).")
        parser.add_argument("--history-days", type=int, default=21,
                            help="Gaming days of play to record on a fresh database.")

    @transaction.atomic
    def handle(self, *args, url: str, history_days: int, debug_off_ok: bool = False,
               **options):
        if not settings.DEBUG and not debug_off_ok:
            raise CommandError(
                "DEBUG is off, so this looks like a production service: the demo would add "
                "users whose passwords are in the README. Run it with DEBUG=1, or add "
                "--debug-off-ok on a database that is not a casino's.")
        with demo_hashing():
            self._load(url, history_days)

    def _load(self, url: str, history_days: int) -> None:
        users = {name: self._user(name, role, password)
                 for name, (role, password) in DEMO_USERS.items()}
        fresh = not Casino.objects.filter(name=DEMO_CASINOS[0]["name"]).exists()
        history = history_days if fresh else 0
        now = timezone.now()
        # A fresh demo is set up on the morning its history begins, so that every ledger
        # starts before the play it records.
        start = now - dt.timedelta(days=history + 1) if history else now
        self._step(1, "the casinos, their tables and terms, the staff and the players")
        casinos, dealers = self._setup(users, start)
        if history:
            self._step(2, f"{history} gaming days of play, day by day (about "
                          f"{GAME_MATH_SECONDS + history * SECONDS_A_DAY} s)")
            self._history(casinos, dealers, users, history, now, start)
        else:
            self._step(2, "no history to record: " + (
                "none asked for" if fresh else "the demo was loaded before, its play kept"))
        self._step(3, "today: the open shifts, the rotation, a tablet, the card room")
        self._today(casinos, dealers, users, now)
        self._instructions(url)

    def _step(self, number: int, what: str) -> None:
        """A progress line per step: loading takes a minute on a fresh database."""
        self.stdout.write(f"Step {number}/{STEPS} of the demo: {what} ...")
        self.stdout.flush()

    def _setup(self, users: dict, start: dt.datetime) -> tuple[list[Casino], dict]:
        supervisor = users["supervisor"]
        floor_staff = [user for name, user in users.items()
                       if DEMO_USERS[name][0] != Role.GROUP_SUPERVISOR]
        with clock_at(start):
            casinos = [self._casino(supervisor, spec, floor_staff) for spec in DEMO_CASINOS]
        # The terms are made and published on the clock the database writes their history
        # with (now): set back to the history's first morning, the paytable's page would
        # rightly call the publishing backdated (docs/decisions.md).
        paytables = {casino.pk: self._paytable(supervisor, *spec["paytable"], casino=casino)
                     for spec, casino in zip(DEMO_CASINOS, casinos, strict=True)}
        schedules = {label: self._schedule(supervisor, name, casino)
                     for spec, casino in zip(DEMO_CASINOS, casinos, strict=True)
                     for label, _ in spec["tables"] if label in DEMO_POKER
                     for name in [DEMO_POKER[label][0]]}
        self._group_paytable(users["controller"])
        with clock_at(start):
            for spec, casino in zip(DEMO_CASINOS, casinos, strict=True):
                self._tables(supervisor, users["dealer"], spec, casino,
                             paytables[casino.pk], schedules)
            self._players(users["host"])  # before the history: the pit rates them in it
            # The crews that deal the history and the rotation, at their tables.
            dealers = demo_floor.demo_dealers(DEMO_USERS["dealer"][1], casinos, supervisor)
        return casinos, dealers

    def _history(self, casinos, dealers: dict, users: dict, days: int, now: dt.datetime,
                 start: dt.datetime) -> None:
        supervisor = users["supervisor"]
        with clock_at(start):
            demo_comps.work_out_game_math()   # the closing ratings earn their comps
            demo_comps.set_rules(supervisor, casinos, users["host"])
        count = load_history(casinos=casinos, dealers=dealers, supervisor=supervisor,
                             days=days, today=casinos[0].gaming_day(now),
                             until=now + dt.timedelta(minutes=ROTATION_BEGINS),
                             jackpot=Progressive.objects.get(name=DEMO_JACKPOT),
                             after_day=partial(demo_comps.give_on_day, users["host"],
                                               supervisor, casinos),
                             progress=self._day_done)
        self.stdout.write("  The last days' shifts: chips, slips and counts ...")
        boxes = self._accounting(casinos, users, days, today=casinos[0].gaming_day(now))
        demo_comps.give_today(users["host"], casinos)
        closed = close_ended_days(now)
        kept = keep_hours(now, hours_back=48)   # the tables' hours of the last two days
        self.stdout.write(f"  {count} rounds and hands recorded, {boxes} boxes counted, "
                          f"{closed} gaming days closed, {kept} table hours kept.")

    def _day_done(self, done: int, days: int, day: dt.date, count: int) -> None:
        self.stdout.write(f"  day {done} of {days} recorded ({day}): {count} rounds and "
                          "hands so far")
        self.stdout.flush()

    def _today(self, casinos, dealers: dict, users: dict, now: dt.datetime) -> None:
        supervisor = users["supervisor"]
        opened = deal_now(casinos=casinos, staff=self._staff(users))
        if opened:
            self.stdout.write(f"  The current shift of {opened} banked tables opened, its "
                              "opener signed by the supervisor and the dealer.")
        moves = demo_rotation.run_rotation(supervisor, casinos[0], dealers, now)
        if moves:
            self.stdout.write(f"  The last three hours of {casinos[0].name}'s rotation: "
                              f"{moves} dealers' moves.")
        tablet = demo_offline.run_offline(casinos[0], dealers["dealer6"], now)
        if tablet:
            self.stdout.write(f"  A dealer's tablet through a network drop: {tablet} rounds "
                              "queued, one held for the supervisor on /pit/.")
        joined = demo_cardroom.run_cardroom(supervisor, casinos)
        if joined:
            self.stdout.write(f"  The card rooms' lists: {joined} players waiting.")
        queued = analyse_published(actor=None)
        if queued:  # computed right away where tasks run in-process (about 5 s)
            self.stdout.write(f"  Game math of {queued} paytable versions asked for.")

    def _accounting(self, casinos, users: dict, history_days: int, today: dt.date) -> int:
        """The shifts of the history's last days but one opened, closed and counted (the
        last one's count would fall after now)."""
        days = [today - dt.timedelta(days=back)
                for back in range(min(ACCOUNTING_DAYS, history_days - 1) + 1, 1, -1)]
        return load_accounting(casinos=casinos, staff=self._staff(users), days=days) \
            if days else 0

    def _staff(self, users: dict) -> Staff:
        return Staff(supervisor=users["supervisor"], dealer=users["dealer"],
                     cage=users["cage"], counters=(users["counter"], users["counter2"]),
                     passwords={name: password for name, (_, password) in DEMO_USERS.items()})

    @staticmethod
    def _casino(supervisor, spec: dict, staff: list) -> Casino:
        casino = Casino.objects.filter(name=spec["name"]).first() or casino_create(
            actor=supervisor, name=spec["name"], currency=spec["currency"],
            timezone=spec["timezone"],
        )
        casino.staff.add(*staff)  # the demo's people work at both casinos
        return casino

    def _tables(self, supervisor, dealer, spec: dict, casino: Casino, paytable: Paytable,
                schedules: dict) -> None:
        for label, game in spec["tables"]:
            table = Table.objects.filter(casino=casino, label=label).first()
            if table is None:
                table = table_create(
                    actor=supervisor, casino=casino, label=label, game=game,
                    status=TableStatus.OPEN, dealers=[dealer], pit=spec["pits"][label])
            if game == Game.CARIBBEAN_STUD and table.paytable_id is None:
                table_assign_paytable(actor=supervisor, table=table, paytable=paytable)
            if label in DEMO_POKER and table.rake_schedule_id is None:
                table_set_poker_settings(actor=supervisor, table=table,
                                         rake_schedule=schedules[label],
                                         **DEMO_POKER[label][1])
            if game == Game.CARIBBEAN_STUD and spec["currency"] == "USD" and \
                    table.progressive_id is None:
                table_link_progressive(actor=supervisor, table=table,
                                       progressive=self._jackpot(supervisor, casino))

    def _instructions(self, url: str) -> None:
        self.stdout.write(self.style.SUCCESS("Demo casino ready."))
        self.stdout.write(f"Log in at {url}/login/ as:")
        for name, (role, password) in DEMO_USERS.items():
            self.stdout.write(f"  {role.value:<16} user {name:<11} password {password}")
        jackpot = Progressive.objects.get(name=DEMO_JACKPOT)
        more = demo_floor.crew_names()
        more.remove("dealer")
        self.stdout.write(f"  more dealers     users {', '.join(more)} (the dealer's password)")
        self.stdout.write(f"Floor sign: {url}/sign/{jackpot.pk}/   API docs: {url}/api/docs/   "
                          f"health: {url}/healthz")

    def _jackpot(self, supervisor, casino: Casino) -> Progressive:
        existing = Progressive.objects.filter(name=DEMO_JACKPOT).first()
        return existing or progressives.progressive_create(
            actor=supervisor, name=DEMO_JACKPOT, casino=casino, currency="USD",
            seed=Decimal("10000.00"),
            contribution_rate=Decimal("0.70"), reserve_rate=Decimal("0.05"),
            approval_threshold=Decimal("10000.00"))

    def _paytable(self, supervisor, name: str, variant: str, casino: Casino) -> Paytable:
        existing = Paytable.objects.filter(name=name, status=PublicationStatus.PUBLISHED).first()
        if existing:
            return existing
        draft = payouts.paytable_create(actor=supervisor, name=name, variant=variant,
                                        casino=casino)
        return payouts.paytable_publish(actor=supervisor, paytable=draft)

    def _group_paytable(self, controller) -> Paytable:
        """The group's published paytable (not on a table: a USD casino's supervisor may
        give it to his tables), made and published by the group's controller."""
        name, variant, currency = GROUP_PAYTABLE
        existing = Paytable.objects.filter(name=name, casino__isnull=True).first()
        if existing:
            return existing
        draft = payouts.paytable_create(actor=controller, name=name, variant=variant,
                                        currency=currency)
        return payouts.paytable_publish(actor=controller, paytable=draft)

    def _schedule(self, supervisor, name: str, casino: Casino) -> RakeSchedule:
        existing = RakeSchedule.objects.filter(name=name,
                                               status=PublicationStatus.PUBLISHED).first()
        if existing:
            return existing
        draft = terms.schedule_create(actor=supervisor, name=name, casino=casino,
                                      **DEMO_SCHEDULES[name])
        return terms.schedule_publish(actor=supervisor, schedule=draft)

    @staticmethod
    def _players(host) -> None:
        """The group's players, opened by the host; one barred, with the reason."""
        for card, name, tier in DEMO_PLAYERS:
            if not Player.objects.filter(card=card).exists():
                player = players.player_create(actor=host, card=card, name=name, tier=tier)
                if card == BARRED[0]:
                    players.player_update(actor=host, player=player,
                                          status=PlayerStatus.EXCLUDED, reason=BARRED[1])

    def _user(self, username: str, role: Role, password: str):
        User = get_user_model()
        user, _ = User.objects.get_or_create(username=username)
        user.password = demo_password(password)
        user.is_active = True
        user.save()
        user.groups.add(Group.objects.get(name=role.value))
        return user
