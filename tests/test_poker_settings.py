"""Supervisors configure the card room: rake schedules (versioned like
paytables) and each poker table's structure, stakes and kill settings (audited)."""

from decimal import Decimal

import pytest
from django.db import DatabaseError, transaction
from pghistory.models import Events

from payouts.terms import services as terms
from payouts.terms.models import RakeSchedule
from tables.floor.models import Table
from tables.floor.services import table_create, table_set_poker_settings

pytestmark = pytest.mark.django_db
D = Decimal


def create_schedule(api, user, **body):
    return api.as_user(user).post("/api/v1/rake-schedules/",
                                  {"name": "House rake", **body}, format="json")


def test_a_schedule_is_drafted_published_and_then_frozen(api, supervisor, us_casino):
    created = create_schedule(api, supervisor, casino=us_casino.pk, percent="10", cap="5.00",
                              increment="1.00",
                              min_pot="10.00", no_flop_no_drop=True, bad_beat_drop="1.00",
                              bad_beat_min_pot="20.00")
    assert created.status_code == 201, created.json()
    body = created.json()
    assert (body["status"], body["version"], body["percent"], body["cap"]) == (
        "draft", 1, "10.00", "5.00")
    url = f"/api/v1/rake-schedules/{body['id']}/"
    assert api.patch(url, {"cap": "4.00"}, format="json").json()["cap"] == "4.00"
    assert api.post(url + "publish/").json()["status"] == "published"

    refused = api.patch(url, {"cap": "6.00"}, format="json")
    assert refused.status_code == 400
    assert "new version" in str(refused.json())
    schedule = RakeSchedule.objects.get(pk=body["id"])
    with pytest.raises(DatabaseError), transaction.atomic():
        RakeSchedule.objects.filter(pk=schedule.pk).update(cap=D(9))
    new = api.post(url + "new-version/")
    assert new.status_code == 201
    assert (new.json()["version"], new.json()["status"], new.json()["cap"]) == (2, "draft",
                                                                               "4.00")


@pytest.mark.parametrize(("body", "field"), [
    ({"percent": "120"}, "percent"),
    ({"percent": "0"}, "percent"),
    ({"percent": "10", "increment": "0"}, "increment"),
    ({"percent": "10", "caps_by_players": {"1": "2.00"}}, "caps_by_players"),
    ({"percent": "10", "caps_by_players": {"three": "2.00"}}, "caps_by_players"),
    ({"percent": "10", "caps_by_players": "2:1"}, "caps_by_players"),
    ({"percent": "10", "caps_by_players": {"2": "0.001"}}, "caps_by_players"),
    ({"percent": "10", "caps_by_players": {"2": "1e30"}}, "caps_by_players"),
    ({"method": "time"}, "time_fee"),
    ({"method": "time", "time_fee": "6.00", "percent": "10"}, "percent"),
    ({"method": "fixed_drop"}, "fixed_drop"),
    ({"method": "raffle"}, "method"),
    ({"percent": "10", "cap": "-1"}, "cap"),
    ({"percent": "10", "time_period_minutes": 0}, "time_period_minutes"),
])
def test_a_bad_schedule_is_refused_naming_the_field(api, supervisor, us_casino, body, field):
    response = create_schedule(api, supervisor, casino=us_casino.pk, **body)

    assert response.status_code == 400
    assert field in response.json(), response.json()
    assert not RakeSchedule.objects.exists()


def test_only_supervisors_write_schedules(api, dealer, accountant):
    assert create_schedule(api, dealer, percent="10").status_code == 403
    assert create_schedule(api, accountant, percent="10").status_code == 403
    assert api.as_user(accountant).get("/api/v1/rake-schedules/").status_code == 200


@pytest.fixture
def published(controller):
    """The group's schedule (a group supervisor's), which any USD casino's table may use."""
    draft = terms.schedule_create(actor=controller, name="Ten", percent=D(10), cap=D(5))
    return terms.schedule_publish(actor=controller, schedule=draft)


def create_table(api, user, casino, **body):
    return api.as_user(user).post("/api/v1/tables/", {
        "casino": casino.pk, "label": "HE-9", "game": "holdem", **body}, format="json")


def test_a_fixed_limit_kill_table_is_created_through_the_api(api, supervisor, us_casino,
                                                            published):
    response = create_table(api, supervisor, us_casino, rake_schedule=published.pk,
                            structure="fixed_limit", small_bet="20.00", big_bet="40.00",
                            small_blind="10.00", big_blind="20.00", kill="half",
                            kill_trigger="pot_size", heads_up_uncapped=True,
                            reopen_rule="half_bet")

    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["structure"], body["raise_cap"], body["kill_pot_big_bets"],
            body["poker_settings_version"]) == ("fixed_limit", 4, "10.00", 1)


