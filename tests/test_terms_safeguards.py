"""The supervisor's safeguards in the terms services: what is published is what the page
showed, terms go only to the tables they belong to, a schedule keeps only its method's
terms, and every refusal names the field and the value."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from pghistory.models import Events

from payouts.terms import services as terms
from payouts.terms.models import Paytable, RakeSchedule
from payouts.terms.selectors import terms_visible_to, usable_at
from payouts.terms.versioning import StaleTerms
from tables.floor.services import (
    casino_create,
    table_assign_paytable,
    table_create,
    table_set_poker_settings,
)
from tests.conftest import make_user

pytestmark = pytest.mark.django_db
D = Decimal


@pytest.fixture
def mayfair(supervisor):
    return casino_create(actor=supervisor, name="Mayfair Card Club", currency="GBP",
                         timezone="Europe/London")


@pytest.fixture
def harbor(supervisor):
    return casino_create(actor=supervisor, name="Harbor Lights", currency="USD",
                         timezone="America/New_York")


def published_paytable(actor, **owner):
    draft = terms.paytable_create(actor=actor, name="US Caribbean Stud", variant="us", **owner)
    return terms.paytable_publish(actor=actor, paytable=draft)


def published_schedule(actor, **owner):
    draft = terms.schedule_create(actor=actor, name="Ten", percent=D(10), cap=D(5), **owner)
    return terms.schedule_publish(actor=actor, schedule=draft)


# --- What is published is what the page showed ------------------------------------------


def test_a_draft_changed_since_the_page_showed_it_is_not_published(controller):
    draft = terms.paytable_create(actor=controller, name="Draft", variant="us")
    seen = draft.fingerprint()
    terms.paytable_update(actor=controller, paytable=draft,
                          odds={**draft.odds, "flush": 9})  # another window

    with pytest.raises(StaleTerms, match=r"Draft v1 was changed .* nothing was saved or "
                                         r"published"):
        terms.paytable_publish(actor=controller, paytable=draft, seen=seen,
                               changes={"max_payout": D(6000)})

    draft.refresh_from_db()
    assert (draft.status, draft.odds["flush"], draft.max_payout) == ("draft", 9, D(5000))


def test_a_stale_schedule_is_neither_saved_nor_published(controller):
    draft = terms.schedule_create(actor=controller, name="Ten", percent=D(10))
    seen = draft.fingerprint()
    terms.schedule_update(actor=controller, schedule=draft, percent=D(8))

    with pytest.raises(StaleTerms):
        terms.schedule_update(actor=controller, schedule=draft, seen=seen, percent=D(5))
    with pytest.raises(StaleTerms):
        terms.schedule_publish(actor=controller, schedule=draft, seen=seen)

    draft.refresh_from_db()
    assert (draft.status, draft.percent) == ("draft", D(8))


def test_publishing_with_the_pages_edits_saves_them_then_freezes_the_draft(controller):
    draft = terms.paytable_create(actor=controller, name="Draft", variant="us")

    published = terms.paytable_publish(actor=controller, paytable=draft,
                                       seen=draft.fingerprint(),
                                       changes={"odds": {**draft.odds, "flush": 6}})

    published.refresh_from_db()
    assert (published.status, published.odds["flush"]) == ("published", 6)
    reasons = [e.pgh_context["reason"] for e in
               Events.objects.tracks(published).order_by("pgh_id") if e.pgh_context]
    assert reasons[-2:] == ["paytable draft edited", "paytable published"]


def test_the_fingerprint_follows_the_terms_not_the_instance(controller):
    draft = terms.paytable_create(actor=controller, name="Draft", variant="us")
    first = Paytable.objects.get(pk=draft.pk).fingerprint()

    assert Paytable.objects.get(pk=draft.pk).fingerprint() == first
    terms.paytable_update(actor=controller, paytable=draft, max_ante=D(50))
    assert Paytable.objects.get(pk=draft.pk).fingerprint() != first


def test_a_retire_after_the_page_was_shown_is_refused_when_the_version_changed(controller):
    paytable = published_paytable(controller)

    with pytest.raises(StaleTerms):
        terms.paytable_retire(actor=controller, paytable=paytable, seen="something else")

    paytable.refresh_from_db()
    assert paytable.status == "published"


# --- Whose terms, and which table may have them -----------------------------------------


def test_terms_are_in_their_casinos_currency_or_the_one_their_drafter_keeps(
        supervisor, mayfair):
    assert published_paytable(supervisor, casino=mayfair).currency == "GBP"
    # A group supervisor on Mayfair's staff only: the group's terms default to pounds.
    drafter = make_user("mia_controller", "group_supervisor", at=[mayfair])
    assert published_paytable(drafter).currency == "GBP"


def test_a_drafter_of_casinos_in_several_currencies_names_the_currency(supervisor, mayfair,
                                                                       harbor):
    drafter = make_user("mia_controller", "group_supervisor", at=[mayfair, harbor])
    with pytest.raises(ValidationError, match=r"Say which currency .* GBP and USD"):
        terms.paytable_create(actor=drafter, name="Shared", variant="us")
    with pytest.raises(ValidationError, match="Mayfair Card Club keeps its books in GBP"):
        terms.paytable_create(actor=supervisor, name="Odd", variant="us", casino=mayfair,
                              currency="USD")

    assert terms.paytable_create(actor=drafter, name="Shared", variant="us",
                                 currency="USD").currency == "USD"
    assert not Paytable.objects.filter(name="Odd").exists()


def test_only_a_casinos_staff_drafts_its_terms(supervisor, mayfair):
    stranger = make_user("sid_stranger", "supervisor", at=[])

    with pytest.raises(ValidationError, match="sid_stranger is not on the staff"):
        terms.schedule_create(actor=stranger, name="Theirs", percent=D(5), casino=mayfair)


def test_another_casinos_paytable_is_refused_by_name(supervisor, mayfair, harbor):
    table = table_create(actor=supervisor, casino=harbor, label="CS-1", game="caribbean_stud")
    pounds = published_paytable(supervisor, casino=mayfair)

    with pytest.raises(ValidationError) as refused:
        table_assign_paytable(actor=supervisor, table=table, paytable=pounds)

    assert refused.value.message_dict["paytable"] == [
        "US Caribbean Stud v1 belongs to Mayfair Card Club (GBP); CS-1 is at Harbor Lights "
        "(USD)."]
    table.refresh_from_db()
    assert table.paytable_id is None


def test_the_groups_paytable_in_another_currency_is_refused_by_name(supervisor, controller,
                                                                   mayfair, harbor):
    table = table_create(actor=supervisor, casino=harbor, label="CS-1", game="caribbean_stud")
    pounds = published_paytable(controller, currency="GBP")
    dollars = published_paytable(controller, currency="USD")

    with pytest.raises(ValidationError, match=r"US Caribbean Stud v1 is the group's, in GBP; "
                                              r"CS-1 is at Harbor Lights \(USD\)"):
        table_assign_paytable(actor=supervisor, table=table, paytable=pounds)
    assert table_assign_paytable(actor=supervisor, table=table,
                                 paytable=dollars).paytable == dollars


def test_another_casinos_schedule_is_refused_by_name(supervisor, mayfair, harbor):
    table = table_create(actor=supervisor, casino=harbor, label="HE-1", game="holdem")
    theirs = published_schedule(supervisor, casino=mayfair)

    with pytest.raises(ValidationError, match=r"Ten v1 belongs to Mayfair Card Club \(GBP\); "
                                              r"HE-1 is at Harbor Lights \(USD\)"):
        table_set_poker_settings(actor=supervisor, table=table, rake_schedule=theirs,
                                 structure="no_limit", big_blind=D(2), small_blind=D(1))

    table.refresh_from_db()
    assert (table.rake_schedule_id, table.poker_settings_version) == (None, 0)


def test_a_table_is_offered_its_casinos_terms_and_the_groups_in_its_currency(
        supervisor, controller, mayfair, harbor):
    own = published_paytable(supervisor, casino=harbor)
    shared = published_paytable(controller, currency="USD")
    published_paytable(supervisor, casino=mayfair)
    published_paytable(controller, currency="GBP")
    terms.paytable_create(actor=supervisor, name="Draft", variant="us", casino=harbor)

    assert set(usable_at(Paytable, harbor)) == {own, shared}


def test_a_casinos_terms_are_read_by_its_staff_and_the_groups_by_everyone(supervisor, controller,
                                                                         mayfair, harbor):
    theirs = published_schedule(supervisor, casino=mayfair)
    shared = published_schedule(controller, currency="USD")
    harbor_boss = make_user("hal_harbor", "supervisor", at=[harbor])

    assert set(terms_visible_to(RakeSchedule, harbor_boss)) == {shared}
    assert set(terms_visible_to(RakeSchedule, supervisor)) == {theirs, shared}


def test_a_new_version_keeps_its_owner(supervisor, mayfair):
    v1 = published_schedule(supervisor, casino=mayfair)

    v2 = terms.schedule_new_version(actor=supervisor, schedule=v1)

    assert (v2.casino, v2.currency) == (mayfair, "GBP")


# --- A schedule keeps only its method's terms -------------------------------------------


def test_changing_a_drafts_method_leaves_the_other_methods_terms_at_their_defaults(controller):
    draft = terms.schedule_create(actor=controller, name="Was ten", percent=D(10), cap=D(5),
                                  caps_by_players={"2": "1.00"}, increment=D(1))

    changed = terms.schedule_update(actor=controller, schedule=draft, method="fixed_drop",
                                    fixed_drop=D(1))

    changed.refresh_from_db()
    assert (changed.method, changed.fixed_drop, changed.percent, changed.cap,
            changed.caps_by_players, changed.increment) == (
        "fixed_drop", D(1), D(0), None, {}, D("0.01"))


def test_another_methods_amount_given_outright_is_still_refused(controller):
    draft = terms.schedule_create(actor=controller, name="Drop", method="fixed_drop",
                                  fixed_drop=D(1))

    with pytest.raises(ValidationError, match="takes no percentage or cap"):
        terms.schedule_update(actor=controller, schedule=draft, method="fixed_drop",
                              percent=D(10))


# --- Refusals in words ------------------------------------------------------------------


@pytest.mark.parametrize(("changes", "field", "words"), [
    ({"percent": D(120)}, "percent", "120 is more than 100."),
    ({"percent": D(-1)}, "percent", "-1 is below 0."),
    ({"increment": D(0)}, "increment", "0 is not more than 0"),
])
def test_a_schedule_out_of_range_is_refused_naming_the_value(controller, changes, field, words):
    draft = terms.schedule_create(actor=controller, name="Ten", percent=D(10))

    with pytest.raises(ValidationError) as refused:
        terms.schedule_update(actor=controller, schedule=draft, **changes)

    assert words in refused.value.message_dict[field][0]
    assert "Constraint" not in str(refused.value)


@pytest.mark.parametrize("model", [Paytable, RakeSchedule])
def test_every_check_constraint_of_the_terms_has_words(model):
    from django.db.models import CheckConstraint

    checks = {c.name for c in model._meta.constraints if isinstance(c, CheckConstraint)}

    assert checks == set(model.CONSTRAINT_WORDS)


def test_a_published_versions_owner_is_frozen_with_its_terms(supervisor, mayfair):
    from django.db import DatabaseError, transaction

    paytable = published_paytable(supervisor, casino=mayfair)

    with pytest.raises(DatabaseError), transaction.atomic():
        Paytable.objects.filter(pk=paytable.pk).update(currency="USD")
    with pytest.raises(DatabaseError), transaction.atomic():
        Paytable.objects.filter(pk=paytable.pk).update(casino=None)
    with pytest.raises(ValidationError, match="can no longer change"):
        terms.paytable_update(actor=supervisor, paytable=paytable, currency="USD")
