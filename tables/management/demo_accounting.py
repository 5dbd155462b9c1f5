"""The demo's last few gaming days as the pit, the cage and the count room keep them:
every banked table's shifts opened and closed with their chips, a fill or a credit now
and then on numbered slips signed at the table (a few voided), every box counted the
next morning by a team of two, the card room's rake boxes too; one opener that does not
match the closer before it, and two short boxes with their variances (one explained,
one still open). Through the same services the pages use, each on the clock of its
moment, after the rounds and hands of those days are recorded. Then the casinos keep
their table inventory here, and each banked table's current shift is open (its opener
signed by the supervisor and the dealer), so the dealer records at once."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass
from decimal import Decimal

from django.utils import timezone

from casino.common.witness import Device
from tables.chips import services as chips
from tables.chips.models import SignerRole
from tables.chips.selectors import last_inventory, rules_of
from tables.count import services as count
from tables.count.models import Variance
from tables.count.selectors import shift_results
from tables.floor.models import Game, Table
from tables.floor.shifts import last_shift
from tables.management.demo_history import clock_at
from tables.rules.chips import cash_denominations, denomination_key
from tables.stud.models import StudRound

TRAY = Decimal("20000.00")      # what a banked table opens its first shift with
LOW_TRAY = Decimal("12000.00")  # a tray that would close below this is filled
HIGH_TRAY = Decimal("18000.00")  # one that would close above this sends 2,000 back
SHORT_BOX = Decimal("60.00")    # what two boxes are found short by
# The security officers who carry the demo's fills and credits (the slips' runners).
RUNNERS = ("L. Okafor, badge 214", "M. Brandt, badge 187", "S. Patel, badge 302")
MISSING_CHIP = Decimal("25")    # what one opener finds missing since the closer before it


def _in(amount: Decimal, denominations) -> dict[str, str]:
    """An amount as chips or cash, largest first (without the odd 2.50 chip when greed
    would leave a remainder no chip makes)."""
    ordered = sorted(denominations, reverse=True)
    for usable in (ordered, [d for d in ordered if d == d.to_integral_value()]):
        counts, left = {}, amount
        for value in usable:
            n = int(left // value)
            if n:
                counts[denomination_key(value)] = str(n)
                left -= n * value
        if not left:
            return counts
    raise ValueError(f"{amount} cannot be made of {denominations}")


@dataclass
class Staff:
    """The demo's people, and the passwords the second people type."""

    supervisor: object
    dealer: object
    cage: object
    counters: tuple
    passwords: dict

    def password(self, user) -> str:
        return self.passwords[user.get_username()]


def _shift_dealer(staff: Staff, table: Table, day: dt.date, shift: int, *, last: bool):
    """Who signs a shift's slips as its dealer: the one who dealt its first round (its
    opener and its fills) or its last (its closer); the README's dealer where nobody
    dealt (a quiet shift)."""
    rounds = StudRound.objects.filter(table=table, gaming_day=day, shift=shift)
    found = (rounds.order_by("-recorded_at" if last else "recorded_at")
             .select_related("dealer").first())
    return found.dealer if found is not None else staff.dealer


def _move(staff: Staff, table: Table, kind: str, amount: Decimal, *, void: bool,
          dealer) -> None:
    """A fill or credit requested, issued and signed at the table, or voided."""
    request = chips.chips_request(actor=staff.supervisor, table=table, kind=kind,
                                  chips=_in(amount, rules_of(table.casino).denominations))
    slip = chips.slip_issue(actor=staff.cage, chip_request=request,
                            carried_by=RUNNERS[table.pk % len(RUNNERS)])
    if void:
        chips.slip_void(actor=staff.cage, slip=slip, reason="issued for the wrong table",
                        witness=staff.supervisor.get_username(),
                        witness_password=staff.password(staff.supervisor),
                        device=Device(address=None, path="/cage/"))
        return
    chips.slip_sign(actor=dealer, slip=slip, role=SignerRole.DEALER)
    chips.slip_sign(actor=staff.supervisor, slip=slip, role=SignerRole.SUPERVISOR)


def _shift(rng: random.Random, staff: Staff, table: Table, day: dt.date, shift: int,
           opener: Decimal) -> tuple[Decimal, Decimal]:
    """One shift at a banked table: its closer and the cash its box holds. Players take
    away the chips they bought and did not lose, so the tray runs down by the drop less
    the win: a fill tops it up, a credit sends the surplus back to the cage."""
    begin, end = table.casino.shift_bounds(day, shift)
    denominations = rules_of(table.casino).denominations
    dealer = _shift_dealer(staff, table, day, shift, last=False)
    with clock_at(begin + dt.timedelta(minutes=5)):
        slip = chips.inventory_open(actor=staff.supervisor, table=table, gaming_day=day,
                                    shift=shift, chips=_in(opener, denominations))
        chips.inventory_sign(actor=dealer, slip=slip, role=SignerRole.DEALER)
    recorded = shift_results([table], day, day)[(table.pk, day, shift)].recorded
    drop = Decimal(rng.randrange(5, 30) * 100)
    left = opener + recorded - drop
    fill = max(Decimal(0), ((LOW_TRAY - left) / 1000).to_integral_value("ROUND_CEILING") * 1000)
    credit = Decimal(2000) if left > HIGH_TRAY else Decimal(0)
    with clock_at(begin + dt.timedelta(hours=3)):
        if fill and rng.random() < 0.2:
            _move(staff, table, "fill", fill, void=True,  # issued for the wrong table
                  dealer=dealer)
        for kind, amount in (("fill", fill), ("credit", credit)):
            if amount:
                _move(staff, table, kind, amount, void=False, dealer=dealer)
    closer = left + fill - credit
    with clock_at(end - dt.timedelta(minutes=5)):
        slip = chips.inventory_close(actor=staff.supervisor, table=table,
                                     chips=_in(closer, denominations))
        chips.inventory_sign(actor=_shift_dealer(staff, table, day, shift, last=True),
                             slip=slip, role=SignerRole.DEALER)
    return closer, drop