@pytest.mark.parametrize(("body", "field"), [
    ({"structure": "fixed_limit", "small_bet": "20.00", "big_blind": "20.00"}, "big_bet"),
    ({"structure": "fixed_limit", "small_bet": "40.00", "big_bet": "20.00",
      "big_blind": "20.00"}, "small_bet"),
    ({"structure": "spread_limit", "min_bet": "5.00", "big_blind": "2.00"}, "max_bet"),
    ({"structure": "no_limit", "small_blind": "1.00", "big_blind": "2.00", "kill": "full",
      "kill_trigger": "pot_size"}, "kill"),
    ({"structure": "pot_limit", "big_blind": "2.00", "reopen_rule": "half_bet"},
     "reopen_rule"),
    ({"structure": "no_limit"}, "big_blind"),
    ({"structure": "no_limit", "small_blind": "5.00", "big_blind": "2.00"}, "small_blind"),
    ({"structure": "fixed_limit", "small_bet": "2.00", "big_bet": "4.00", "big_blind": "2.00",
      "kill": "full"}, "kill_trigger"),
    ({"structure": "no_limit", "big_blind": "2.00", "small_bet": "2.00"}, "small_bet"),
    ({"structure": "fixed_limit", "small_bet": "2.00", "big_bet": "4.00", "big_blind": "2.00",
      "raise_cap": 1}, "raise_cap"),
])
def test_bad_table_settings_are_refused_naming_the_field(api, supervisor, us_casino,
                                                        published, body, field):
    response = create_table(api, supervisor, us_casino, rake_schedule=published.pk, **body)

    assert response.status_code == 400
    assert field in response.json(), response.json()
    assert not Table.objects.filter(label="HE-9").exists()


def test_a_draft_schedule_cannot_be_given_to_a_table(api, supervisor, us_casino):
    draft = terms.schedule_create(actor=supervisor, name="Draft", percent=D(5),
                                  casino=us_casino)
    response = create_table(api, supervisor, us_casino, rake_schedule=draft.pk,
                            structure="no_limit", big_blind="2.00")

    assert response.status_code == 400
    assert "not published" in str(response.json())


def test_a_stud_table_takes_no_betting_structure(api, supervisor, stud_table, published):
    response = api.as_user(supervisor).patch(f"/api/v1/tables/{stud_table.pk}/",
                                             {"structure": "no_limit"}, format="json")

    assert response.status_code == 400
    assert "stud table" in str(response.json())


def test_each_settings_change_is_a_version_in_the_audit_trail(api, supervisor, us_casino,
                                                             published):
    table_id = create_table(api, supervisor, us_casino, rake_schedule=published.pk,
                            structure="fixed_limit", small_bet="20.00", big_bet="40.00",
                            big_blind="20.00").json()["id"]
    changed = api.patch(f"/api/v1/tables/{table_id}/", {"small_bet": "30.00",
                                                        "big_bet": "60.00"}, format="json")
    unchanged = api.patch(f"/api/v1/tables/{table_id}/", {"small_bet": "30.00"},
                          format="json")

    assert changed.json()["poker_settings_version"] == 2
    assert unchanged.json()["poker_settings_version"] == 2
    table = Table.objects.get(pk=table_id)
    event = Events.objects.tracks(table).filter(pgh_context__reason="poker settings v2").get()
    assert [D(str(v)) for v in event.pgh_diff["small_bet"]] == [D(20), D(30)]
    assert event.pgh_context["user"] == supervisor.pk


def test_retiring_a_schedule_in_use_is_refused(supervisor, controller, dealer, us_casino,
                                               published):
    table = table_create(actor=supervisor, casino=us_casino, label="NL-1",
                                  game="holdem", status="open", dealers=[dealer])
    table_set_poker_settings(actor=supervisor, table=table,
                                            rake_schedule=published, structure="no_limit",
                                            big_blind=D(2))
    with pytest.raises(Exception, match="in use at NL-1"):
        terms.schedule_retire(actor=controller, schedule=published)


# --- Supervisor pages -------------------------------------------------------------------------

SCHEDULE_FORM = {"name": "Page rake", "method": "percentage", "percent": "5", "cap": "3.00",
                 "caps_by_players": "2:1 5:3", "cap_scope": "hand", "increment": "0.01",
                 "min_pot": "0", "fixed_drop": "0", "time_fee": "0",
                 "time_period_minutes": "30", "bad_beat_drop": "0", "bad_beat_min_pot": "0"}


