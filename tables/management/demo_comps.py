"""The demo's comps (issue 29): the game math the ratings' expected win needs worked out
before the history is recorded (so each closed rating earns as it closes), each casino's
comp rules and the host's own limit, and a few comps given, one approved by the pit and
one waiting for it."""

from __future__ import annotations

import datetime as dt
from contextlib import nullcontext
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
         ("10077", 0, 0, "room", Decimal("0.9"), "a night in the tower, Friday")]


def work_out_game_math() -> None:
    """The published paytables' figures at the antes the history plays, worked out here
    (the worker's half, in this process): the ratings earn as they close."""
    for paytable in Paytable.objects.filter(status=PublicationStatus.PUBLISHED):
        for ante in DEMO_ANTES:
            analysis = request_analysis(paytable, Decimal(ante))
            if not analysis.ready:
                compute(analysis.pk)


def set_rules(supervisor, casinos, host) -> None:
    """A 30% reinvestment at each casino, and the host's own limit at the first."""
    for casino in casinos:
        comps.comp_rules_set(actor=supervisor, casino=casino, reinvestment=Decimal("0.30"))
    comps.comp_limit_set(actor=supervisor, casino=casinos[0], user=host, limit=HOST_LIMIT)


def give(host, supervisor, casinos, today: dt.date) -> int:
    """The host gives a share of a player's balance; over her limit the comp waits, and
    the pit approves those of earlier days (today's waits on /pit/comps/)."""
    given = 0
    for card, index, back, kind, share, reason in GIVEN:
        casino = casinos[index]
        player = Player.objects.get(card=card)
        day_start = casino.day_bounds(today - dt.timedelta(days=back))[0]
        with clock_at(day_start + dt.timedelta(hours=14)) if back else nullcontext():
            account = CompAccount.objects.filter(player=player, casino=casino).first()
            amount = int((account.balance if account else 0) * share)
            if amount < 1:
                continue
            comp = comps.comp_give(actor=host, player=player, casino=casino,
                                   amount=Decimal(amount), kind=kind, reason=reason)
        if comp.needs_approval and back:
            with clock_at(day_start + dt.timedelta(hours=15)):
                comps.comp_decide(actor=supervisor, comp=comp, approved=True)
        given += 1
    return given
