"""A jackpot approval is stored once, on its HitApproval (the record that carries the
witness and is sealed): the hit keeps no copy, and every reader reads the record."""

from __future__ import annotations

from django.utils import timezone

from payouts.jackpots.models import HitApproval, HitStatus, JackpotHit
from tables.reports.jackpots import jackpot_report
from tables.reports.selection import Selection
from tests.jackpots.conftest import approve


def test_the_hit_keeps_no_copy_of_its_approval():
    fields = {field.name for field in JackpotHit._meta.concrete_fields}
    assert not fields & {"approved_by", "approved_at"}


def test_the_jackpot_report_lists_who_approved_a_hit_from_its_approval(supervisor, witness,
                                                                        plain_hit):
    approve(supervisor, plain_hit)
    approval = HitApproval.objects.get()
    day = plain_hit.progressive.books_day(plain_hit.recorded_at)

    report = jackpot_report(Selection(first=day, last=day, progressive=plain_hit.progressive))

    (listed,) = report.extra["hits"]
    assert (listed["status"], listed["approved_by"], listed["approved_at"]) == (
        "paid", supervisor.username, approval.approved_at.isoformat())


def test_an_approval_from_before_witnesses_shows_as_such(client, supervisor, plain_hit):
    # As migration payouts 0024 moves one from the hit: an approval without a witness.
    HitApproval.objects.create(hit=plain_hit, approved_by=supervisor,
                               approved_at=timezone.now())
    JackpotHit.objects.filter(pk=plain_hit.pk).update(status=HitStatus.PAID)
    client.force_login(supervisor)

    page = client.get(f"/pit/jackpot-hits/{plain_hit.pk}/approve/").content.decode()

    assert f"Approved by {supervisor.username} at " in page
    assert "before approvals had a witness" in page