def test_a_supervisor_drafts_publishes_and_versions_a_schedule_on_its_pages(client, supervisor,
                                                                           us_casino):
    client.force_login(supervisor)
    harbors = {**SCHEDULE_FORM, "owner": f"casino:{us_casino.pk}"}
    refused = client.post("/pit/rake-schedules/", {**harbors, "caps_by_players": "two"})
    assert refused.status_code == 400
    assert "is not players:cap" in refused.content.decode()

    created = client.post("/pit/rake-schedules/", harbors)
    schedule = RakeSchedule.objects.get()
    assert created.url == f"/pit/rake-schedules/{schedule.pk}/"
    assert schedule.caps_by_players == {"2": "1.00", "5": "3.00"}
    client.post(f"/pit/rake-schedules/{schedule.pk}/publish/", {**SCHEDULE_FORM,
                                                               "confirm": "yes"})
    client.post(f"/pit/rake-schedules/{schedule.pk}/new-version/")

    schedule.refresh_from_db()
    assert schedule.status == "published"
    assert RakeSchedule.objects.filter(family=schedule, version=2, status="draft").exists()
    page = client.get(f"/pit/rake-schedules/{schedule.pk}/").content.decode()
    assert "rake schedule published" in page
    assert "sam_supervisor" in page


def test_a_supervisor_sets_a_tables_stakes_and_sees_the_refusal_in_words(client, supervisor,
                                                                          dealer, us_casino,
                                                                          published):
    table = table_create(actor=supervisor, casino=us_casino, label="LIM-1",
                                  game="holdem", dealers=[dealer])
    client.force_login(supervisor)
    form = {"rake_schedule": published.pk, "structure": "fixed_limit", "small_bet": "4",
            "big_bet": "8", "big_blind": "4", "small_blind": "2", "raise_cap": "4",
            "kill": "full", "kill_trigger": "", "reopen_rule": "full_bet"}
    refused = client.post(f"/pit/tables/{table.pk}/poker/", {**form, "confirm": "yes"})
    saved = client.post(f"/pit/tables/{table.pk}/poker/", {**form, "kill_trigger": "pot_size",
                                                           "confirm": "yes"})

    assert refused.status_code == 400
    assert "Kill trigger: Say what starts a kill" in refused.content.decode()
    assert saved.status_code == 302
    table.refresh_from_db()
    assert (table.poker_settings_version, table.kill_pot_big_bets) == (1, 10)


def test_settings_posted_empty_are_refused_field_by_field_not_shown_as_a_first_look(
        client, supervisor, dealer, us_casino, published):
    table = table_create(actor=supervisor, casino=us_casino, label="LIM-2", game="holdem",
                         dealers=[dealer])
    client.force_login(supervisor)

    empty = client.post(f"/pit/tables/{table.pk}/poker/", {})

    assert empty.status_code == 400
    assert "none given." in empty.content.decode()
    table.refresh_from_db()
    assert table.poker_settings_version == 0


def test_a_fixed_limit_table_moves_to_no_limit_without_clearing_fields_by_hand(
        api, supervisor, us_casino, published):
    table_id = create_table(api, supervisor, us_casino, rake_schedule=published.pk,
                            structure="fixed_limit", small_bet="20.00", big_bet="40.00",
                            big_blind="20.00", heads_up_uncapped=True).json()["id"]
    moved = api.patch(f"/api/v1/tables/{table_id}/", {"structure": "no_limit"}, format="json")
    wrong = api.patch(f"/api/v1/tables/{table_id}/", {"structure": "spread_limit",
                                                      "min_bet": "5.00", "max_bet": "10.00",
                                                      "small_bet": "5.00"}, format="json")

    assert moved.status_code == 200, moved.json()
    assert (moved.json()["small_bet"], moved.json()["raise_cap"],
            moved.json()["heads_up_uncapped"]) == (None, None, False)
    assert wrong.status_code == 400
    assert "small_bet" in wrong.json()


def test_the_admin_shows_a_tables_terms_but_changes_them_only_through_the_pit_pages(
        client, supervisor, us_casino, published):
    table = table_create(actor=supervisor, casino=us_casino, label="AD-1",
                                  game="holdem")
    table_set_poker_settings(actor=supervisor, table=table,
                                            rake_schedule=published, structure="no_limit",
                                            big_blind=D(2))
    client.force_login(supervisor)
    page = client.get(f"/admin/floor/table/{table.pk}/change/")

    assert page.status_code == 200
    form = page.context["adminform"].form
    assert "structure" not in form.fields
    assert "rake_schedule" not in form.fields
    assert "status" in form.fields
