"""Who governs the group's objects (issue 26, point 2): the group's own paytables, rake
schedules and wide-area meters (those without a casino) are changed by a group
supervisor only, the casino group's gaming controller; a casino's supervisors read them,
give them to their own tables and still govern their own casino's terms and meters.
Refused alike by the API (403 in words), the pages and the services (commands)."""

from __future__ import annotations

import html
import re
from decimal import Decimal as D

import pytest
from django.core.exceptions import PermissionDenied

from payouts.jackpots import services as progressives
from payouts.jackpots.models import MeterEntry, MeterKind, Progressive
from payouts.terms import services as terms
from payouts.terms.models import Paytable, RakeSchedule
from tables.floor.services import casino_create, table_create
from tests.conftest import make_user
from tests.helpers import terms_form

pytestmark = pytest.mark.django_db

REFUSED = "Only a group supervisor changes the group's terms"


@pytest.fixture
def group(controller):
    """Harbor Lights (USD) with CS-1, Mayfair (GBP); each casino's own supervisor; the
    group's USD meter, a group paytable drafted and one published, a group schedule
    drafted and one published, all by the controller."""
    founder = make_user("fred_founder", "supervisor", at=[])
    harbor = casino_create(actor=founder, name="Harbor Lights", currency="USD",
                           timezone="America/New_York")
    mayfair = casino_create(actor=founder, name="Mayfair Card Club", currency="GBP",
                            timezone="Europe/London")
    meter = progressives.progressive_create(
        actor=controller, name="Group Jackpot", currency="USD", seed=D("10000.00"),
        contribution_rate=D("0.70"), approval_threshold=D("20000.00"))
    published = terms.paytable_publish(actor=controller, paytable=terms.paytable_create(
        actor=controller, name="Group US", variant="us", currency="USD"))
    schedule = terms.schedule_publish(actor=controller, schedule=terms.schedule_create(
        actor=controller, name="Group ten", percent=D(10), cap=D(5), currency="USD"))
    return {
        "harbor": harbor, "mayfair": mayfair, "meter": meter, "published": published,
        "draft": terms.paytable_create(actor=controller, name="Group draft", variant="us",
                                       currency="USD"),
        "schedule": schedule,
        "schedule_draft": terms.schedule_create(actor=controller, name="Group draft ten",
                                                percent=D(10), currency="USD"),
        "harbor_boss": make_user("hal_harbor", "supervisor", at=[harbor]),
        "mayfair_boss": make_user("mo_mayfair", "supervisor", at=[mayfair]),
        "cs1": table_create(actor=founder, casino=harbor, label="CS-1",
                            game="caribbean_stud", status="open"),
    }


def refused_in_words(answer) -> None:
    assert answer.status_code == 403, answer.content
    assert answer.json()["detail"].startswith(REFUSED + ": ")


def text_of(response) -> str:
    return html.unescape(re.sub(r"\s+", " ", response.content.decode()))


# --- The audit's cases, on the API ------------------------------------------------------


def test_another_casinos_supervisor_cannot_correct_the_groups_meter_to_zero(api, group):
    meter = group["meter"]

    answer = api.as_user(group["mayfair_boss"]).post(
        f"/api/v1/progressives/{meter.pk}/correct/",
        {"meter": "meter", "new_balance": "0.00", "reason": "reset"}, format="json")

    refused_in_words(answer)
    assert "Group Jackpot is the group's wide-area meter, in USD" in answer.json()["detail"]
    meter.refresh_from_db()
    assert meter.amount == D("10000.00")
    assert not MeterEntry.objects.filter(progressive=meter, kind=MeterKind.CORRECTION).exists()


@pytest.mark.parametrize("change", [{"approval_threshold": "999999.00"},
                                    {"contribution_rate": "0.01"},
                                    {"seed": "1.00"},
                                    {"awards": {"royal_flush": {"percent": "1"}}}])