def _count(staff: Staff, table: Table, day: dt.date, shift: int, *, cash=None,
           chips_counted=None) -> None:
    first, second = staff.counters
    count.box_count(actor=first, table=table, gaming_day=day, shift=shift,
                    cash=cash or {}, chips=chips_counted or {},
                    witness=second.get_username(), witness_password=staff.password(second),
                    device=Device(address=None, path="/count/"))


def _count_card_room(staff: Staff, tables: list[Table], day: dt.date) -> int:
    """Each rake box holds what the records say (the rake's odd cents in coins)."""
    counted = 0
    for key, result in shift_results(tables, day, day).items():
        chips_part = result.recorded.to_integral_value(rounding="ROUND_DOWN")
        _count(staff, result.table, day, key[2],
               chips_counted=_in(chips_part, [Decimal(1)]),
               cash=_in(result.recorded - chips_part,
                        cash_denominations(result.table.casino.currency)))
        counted += 1
    return counted


def load_accounting(*, casinos, staff: Staff, days: list[dt.date], seed: int = 17) -> int:
    """Open, close and count every shift of ``days`` at every banked table (their rounds
    already recorded) and count the card room's boxes; returns how many boxes."""
    rng = random.Random(seed)
    tables = list(Table.objects.filter(casino__in=casinos).select_related("casino")
                  .order_by("casino", "label"))
    banked = [t for t in tables if not t.is_poker and t.paytable_id]
    poker = [t for t in tables if t.is_poker]
    trays = {t.pk: TRAY for t in banked}
    counted = 0
    for index, day in enumerate(days):
        boxes = []
        for shift in (1, 2, 3):
            for table in banked:
                missing = MISSING_CHIP if (index, shift, table) == (1, 1, banked[0]) else 0
                trays[table.pk], cash = _shift(rng, staff, table, day, shift,
                                               trays[table.pk] - missing)
                boxes.append((table, shift, cash))
        with clock_at(max(t.casino.day_bounds(day)[1] for t in tables)
                      + dt.timedelta(hours=3)):
            for n, (table, shift, cash) in enumerate(boxes):
                short = SHORT_BOX if n == 2 and index < 2 else Decimal(0)
                notes = [d for d in cash_denominations(table.casino.currency) if d >= 5]
                _count(staff, table, day, shift, cash=_in(cash - short, notes))
            counted += len(boxes) + _count_card_room(staff, poker, day)
    _explain_first(staff)
    return counted


def _explain_first(staff: Staff) -> None:
    """The supervisor looks into the first variance; the second stays open."""
    variance = Variance.objects.order_by("gaming_day", "shift", "id").first()
    if variance is None:
        return
    with clock_at(variance.opened_at + dt.timedelta(hours=2)):
        count.variance_explain(actor=staff.supervisor, variance=variance,
                               found="Three 20s were found under the counting machine's "
                                     "tray after the count; the box's cash was complete.")


def deal_now(*, casinos, staff: Staff) -> int:
    """Both casinos keep their table inventory here: each banked table's current shift is
    opened with the chips its last closer left (so no discrepancy), the opener signed by
    the supervisor and the dealer, and the table is open for the dealer at once. A table
    whose shift is open already is the supervisor's to close. Returns how many opened."""
    now = timezone.now()
    opened = 0
    for casino in casinos:
        chips.accounting_rules_set(actor=staff.supervisor, casino=casino,
                                   inventory_in_service=True)
        for table in Table.objects.filter(casino=casino, game=Game.CARIBBEAN_STUD,
                                          paytable__isnull=False).order_by("label"):
            shift = last_shift(table)
            if shift is not None and shift.opened:
                continue
            closer = last_inventory(table)
            tray = (closer.chips if closer is not None
                    else _in(TRAY, rules_of(casino).denominations))
            opener = chips.inventory_open(actor=staff.supervisor, table=table,
                                          gaming_day=casino.gaming_day(now),
                                          shift=casino.shift(now), chips=tray)
            chips.inventory_sign(actor=staff.dealer, slip=opener, role=SignerRole.DEALER)
            opened += 1
    return opened
