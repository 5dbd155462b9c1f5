"""The supervisor's safeguards on the pages, without JavaScript: publishing posts what the
page shows and asks first, retiring and giving terms to a table ask first (a POST
without the confirmation changes nothing), another casino's terms are neither offered
nor accepted, and the schedule form keeps only the chosen method's boxes, in words."""

import html
import re
from decimal import Decimal

import pytest

from payouts.terms import services as terms
from payouts.terms.models import Paytable, RakeSchedule
from tables.floor.services import casino_create, table_create
from tests.helpers import terms_form

pytestmark = pytest.mark.django_db
D = Decimal


@pytest.fixture
def floor(supervisor):
    """Harbor Lights (USD) with CS-1 and HE-1, Mayfair (GBP), and each casino's terms."""
    harbor = casino_create(actor=supervisor, name="Harbor Lights", currency="USD",
                           timezone="America/New_York")
    mayfair = casino_create(actor=supervisor, name="Mayfair Card Club", currency="GBP",
                            timezone="Europe/London")

    def paytable(name, casino):
        return terms.paytable_publish(actor=supervisor, paytable=terms.paytable_create(
            actor=supervisor, name=name, variant="us", casino=casino))

    def schedule(name, casino):
        return terms.schedule_publish(actor=supervisor, schedule=terms.schedule_create(
            actor=supervisor, name=name, percent=D(10), cap=D(5), casino=casino))

    return {"harbor": harbor, "mayfair": mayfair,
            "cs1": table_create(actor=supervisor, casino=harbor, label="CS-1",
                                game="caribbean_stud", status="open"),
            "he1": table_create(actor=supervisor, casino=harbor, label="HE-1", game="holdem"),
            "us": paytable("US Caribbean Stud", harbor),
            "uk": paytable("Mayfair Stud", mayfair),
            "ten": schedule("Harbor ten", harbor), "pounds": schedule("Mayfair ten", mayfair)}


def text_of(response) -> str:
    return html.unescape(re.sub(r"\s+", " ", response.content.decode()))


# --- Publishing ---------------------------------------------------------------------------


def test_publish_asks_first_and_the_question_changes_nothing(client, controller):
    client.force_login(controller)
    draft = terms.paytable_create(actor=controller, name="US Caribbean Stud", variant="us")
    page = client.get(f"/pit/paytables/{draft.pk}/").content.decode()
    seen = re.search(r'name="seen" value="(\w+)"', page).group(1)

    asked = client.post(f"/pit/paytables/{draft.pk}/publish/",
                        {**terms_form(draft, odds_flush="6"), "seen": seen})

    body = text_of(asked)
    assert asked.status_code == 200
    assert "Publish US Caribbean Stud v1: it can no longer change, and tables can be " \
           "assigned to it" in body
    assert "Flush pays N:1: 5 → 6" in body  # the edits it will save with it
    assert 'name="confirm" value="yes"' in body
    draft.refresh_from_db()
    assert (draft.status, draft.odds["flush"]) == ("draft", 5)


def test_publish_says_the_house_edge_it_will_have_beside_the_version_it_replaces(
        client, controller, us_paytable, django_capture_on_commit_callbacks):
    from payouts.analysis.services import request_analysis

    draft = terms.paytable_new_version(actor=controller, paytable=us_paytable)
    draft = terms.paytable_update(actor=controller, paytable=draft,
                                  odds={**draft.odds, "flush": 8})
    client.force_login(controller)
    page = client.get(f"/pit/paytables/{draft.pk}/").content.decode()
    seen = re.search(r'name="seen" value="(\w+)"', page).group(1)

    before = text_of(client.post(f"/pit/paytables/{draft.pk}/publish/",
                                 {**terms_form(draft), "seen": seen}))
    assert "Its house edge is not worked out yet for these terms" in before
    with django_capture_on_commit_callbacks(execute=True):
        request_analysis(actor=None, paytable=us_paytable)
        request_analysis(actor=None, paytable=draft)
    asked = text_of(client.post(f"/pit/paytables/{draft.pk}/publish/",
                                {**terms_form(draft), "seen": seen}))

    found = re.search(r"Its house edge will be (-?\d+\.\d{3})% per ante; v1, which it "
                      r"replaces, has 5\.224% \((\d+\.\d{3}) points less\)\.", asked)
    assert found, asked
    assert abs(5.224 - float(found.group(1)) - float(found.group(2))) < 0.0015
    changed = text_of(client.post(f"/pit/paytables/{draft.pk}/publish/",
                                  {**terms_form(draft, odds_flush="9"), "seen": seen}))
    assert "Its house edge is not worked out yet for these terms" in changed


