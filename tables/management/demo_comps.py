"""The demo's comps (issue 29): the game math the ratings' expected win needs worked out
before the history is recorded (so each closed rating earns as it closes), each casino's
comp rules and the host's own limit, and a few comps given, one approved by the pit and
one waiting for it."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from payouts.analysis.computing import compute
from payouts.analysis.services import request_analysis
from payouts.terms.models import Paytable
from payouts.terms.versioning import PublicationStatus
from tables.comps import services as comps
from tables.comps.models import CompAccount
from tables.management.demo_history import clock_at
from tables.players.models import Player

DEMO_ANTES = ("5.00", "10.00", "25.00")   # what the history's seats ante
HOST_LIMIT = Decimal("10.00")
# (card, casino index, days before today, kind, share of his balance, reason)
GIVEN = [("10042", 0, 6, "food", Decimal("0.5"), "dinner for two at the grill"),
         ("20005", 0, 2, "show", Decimal("0.9"), "two tickets for the Saturday show"),
         ("10103", 1, 3, "food", Decimal("0.5"), "afternoon tea for two"),
         ("10077", 0, 0, "room", Decimal("0.9"), "a night in the tower, Friday")]


def work_out_game_math() -> None:
    """The published paytables' figures at the antes the history plays, worked out here
    (the worker's half, in this process): the ratings earn as they close."""
    for paytable in Paytable.objects.filter(status=PublicationStatus.PUBLISHED):
        for ante in DEMO_ANTES:
            analysis = request_analysis(actor=None, paytable=paytable, ante=Decimal(ante))
            if not analysis.ready:
                compute(analysis.pk)


def set_rules(supervisor, casinos, host) -> None:
    """A 30% reinvestment at each casino, and the host's own limit at the first."""
    for casino in casinos:
        comps.comp_rules_set(actor=supervisor, casino=casino, reinvestment=Decimal("0.30"))
    comps.comp_limit_set(actor=supervisor, casino=casinos[0], user=host, limit=HOST_LIMIT)


def give_on_day(host, supervisor, casinos, casino, back: int, day_start) -> None:
    """The host's comps of a day of the history (after its ratings closed at 20:30): a
    share of the player's balance; over her limit the pit approves it at once."""
    for card, index, when, kind, share, reason in GIVEN:
        if when == back and casinos[index] == casino:
            with clock_at(day_start + dt.timedelta(hours=11)):   # 21:00
                comp = _give(host, casino, card, kind, share, reason)
            if comp is not None and comp.needs_approval:
                with clock_at(day_start + dt.timedelta(hours=11, minutes=20)):
                    comps.comp_decide(actor=supervisor, comp=comp, approved=True)


def give_today(host, casinos) -> None:
    """Today's comp over the host's limit: it waits for the pit on /pit/comps/."""
    for card, index, when, kind, share, reason in GIVEN:
        if when == 0:
            _give(host, casinos[index], card, kind, share, reason)


def _give(host, casino, card: str, kind: str, share: Decimal, reason: str):
    player = Player.objects.get(card=card)
    account = CompAccount.objects.filter(player=player, casino=casino).first()
    amount = int((account.balance if account else 0) * share)
    if amount < 1:
        return None
    return comps.comp_give(actor=host, player=player, casino=casino, amount=Decimal(amount),
                           kind=kind, reason=reason)
