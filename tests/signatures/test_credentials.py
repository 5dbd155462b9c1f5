"""The second person of an approval is proven by her own password, and the record says by
which version of her log-in (issue 45, point 4): a log-in the owner changed in the
database vouches for nobody, at the approval or in the proof."""

from __future__ import annotations

import json

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from casino.common import credentials, proof, signing, verification
from casino.common.audit import changed_by
from casino.common.witness import Device
from casino.models import Signature
from tables.comps import services as comps
from tables.comps.models import CompLimit
from tests.conftest import make_user

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def sue(supervisor):
    return make_user("sue_supervisor", "supervisor")


def raise_own_limit(supervisor, casino, password="sue_supervisor-password-1"):
    return comps.comp_limit_set(actor=supervisor, casino=casino, user=supervisor,
                                limit="250.00", witness="sue_supervisor",
                                witness_password=password, device=Device(address=None, path="/"))


def context_of(row) -> dict:
    from pghistory.models import Events

    return Events.objects.tracks(row).order_by("pgh_id").last().pgh_context


def signed_versions(user) -> list[str]:
    return list(Signature.objects.filter(record_table="auth_user", record=str(user.pk))
                .order_by("id").values_list("digest", flat=True))


def test_the_change_names_the_second_person_and_the_signed_version_of_her_log_in(
        supervisor, sue, us_casino):
    own = raise_own_limit(supervisor, us_casino)
    context = context_of(own)
    assert context["witness"] == sue.pk
    # The version her password was checked against is the one the service signed last.
    assert context["credential"] == signed_versions(sue)[-1]
    assert credentials.proven(sue) == (context["credential"], "")
    assert credentials.breaks() == []
    assert verification.breaks() == []


def test_a_password_hash_put_in_by_the_owner_confirms_nothing(supervisor, sue, us_casino,
                                                                owner_sql, dealer):
    # The owner gives Sue the dealer's hash: the dealer's password now opens Sue's log-in.
    owner_sql("UPDATE auth_user SET password = (SELECT password FROM auth_user WHERE id = "
              "%s) WHERE id = %s", [dealer.pk, sue.pk])
    with pytest.raises(ValidationError) as refused:
        raise_own_limit(supervisor, us_casino, password=f"{dealer.username}-password-1")
    assert refused.value.message_dict["witness_password"] == [
        "sue_supervisor's log-in was changed outside the service (in the database, by "
        "hand): sue_supervisor cannot confirm until a supervisor sets a new password for "
        "sue_supervisor."]
    assert not CompLimit.objects.exists()

    # A new password set through the service is signed and in the audit trail (who, when,
    # never the hash), and she confirms again.
    sue = User.objects.get(pk=sue.pk)
    sue.set_password("sue-new-password-2")
    with changed_by(supervisor, "password reset at the podium"):
        sue.save()
    events = apps.get_model("house", "StaffAccountEvent").objects
    changed = events.filter(pgh_obj=sue.pk, pgh_label="password changed").order_by("pgh_id")
    # The owner's change is in the trail too, with nobody's context (triggers on).
    assert [e.pgh_context and (e.pgh_context.metadata["user"],
                               e.pgh_context.metadata["reason"]) for e in changed] == [
        None, (supervisor.pk, "password reset at the podium")]
    assert not hasattr(changed.first(), "password")
    own = raise_own_limit(supervisor, us_casino, password="sue-new-password-2")
    assert context_of(own)["credential"] == signed_versions(sue)[-1]


def test_the_proof_finds_an_approval_by_a_version_the_service_never_signed(
        supervisor, sue, us_casino, owner_sql, dealer, monkeypatch):
    """Had the check at the approval been got around, the proof still finds it: the
    version the approval keeps is none the service signed of her log-in before it."""
    owner_sql("UPDATE auth_user SET password = (SELECT password FROM auth_user WHERE id = "
              "%s) WHERE id = %s", [dealer.pk, sue.pk])
    monkeypatch.setattr(credentials, "_vouched", lambda *args: True)
    own = raise_own_limit(supervisor, us_casino, password=f"{dealer.username}-password-1")
    context = own.events.order_by("pgh_id").last().pgh_context
    assert context.metadata["credential"] not in signed_versions(sue)
    assert [b["sentence"] for b in credentials.breaks()] == [
        f"The context {context.pk}: its second person (user {sue.pk}) was proven against a "
        "log-in the service never signed (her password set in the database, by hand)."]
    assert any(b["ledger"] == "credentials" for b in verification.breaks())


def test_a_version_signed_only_after_the_approval_does_not_vouch_for_it(
        supervisor, sue, us_casino, owner_sql):
    own = raise_own_limit(supervisor, us_casino)
    context = own.events.order_by("pgh_id").last().pgh_context
    # The owner moves the approval's claim to a later version of her log-in: its
    # signature no longer matches, and the claim names a version signed after it.
    sue = User.objects.get(pk=sue.pk)
    sue.set_password("sue-new-password-2")
    sue.save()
    later = signed_versions(sue)[-1]
    metadata = {**context.metadata, "credential": later}
    owner_sql("UPDATE pghistory_context SET metadata = %s WHERE id = %s",
              [json.dumps(metadata), str(context.pk)])
    assert [b["entry"] for b in credentials.breaks()] == [f"pghistory_context {context.pk}"]
    assert f"pghistory_context {context.pk}" in {b["entry"] for b in proof.breaks()}


def test_every_approval_record_keeps_the_version(sue):
    """Each record a second person confirms keeps the column, registered for the proof."""
    kept = {(claim.table, claim.person) for claim in credentials._ATTESTED}
    assert kept == {("payouts_hitapproval", "witnessed_by_id"),
                    ("payouts_correctionconfirmation", "confirmed_by_id"),
                    ("tables_chipslipvoid", "witnessed_by_id"),
                    ("tables_boxcount", "witnessed_by_id"),
                    ("tables_countcorrection", "witnessed_by_id")}
    assert signing.signed_tables().keys() >= {table for table, _ in kept}