def test_a_casino_supervisor_cannot_reconfigure_the_groups_meter(api, group, change):
    meter = group["meter"]

    for boss in ("mayfair_boss", "harbor_boss"):
        refused_in_words(api.as_user(group[boss]).patch(f"/api/v1/progressives/{meter.pk}/",
                                                       change, format="json"))

    kept = Progressive.objects.get(pk=meter.pk)
    assert (kept.approval_threshold, kept.contribution_rate, kept.seed, kept.awards) == (
        meter.approval_threshold, meter.contribution_rate, meter.seed, meter.awards)


def test_a_casino_supervisor_cannot_publish_a_group_paytable_another_drafted(api, group):
    draft = group["draft"]

    answer = api.as_user(group["mayfair_boss"]).post(f"/api/v1/paytables/{draft.pk}/publish/")

    refused_in_words(answer)
    assert "Group draft v1 is the group's, in USD" in answer.json()["detail"]
    draft.refresh_from_db()
    assert draft.status == "draft"


@pytest.mark.parametrize(("kind", "which", "action"), [
    ("paytables", "draft", "publish"), ("paytables", "published", "retire"),
    ("paytables", "published", "new-version"), ("rake-schedules", "schedule_draft", "publish"),
    ("rake-schedules", "schedule", "retire"), ("rake-schedules", "schedule", "new-version")])
def test_no_casino_supervisor_moves_the_groups_terms_through_their_life(api, group, kind,
                                                                        which, action):
    terms_of = group[which]
    before = Paytable.objects.count() + RakeSchedule.objects.count()

    refused_in_words(api.as_user(group["harbor_boss"]).post(
        f"/api/v1/{kind}/{terms_of.pk}/{action}/"))

    terms_of.refresh_from_db()
    assert terms_of.status == ("draft" if "draft" in which else "published")
    assert Paytable.objects.count() + RakeSchedule.objects.count() == before


@pytest.mark.parametrize(("kind", "which", "change"), [
    ("paytables", "draft", {"max_payout": "999999.00"}),
    ("rake-schedules", "schedule_draft", {"percent": "50"})])
def test_no_casino_supervisor_edits_a_group_draft(api, group, kind, which, change):
    answer = api.as_user(group["harbor_boss"]).patch(
        f"/api/v1/{kind}/{group[which].pk}/", change, format="json")

    refused_in_words(answer)
    assert type(group[which]).objects.get(pk=group[which].pk).fingerprint() == \
        group[which].fingerprint()


@pytest.mark.parametrize(("address", "body"), [
    ("/api/v1/paytables/", {"name": "Ours for all", "variant": "us", "currency": "USD"}),
    ("/api/v1/rake-schedules/", {"name": "Ours for all", "percent": "5", "currency": "USD"}),
    ("/api/v1/progressives/", {"name": "Ours for all", "currency": "USD", "seed": "100.00",
                               "contribution_rate": "0.10"})])
def test_a_casino_supervisor_cannot_create_the_groups_terms_or_meters(api, group, address,
                                                                      body):
    before = (Paytable.objects.count(), RakeSchedule.objects.count(),
              Progressive.objects.count())

    refused_in_words(api.as_user(group["harbor_boss"]).post(address, body, format="json"))

    assert (Paytable.objects.count(), RakeSchedule.objects.count(),
            Progressive.objects.count()) == before


def test_a_casinos_draft_cannot_be_made_the_groups_by_its_supervisor(api, group):
    mine = terms.paytable_create(actor=group["harbor_boss"], name="Harbor draft",
                                 variant="us", casino=group["harbor"])

    refused_in_words(api.as_user(group["harbor_boss"]).patch(
        f"/api/v1/paytables/{mine.pk}/", {"casino": None}, format="json"))

    mine.refresh_from_db()
    assert mine.casino_id == group["harbor"].pk


# --- What the group supervisor does, and what the casinos still do ----------------------