def test_publish_confirmed_saves_what_the_page_showed_then_freezes_it(client, controller):
    client.force_login(controller)
    draft = terms.paytable_create(actor=controller, name="Draft", variant="us")

    done = client.post(f"/pit/paytables/{draft.pk}/publish/", {
        **terms_form(draft, odds_flush="6", max_payout="6000.00"),
        "seen": draft.fingerprint(), "confirm": "yes"})

    assert done.status_code == 302
    draft.refresh_from_db()
    assert (draft.status, draft.odds["flush"], draft.max_payout) == ("published", 6, D(6000))


def test_a_draft_changed_in_another_window_is_not_published_and_shown_as_it_is(client,
                                                                             controller):
    client.force_login(controller)
    draft = terms.paytable_create(actor=controller, name="Draft", variant="us")
    seen = draft.fingerprint()
    terms.paytable_update(actor=controller, paytable=draft, max_ante=D(50))

    refused = client.post(f"/pit/paytables/{draft.pk}/publish/", {
        **terms_form(draft, odds_flush="6"), "max_ante": "100.00", "seen": seen,
        "confirm": "yes"})

    body = text_of(refused)
    assert refused.status_code == 400
    assert "Draft v1 was changed (in another window or by someone else) since you opened " \
           "it: nothing was saved or published" in body
    assert 'name="max_ante" value="50.00"' in body  # the page shows the draft as it is now
    draft.refresh_from_db()
    assert (draft.status, draft.odds["flush"], draft.max_ante) == ("draft", 5, D(50))


def test_a_draft_edit_out_of_range_is_refused_in_words(client, controller):
    client.force_login(controller)
    draft = terms.paytable_create(actor=controller, name="Draft", variant="us")

    refused = client.post(f"/pit/paytables/{draft.pk}/publish/",
                          terms_form(draft, odds_flush="0", min_ante="", confirm="yes"))

    body = text_of(refused)
    assert refused.status_code == 400
    assert "Flush pays N:1: 0 is less than 1." in body
    assert "Minimum ante: none given." in body
    assert "This field" not in body
    assert "Ensure this value" not in body
    draft.refresh_from_db()
    assert draft.status == "draft"


def test_retiring_asks_first(client, controller, us_paytable):
    client.force_login(controller)

    asked = client.post(f"/pit/paytables/{us_paytable.pk}/retire/")
    us_paytable.refresh_from_db()
    assert "can no longer be given to a table" in text_of(asked)
    assert us_paytable.status == "published"

    client.post(f"/pit/paytables/{us_paytable.pk}/retire/", {"confirm": "yes"})
    us_paytable.refresh_from_db()
    assert us_paytable.status == "retired"


# --- Giving terms to a table ------------------------------------------------------------


def test_the_pit_offers_a_table_only_the_paytables_it_may_have(client, supervisor, floor):
    client.force_login(supervisor)

    page = text_of(client.get("/pit/tables/"))
    cs1 = page[page.index('aria-label="CS-1 paytable"'):]
    cs1 = cs1[:cs1.index("</select>")]

    assert "US Caribbean Stud v1" in cs1
    assert "Mayfair Stud" not in cs1


