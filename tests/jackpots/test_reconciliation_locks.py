"""The nightly reconciliation holds one meter at a time: each meter's check is a short
transaction of its own, so a round feeding one meter never waits for the whole run."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from payouts.jackpots import reconciliation
from payouts.jackpots.services import progressive_create

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_meter_already_checked_is_free_while_the_next_is_checked(controller, owner_sql,
                                                                    monkeypatch):
    first, second = (progressive_create(actor=controller, name=name, currency="USD",
                                        seed=D("1000.00"), contribution_rate=D("0.5"))
                     for name in ("Bay Jackpot", "Cove Jackpot"))
    taken = []
    reconcile_day = reconciliation.reconcile_day

    def while_checking(progressive, day, meter="meter"):
        if progressive.pk == second.pk and meter == "meter":
            # Another connection takes the first meter at once, or fails if it is held.
            taken.extend(owner_sql("SELECT id FROM payouts_progressive WHERE id = %s "
                                   "FOR UPDATE NOWAIT", [first.pk]))
        return reconcile_day(progressive, day, meter)

    monkeypatch.setattr(reconciliation, "reconcile_day", while_checking)
    checks = reconciliation.check_all()

    assert taken == [(first.pk,)]
    assert (len(checks), all(check.balanced for check in checks)) == (6, True)