def test_the_group_supervisor_governs_the_groups_terms_through_the_api(api, group,
                                                                       controller):
    client = api.as_user(controller)

    created = client.post("/api/v1/paytables/", {"name": "Group UK", "variant": "uk",
                                                 "currency": "GBP"}, format="json")
    assert created.status_code == 201, created.content
    pk = created.json()["id"]
    assert client.patch(f"/api/v1/paytables/{pk}/", {"max_payout": "8000.00"},
                        format="json").status_code == 200
    assert client.post(f"/api/v1/paytables/{pk}/publish/").json()["status"] == "published"
    assert client.post(f"/api/v1/paytables/{pk}/new-version/").status_code == 201
    assert client.post(f"/api/v1/paytables/{pk}/retire/").json()["status"] == "retired"
    schedule = client.post("/api/v1/rake-schedules/", {"name": "Group five", "percent": "5",
                                                       "currency": "USD"}, format="json")
    assert schedule.status_code == 201, schedule.content
    assert client.post(f"/api/v1/rake-schedules/{schedule.json()['id']}/publish/"
                       ).status_code == 200


def test_the_group_supervisor_corrects_and_reconfigures_the_wide_area_meter(api, group,
                                                                            controller):
    meter, client = group["meter"], api.as_user(controller)

    changed = client.patch(f"/api/v1/progressives/{meter.pk}/",
                           {"approval_threshold": "15000.00", "contribution_rate": "0.60"},
                           format="json")
    corrected = client.post(f"/api/v1/progressives/{meter.pk}/correct/",
                            {"meter": "meter", "new_balance": "10025.00",
                             "reason": "controller read 25 short"}, format="json")
    created = client.post("/api/v1/progressives/", {
        "name": "Second group meter", "currency": "USD", "seed": "5000.00",
        "contribution_rate": "0.50"}, format="json")

    assert changed.status_code == 200, changed.content
    assert corrected.status_code == 201, corrected.content
    assert created.status_code == 201, created.content
    meter.refresh_from_db()
    assert (meter.approval_threshold, meter.contribution_rate, meter.amount) == (
        D("15000.00"), D("0.60000"), D("10025.00"))
    entry = MeterEntry.objects.get(progressive=meter, kind=MeterKind.CORRECTION)
    assert entry.created_by == controller


def test_a_casino_supervisor_gives_the_groups_terms_and_meter_to_his_tables(api, group):
    answer = api.as_user(group["harbor_boss"]).patch(
        f"/api/v1/tables/{group['cs1'].pk}/",
        {"paytable": group["published"].pk, "progressive": group["meter"].pk}, format="json")

    assert answer.status_code == 200, answer.content
    assert (answer.json()["paytable"], answer.json()["progressive"]) == (
        group["published"].pk, group["meter"].pk)


def test_a_casino_supervisor_still_governs_his_own_casinos_terms_and_meters(api, group):
    client = api.as_user(group["harbor_boss"])
    harbor = group["harbor"].pk

    paytable = client.post("/api/v1/paytables/", {"name": "Harbor own", "variant": "us",
                                                  "casino": harbor}, format="json")
    meter = client.post("/api/v1/progressives/", {
        "name": "Harbor own meter", "currency": "USD", "seed": "500.00",
        "contribution_rate": "0.20", "casino": harbor}, format="json")

    assert paytable.status_code == 201, paytable.content
    assert client.post(f"/api/v1/paytables/{paytable.json()['id']}/publish/"
                       ).status_code == 200
    assert meter.status_code == 201, meter.content
    assert client.post(f"/api/v1/progressives/{meter.json()['id']}/correct/", {
        "meter": "meter", "new_balance": "510.00", "reason": "count"},
        format="json").status_code == 201


def test_the_group_supervisor_does_not_change_a_casinos_meter(group, controller):
    harbor_meter = progressives.progressive_create(
        actor=group["harbor_boss"], name="Harbor own meter", currency="USD",
        seed=D("500.00"), contribution_rate=D("0.20"), casino=group["harbor"])

    with pytest.raises(PermissionDenied, match="Only a pit supervisor of Harbor Lights"):
        progressives.progressive_update(actor=controller, progressive=harbor_meter,
                                        seed=D("1.00"))