def test_assigning_asks_and_says_what_happens_from_the_next_round(client, supervisor, floor):
    client.force_login(supervisor)
    cs1, us = floor["cs1"], floor["us"]
    v2 = terms.paytable_new_version(actor=supervisor, paytable=us)
    terms.paytable_publish(actor=supervisor, paytable=v2)
    client.post(f"/pit/tables/{cs1.pk}/paytable/", {"paytable": us.pk, "confirm": "yes"})

    asked = client.post(f"/pit/tables/{cs1.pk}/paytable/", {"paytable": v2.pk})

    assert "CS-1 will pay by US Caribbean Stud v2 from its next round; rounds already " \
           "recorded keep US Caribbean Stud v1." in text_of(asked)
    cs1.refresh_from_db()
    assert cs1.paytable == us
    client.post(f"/pit/tables/{cs1.pk}/paytable/", {"paytable": v2.pk, "confirm": "yes"})
    cs1.refresh_from_db()
    assert cs1.paytable == v2


def test_another_casinos_paytable_posted_anyway_is_refused_by_name(client, supervisor, floor):
    client.force_login(supervisor)
    cs1 = floor["cs1"]

    refused = client.post(f"/pit/tables/{cs1.pk}/paytable/",
                          {"paytable": floor["uk"].pk, "confirm": "yes"}, follow=True)

    assert "CS-1: Paytable: Mayfair Stud v1 belongs to Mayfair Card Club (GBP); CS-1 is at " \
           "Harbor Lights (USD)." in text_of(refused)
    cs1.refresh_from_db()
    assert cs1.paytable_id is None


POKER = {"structure": "no_limit", "small_blind": "1", "big_blind": "2", "kill": "off"}


def test_a_new_collection_schedule_asks_first(client, supervisor, floor):
    client.force_login(supervisor)
    he1 = floor["he1"]

    asked = client.post(f"/pit/tables/{he1.pk}/poker/",
                        {**POKER, "rake_schedule": floor["ten"].pk})

    assert "HE-1 will collect by Harbor ten v1 (percentage rake) from its next hand" in \
        text_of(asked)
    he1.refresh_from_db()
    assert (he1.rake_schedule_id, he1.poker_settings_version) == (None, 0)
    client.post(f"/pit/tables/{he1.pk}/poker/", {**POKER, "rake_schedule": floor["ten"].pk,
                                                 "confirm": "yes"})
    he1.refresh_from_db()
    assert he1.rake_schedule == floor["ten"]


def test_the_poker_page_offers_and_accepts_only_the_tables_schedules(client, supervisor, floor):
    client.force_login(supervisor)
    he1 = floor["he1"]

    page = text_of(client.get(f"/pit/tables/{he1.pk}/poker/"))
    refused = client.post(f"/pit/tables/{he1.pk}/poker/",
                          {**POKER, "rake_schedule": floor["pounds"].pk, "confirm": "yes"})

    options = page[page.index('name="rake_schedule"'):]
    options = options[:options.index("</select>")]
    assert "Harbor ten v1" in options
    assert "Mayfair ten" not in options
    assert "Mayfair ten v1 belongs to Mayfair Card Club (GBP); HE-1 is at Harbor Lights " \
           "(USD)." in text_of(refused)
    he1.refresh_from_db()
    assert he1.rake_schedule_id is None


# --- The schedule form ------------------------------------------------------------------


def test_a_new_schedule_form_is_not_prefilled_with_one_methods_amounts(client, supervisor):
    client.force_login(supervisor)

    page = client.get("/pit/rake-schedules/").content.decode()

    for name in ("percent", "cap", "fixed_drop", "time_fee"):
        box = re.search(rf'<input[^>]*name="{name}"[^>]*>', page).group(0)
        assert "value=" not in box, box
    assert re.search(r'<fieldset class="method-fields" data-methods="fixed_drop">\s*'
                     r'<legend>Fixed drop</legend>', page)


