"""The supervisor's progressive pages: create a meter, change it (shown what each change
does, then saved), correct it with a reason, link and unlink its tables. Refusals stand
next to their field in words; nothing is stored on a refusal; dealers and accountants get
403, another casino's meters and tables 404."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from pghistory.models import Events

from casino.house.models import Casino
from payouts.jackpots import services as progressives
from payouts.jackpots.models import MeterEntry, MeterKind, Progressive
from tables.floor.services import casino_create, table_create
from tests.conftest import make_user

pytestmark = pytest.mark.django_db

AWARDS = {"award_royal_flush": "percent", "award_royal_flush_value": "100",
          "award_flush": "fixed", "award_flush_value": "50.00"}


def new_meter(casino, **changes) -> dict:
    return {"name": "Harbor Mega", "casino": casino.pk, "currency": "USD", "wager": "1.00",
            "seed": "5000.00", "contribution_rate": "25", "reserve_rate": "5",
            "limit": "", "approval_threshold": "10000.00", **AWARDS, **changes}


def parameters_of(progressive, **changes) -> dict:
    return {"name": progressive.name, "wager": progressive.wager, "seed": progressive.seed,
            # the rates as the form takes them: a percent
            "contribution_rate": progressive.contribution_rate * 100,
            "reserve_rate": progressive.reserve_rate * 100, "limit": progressive.limit or "",
            "approval_threshold": progressive.approval_threshold,
            **{f"award_{c}": next(iter(spec)) for c, spec in progressive.awards.items()},
            **{f"award_{c}_value": next(iter(spec.values()))
               for c, spec in progressive.awards.items()}, **changes}


def text(response) -> str:
    return response.content.decode()


@pytest.fixture
def progressive(supervisor, us_casino):
    """Harbor's own meter, which its supervisor's pages change and correct (the group's
    wide-area meters are a group supervisor's: tests/test_group_governance.py)."""
    return progressives.progressive_create(
        actor=supervisor, name="Harbor Jackpot", currency="USD", seed=D("10000.00"),
        contribution_rate=D("0.70"), approval_threshold=D("20000.00"), casino=us_casino)


def test_a_supervisor_creates_a_meter_at_its_seed_with_the_awards_given(
        client, supervisor, us_casino):
    client.force_login(supervisor)

    response = client.post("/pit/progressives/new/", new_meter(us_casino))

    meter = Progressive.objects.get(name="Harbor Mega")
    assert response["Location"] == f"/pit/progressives/{meter.pk}/"
    assert (meter.casino, meter.amount, meter.reserve_rate) == (us_casino, D("5000.00"),
                                                                 D("0.05"))
    assert meter.awards == {"royal_flush": {"percent": "100"}, "flush": {"fixed": "50.00"}}
    seed = MeterEntry.objects.get(progressive=meter)
    assert (seed.kind, seed.amount, seed.created_by) == (MeterKind.RESET, D("5000.00"),
                                                         supervisor)
    created = Events.objects.tracks(meter).get()
    assert created.pgh_context["user"] == supervisor.pk


def test_a_casinos_meter_needs_no_currency_typed_and_a_wide_area_one_does(
        client, supervisor, controller, us_casino):
    client.force_login(supervisor)
    client.post("/pit/progressives/new/", new_meter(us_casino, currency=""))
    meter = Progressive.objects.get(name="Harbor Mega")
    assert meter.currency == "USD"  # the casino's own
    page = client.get(f"/pit/progressives/{meter.pk}/").content.decode()
    assert "<th>Paid from the meter (percent awards)</th>" in page
    assert "<th>Put back to the seed after hits</th>" in page

    client.force_login(controller)
    refused = client.post("/pit/progressives/new/", {**new_meter(us_casino, name="Wide",
                                                                 currency=""), "casino": ""})
    assert refused.status_code == 400
    assert "none given: a wide-area meter&#x27;s currency is chosen here." in \
        refused.content.decode()
    assert not Progressive.objects.filter(name="Wide").exists()


def test_the_new_meter_form_starts_with_the_usual_awards_at_the_supervisors_casino(
        client, supervisor, us_casino):
    client.force_login(supervisor)
    page = text(client.get("/pit/progressives/new/"))
    assert f'<option value="{us_casino.pk}" selected>' in page
    assert 'name="award_four_of_a_kind_value" value="500.00"' in page


@pytest.mark.parametrize(("changes", "field", "words"), [
    ({"seed": ""}, "seed", "none given."),
    ({"contribution_rate": "150"}, "contribution_rate", "150 is not a percent from 0 to 100."),
    ({"contribution_rate": "7000"}, "contribution_rate", "7000 is not a percent from 0 to 100."),
    ({"contribution_rate": "12.3456"}, "contribution_rate",
     "12.3456 has more than 3 decimal places."),
    ({"seed": "1E+4"}, "seed", "&#x27;1E+4&#x27; is not an amount: write it like 12.50."),
    ({"award_flush_value": "-5"}, "award_flush_value", "-5 is out of range."),
    ({"award_flush_value": ""}, "award_flush_value", "Give the percent or the amount."),
    ({"award_royal_flush_value": "150"}, "award_royal_flush_value", "150 is out of range."),
    ({"currency": "GBP"}, "currency", "Test Harbor keeps its books in USD; a meter it keeps is "
                                      "in USD too, not GBP."),
    ({"name": "Harbor Jackpot"}, "name", "There is already a progressive named "
                                         "&#x27;Harbor Jackpot&#x27;"),
    ({"limit": "100.00"}, "limit", "The limit 100.00 is below the seed 5000.00."),
], ids=["no seed", "rate above 100", "rate far above 100", "rate places", "exponent",
        "negative award",
        "award without amount", "percent above 100", "currency", "duplicate name", "limit"])
def test_a_refused_meter_is_explained_next_to_its_field_and_not_created(
        client, supervisor, us_casino, progressive, changes, field, words):
    client.force_login(supervisor)

    response = client.post("/pit/progressives/new/", new_meter(us_casino, **changes))

    assert response.status_code == 400
    page = text(response)
    assert f'<div class="error" id="id_{field}_error">' in page
    after = page.split(f'id="id_{field}_error">', 1)[1]
    assert after.startswith(words), after[:200]
    assert 'aria-invalid="true"' in page
    assert "This field" not in page
    assert "Ensure" not in page
    assert not Progressive.objects.filter(name="Harbor Mega").exists()


def test_a_meter_needs_at_least_one_award(client, supervisor, us_casino):
    client.force_login(supervisor)
    response = client.post("/pit/progressives/new/", new_meter(
        us_casino, award_royal_flush="", award_flush=""))
    assert response.status_code == 400
    assert "Give at least one hand an award." in text(response)


def test_a_change_is_shown_with_what_it_does_and_saved_only_when_confirmed(
        client, supervisor, progressive):
    client.force_login(supervisor)
    address = f"/pit/progressives/{progressive.pk}/edit/"
    changed = parameters_of(progressive, seed="12000.00", contribution_rate="50",
                            award_flush="percent", award_flush_value="5")

    preview = client.post(address, changed)

    assert preview.status_code == 200
    page = text(preview)
    assert "The seed becomes $12,000.00 (was $10,000.00)" in page
    assert "50% of each side wager goes to the meter (was 70%)" in page
    assert "Flush pays 5% of the meter (was a fixed $50.00)" in page
    assert 'name="confirm" value="yes"' in page
    progressive.refresh_from_db()
    assert progressive.seed == D("10000.00")

    saved = client.post(address, {**changed, "confirm": "yes"})

    assert saved["Location"] == f"/pit/progressives/{progressive.pk}/"
    progressive.refresh_from_db()
    assert (progressive.seed, progressive.contribution_rate) == (D("12000.00"), D("0.5"))
    assert progressive.awards["flush"] == {"percent": "5"}
    assert progressive.amount == D("10000.00")  # the meter itself never moves here
    event = Events.objects.tracks(progressive).order_by("-pgh_id").first()
    assert (event.pgh_context["user"], event.pgh_context["reason"]) == (
        supervisor.pk, "progressive parameters changed")
    history = text(client.get(f"/pit/progressives/{progressive.pk}/"))
    assert "Seed: 10,000.00 → 12,000.00" in history


def test_a_change_checked_before_it_is_confirmed_leaves_nothing_behind(
        client, supervisor, progressive):
    """The check is the write itself, tried and undone: no parameter, no audit event."""
    client.force_login(supervisor)
    events = Events.objects.tracks(progressive).count()

    preview = client.post(f"/pit/progressives/{progressive.pk}/edit/", parameters_of(
        progressive, seed="12000.00"))

    assert preview.status_code == 200
    assert "The seed becomes $12,000.00 (was $10,000.00)" in text(preview)
    progressive.refresh_from_db()
    assert progressive.seed == D("10000.00")
    assert Events.objects.tracks(progressive).count() == events


def test_a_refused_change_is_not_offered_for_confirmation(client, supervisor, progressive):
    client.force_login(supervisor)
    response = client.post(f"/pit/progressives/{progressive.pk}/edit/", parameters_of(
        progressive, limit="9000.00", confirm="yes"))

    assert response.status_code == 400
    page = text(response)
    assert 'id="id_limit_error">The limit 9000.00 is below the seed 10000.00.' in page
    assert 'name="confirm"' not in page
    progressive.refresh_from_db()
    assert progressive.limit is None


def test_a_limit_under_the_meter_says_the_meter_stops_growing(client, supervisor,
                                                              progressive):
    progressives.progressive_correct(actor=supervisor, progressive=progressive, meter="meter",
                                     new_balance=D("15000.00"), reason="count")
    client.force_login(supervisor)
    page = text(client.post(f"/pit/progressives/{progressive.pk}/edit/",
                            parameters_of(progressive, limit="12000.00")))
    assert "the meter, at $15,000.00, is already above it, so it stops growing" in page


def test_saving_unchanged_parameters_changes_nothing(client, supervisor, progressive):
    client.force_login(supervisor)
    before = Events.objects.tracks(progressive).count()
    response = client.post(f"/pit/progressives/{progressive.pk}/edit/",
                           parameters_of(progressive), follow=True)
    assert "parameters are as they were" in text(response)
    assert Events.objects.tracks(progressive).count() == before


def test_a_correction_is_confirmed_then_written_to_the_ledger_with_its_reason(
        client, supervisor, progressive):
    client.force_login(supervisor)
    address = f"/pit/progressives/{progressive.pk}/correct/"
    body = {"meter": "meter", "new_balance": "10050.00", "reason": "count sheet 118"}

    preview = client.post(address, body)
    assert "The meter goes from $10,000.00 to $10,050.00 (+$50.00)" in text(preview)
    assert not MeterEntry.objects.filter(kind=MeterKind.CORRECTION).exists()

    client.post(address, {**body, "confirm": "yes"})
    entry = MeterEntry.objects.get(kind=MeterKind.CORRECTION)
    assert (entry.amount, entry.reason, entry.created_by) == (D("50.00"), "count sheet 118",
                                                              supervisor)


@pytest.mark.parametrize(("body", "words"), [
    ({"new_balance": "10000.00"}, "The meter is already at 10000.00: there is nothing to "
                                  "correct."),
    ({"new_balance": "-1"}, "-1 is less than 0."),
    ({"reason": ""}, "none given."),
])
def test_a_refused_correction_is_explained_and_not_written(client, supervisor, progressive,
                                                           body, words):
    client.force_login(supervisor)
    response = client.post(f"/pit/progressives/{progressive.pk}/correct/", {
        "meter": "meter", "new_balance": "10050.00", "reason": "count", "confirm": "yes",
        **body})
    assert response.status_code == 400
    assert words in text(response)
    assert not MeterEntry.objects.filter(kind=MeterKind.CORRECTION).exists()


def test_a_supervisor_links_and_unlinks_a_table(client, supervisor, live_table, progressive):
    client.force_login(supervisor)
    address = f"/pit/progressives/{progressive.pk}/tables/"

    linked = client.post(address, {"action": "link", "table": live_table.pk}, follow=True)
    assert "CS-1 feeds Harbor Jackpot from its next round." in text(linked)
    live_table.refresh_from_db()
    assert live_table.progressive == progressive
    context = Events.objects.tracks(live_table).order_by("-pgh_id").first().pgh_context
    assert (context["user"], context["reason"]) == (supervisor.pk, "progressive Harbor Jackpot")

    client.post(address, {"action": "unlink", "table": live_table.pk})
    live_table.refresh_from_db()
    assert live_table.progressive is None


def test_a_table_the_meter_cannot_feed_is_refused_next_to_the_choice(client, supervisor,
                                                                      controller):
    wide = progressives.progressive_create(  # the group's, in dollars: any USD table's
        actor=controller, name="Harbor Jackpot", currency="USD", seed=D("10000.00"),
        contribution_rate=D("0.70"))
    pounds = casino_create(actor=supervisor, name="Mayfair", currency="GBP",
                           timezone="Europe/London")
    table = table_create(actor=supervisor, casino=pounds, label="CSP-1", game="caribbean_stud")
    client.force_login(supervisor)

    response = client.post(f"/pit/progressives/{wide.pk}/tables/",
                           {"action": "link", "table": table.pk})

    assert response.status_code == 400
    assert ('<div class="error" id="link-table_error">Harbor Jackpot is kept in USD; CSP-1 '
            'plays in GBP.</div>') in text(response)
    table.refresh_from_db()
    assert table.progressive_id is None


def test_unlinking_a_table_that_feeds_another_meter_is_refused(client, supervisor,
                                                               jackpot_table):
    other = progressives.progressive_create(actor=supervisor, name="Other", currency="USD",
                                            seed=D(100), contribution_rate=D("0.1"),
                                            casino=jackpot_table.casino)
    client.force_login(supervisor)
    response = client.post(f"/pit/progressives/{other.pk}/tables/",
                           {"action": "unlink", "table": jackpot_table.pk})
    assert response.status_code == 400
    assert "CS-1 does not feed Other." in text(response)
    jackpot_table.refresh_from_db()
    assert jackpot_table.progressive is not None


PAGES = ["/pit/progressives/new/", "/pit/progressives/{meter}/edit/",
         "/pit/progressives/{meter}/correct/", "/pit/progressives/{meter}/tables/"]


@pytest.mark.parametrize("page", PAGES)
def test_dealers_and_accountants_may_not_open_the_meter_pages(client, dealer, accountant,
                                                              progressive, page):
    for user in (dealer, accountant):
        client.force_login(user)
        assert client.get(page.format(meter=progressive.pk)).status_code == 403
        assert client.post(page.format(meter=progressive.pk), {}).status_code == 403


@pytest.mark.parametrize("page", PAGES[1:])
def test_another_casinos_meter_and_table_are_not_found(client, us_casino, supervisor, page,
                                                       stud_table):
    harbor = progressives.progressive_create(actor=supervisor, name="Harbor Only",
                                             currency="USD", casino=us_casino, seed=D(100),
                                             contribution_rate=D("0.1"))
    mayfair = Casino.objects.create(name="Mayfair", currency="GBP", timezone="Europe/London")
    mayfair.staff.clear()
    stranger = make_user("mo_mayfair", "supervisor", at=[mayfair])
    client.force_login(stranger)
    assert client.get(page.format(meter=harbor.pk)).status_code == 404

    mine = progressives.progressive_create(actor=stranger, name="Mayfair Only",
                                           currency="GBP", casino=mayfair, seed=D(100),
                                           contribution_rate=D("0.1"))
    assert client.post(f"/pit/progressives/{mine.pk}/tables/",
                       {"action": "link", "table": stud_table.pk}).status_code == 404