def test_the_services_refuse_a_command_as_they_refuse_the_api(group):
    """A management command calls the same services: a casino supervisor is refused."""
    with pytest.raises(PermissionDenied, match=REFUSED):
        terms.paytable_publish(actor=group["harbor_boss"], paytable=group["draft"])
    with pytest.raises(PermissionDenied, match=REFUSED):
        progressives.progressive_correct(actor=group["mayfair_boss"], progressive=group["meter"],
                                         meter="meter", new_balance=D(0), reason="reset")


# --- The pages ------------------------------------------------------------------------


def test_the_meter_page_offers_a_casino_supervisor_no_change_to_the_groups_meter(
        client, group, controller):
    address = f"/pit/progressives/{group['meter'].pk}/"
    client.force_login(group["mayfair_boss"])

    page = text_of(client.get(address))

    assert "Correct a meter" not in page and "Change parameters" not in page  # noqa: PT018
    assert "only a group supervisor (the group's gaming controller) changes" in page
    client.force_login(controller)
    page = text_of(client.get(address))
    assert "Correct a meter" in page and "Change parameters" in page  # noqa: PT018


@pytest.mark.parametrize("which", ["correct", "edit"])
def test_the_groups_meter_pages_refuse_a_casino_supervisor_in_words(client, group, which):
    meter = group["meter"]
    client.force_login(group["mayfair_boss"])

    shown = client.get(f"/pit/progressives/{meter.pk}/{which}/")
    posted = client.post(f"/pit/progressives/{meter.pk}/correct/", {
        "meter": "meter", "new_balance": "0.00", "reason": "reset", "confirm": "yes"})

    for refused in (shown, posted):
        assert refused.status_code == 403
        assert REFUSED + ": Group Jackpot is the group's wide-area meter" in text_of(refused)
    meter.refresh_from_db()
    assert meter.amount == D("10000.00")


def test_a_group_draft_shows_a_casino_supervisor_no_publish_button_and_refuses_it(client,
                                                                                  group):
    draft = group["draft"]
    client.force_login(group["harbor_boss"])

    page = text_of(client.get(f"/pit/paytables/{draft.pk}/"))
    posted = client.post(f"/pit/paytables/{draft.pk}/publish/",
                         {**terms_form(draft), "confirm": "yes"})

    assert "Publish…" not in page and "Save draft" not in page  # noqa: PT018
    assert "only a group supervisor (the group's gaming controller) changes" in page
    assert posted.status_code == 403
    assert REFUSED + ": Group draft v1 is the group's, in USD" in text_of(posted)
    draft.refresh_from_db()
    assert draft.status == "draft"


def test_a_published_group_schedule_offers_a_casino_supervisor_no_retire_or_new_version(
        client, group, controller):
    address = f"/pit/rake-schedules/{group['schedule'].pk}/"
    client.force_login(group["harbor_boss"])

    page = text_of(client.get(address))
    posted = client.post(address + "new-version/")

    assert "Retire…" not in page and "New version from this one" not in page  # noqa: PT018
    assert posted.status_code == 403
    client.force_login(controller)
    assert "Retire…" in text_of(client.get(address))


def test_the_new_terms_forms_offer_the_group_only_to_a_group_supervisor(client, group,
                                                                        controller):
    client.force_login(group["harbor_boss"])
    offered = text_of(client.get("/pit/paytables/"))
    new_meter = text_of(client.get("/pit/progressives/new/"))
    assert "Harbor Lights only (USD)" in offered
    assert "The group: any casino in" not in offered
    assert "The group (a wide-area meter)" not in new_meter

    client.force_login(controller)
    offered = text_of(client.get("/pit/paytables/"))
    assert "The group: any casino in GBP" in offered and "The group: any casino in USD" in \
        offered  # noqa: PT018
    assert "Harbor Lights only" not in offered
    assert "The group (a wide-area meter)" in text_of(client.get("/pit/progressives/new/"))


def test_the_group_supervisor_publishes_on_the_page(client, group, controller):
    draft = group["draft"]
    client.force_login(controller)

    done = client.post(f"/pit/paytables/{draft.pk}/publish/",
                       {**terms_form(draft), "confirm": "yes"})

    assert done.status_code == 302
    draft.refresh_from_db()
    assert (draft.status, draft.published_by) == ("published", controller)