def test_a_fixed_drop_schedule_saves_with_the_percentage_boxes_left_as_they_were(
        client, controller):
    client.force_login(controller)

    created = client.post("/pit/rake-schedules/", {
        "name": "Drop a dollar", "method": "fixed_drop", "fixed_drop": "1.00",
        "percent": "10", "cap": "5.00", "time_fee": "6.00"})  # other methods' boxes: ignored

    schedule = RakeSchedule.objects.get()
    assert created.status_code == 302, text_of(created)
    assert (schedule.method, schedule.fixed_drop, schedule.percent, schedule.cap,
            schedule.time_fee) == ("fixed_drop", D(1), D(0), None, D(0))
    edit = client.get(f"/pit/rake-schedules/{schedule.pk}/").content.decode()
    assert 'name="fixed_drop" value="1.00"' in edit
    assert re.search(r'<input[^>]*name="percent"[^>]*>', edit).group(0).count("value=") == 0


def test_a_draft_changes_method_on_its_page(client, controller):
    client.force_login(controller)
    draft = terms.schedule_create(actor=controller, name="Ten", percent=D(10), cap=D(5))

    client.post(f"/pit/rake-schedules/{draft.pk}/", {
        "name": "Ten", "method": "time", "time_fee": "6.00", "percent": "10", "cap": "5.00",
        "seen": draft.fingerprint()})

    draft.refresh_from_db()
    assert (draft.method, draft.time_fee, draft.time_period_minutes, draft.percent,
            draft.cap) == ("time", D(6), 30, D(0), None)


@pytest.mark.parametrize(("box", "value", "words"), [
    ("percent", "120", "Percent of the pot: 120 is more than 100."),
    ("percent", "-5", "Percent of the pot: -5 is below 0."),
    ("increment", "0", "Rake in steps of: 0 is not more than 0"),
    ("percent", "", "Percent of the pot: none given: a percentage rake needs it."),
    ("time_period_minutes", "ten", "Every (minutes): 'ten' is not a whole number."),
    ("percent", "1E+2", "Percent of the pot: '1E+2' is not an amount"),
])
def test_a_bad_schedule_box_is_refused_naming_it_and_the_value(client, controller, box, value,
                                                               words):
    client.force_login(controller)
    form = {"name": "Ten", "method": "percentage", "percent": "10", box: value}
    if box == "time_period_minutes":
        form["method"], form["time_fee"] = "time", "6.00"

    refused = client.post("/pit/rake-schedules/", form)

    body = text_of(refused)
    assert refused.status_code == 400
    assert words in body
    assert "Constraint" not in body
    assert "This field" not in body
    assert not RakeSchedule.objects.exists()


def test_another_casinos_draft_is_not_found(client, supervisor, floor):
    stranger = Paytable.objects.get(pk=floor["uk"].pk)
    from tests.conftest import make_user

    harbor_boss = make_user("hal_harbor", "supervisor", at=[floor["harbor"]])
    client.force_login(harbor_boss)

    assert client.get(f"/pit/paytables/{stranger.pk}/").status_code == 404
    assert "Mayfair Stud" not in text_of(client.get("/pit/paytables/"))


def test_a_change_the_services_refuse_is_refused_at_once_not_asked(client, supervisor,
                                                                  controller, live_table, floor):
    he1 = floor["he1"]

    client.force_login(controller)  # the table's paytable is the group's
    retire = text_of(client.post(f"/pit/paytables/{live_table.paytable_id}/retire/",
                                 follow=True))
    client.force_login(supervisor)
    settings = client.post(f"/pit/tables/{he1.pk}/poker/",
                           {**POKER, "rake_schedule": floor["ten"].pk, "raise_cap": "4"})

    assert "is in use at CS-1: give those tables another paytable first" in retire
    assert "Raise cap: Only fixed limit tables" in text_of(settings)
    assert "Cancel: change nothing" not in retire + text_of(settings)
    he1.refresh_from_db()
    assert he1.rake_schedule_id is None
