"""Issue 26, point 6: one truth for whether a banked table is open. Where a casino keeps
its table inventory here (AccountingRules.inventory_in_service), the table deals only
inside its current chip shift, whose opener the supervisor and the dealer signed; its
status follows the opener and closer, and is not set by hand. A casino that keeps its
inventory elsewhere records as before."""

from __future__ import annotations

import datetime as dt

import pytest

from tables.chips import services as chips
from tables.chips.models import InventoryKind, SignerRole
from tables.floor import shifts
from tables.floor.models import Table, TableStatus
from tables.floor.services import table_update
from tables.stud.models import StudRound
from tests.accounting.conftest import CLOSER, OPENER
from tests.played import WINNING_ROUND, at

pytestmark = pytest.mark.django_db

NO_SHIFT = "CS-1 has no open shift: the supervisor opens it with its opener on the Chips page."


def record(api, table, user):
    return api.as_user(user).post(f"/api/v1/tables/{table.pk}/stud-rounds/", WINNING_ROUND,
                                  format="json")


def status_of(table) -> str:
    return Table.objects.get(pk=table.pk).status


@pytest.fixture
def opened(live_table, inventory_here, supervisor, travel):
    """CS-1's opener for 2026-11-30 shift 1, recorded (and so signed) by the supervisor."""
    travel(at(2026, 11, 30, 6, 5))
    return chips.inventory_open(actor=supervisor, table=live_table, chips=OPENER, shift=1,
                                gaming_day=dt.date(2026, 11, 30))


def test_a_table_whose_chip_shift_is_closed_records_no_round(api, live_table, inventory_here,
                                                            dealer, travel):
    travel(at(2026, 11, 30, 7))
    assert live_table.status == TableStatus.OPEN      # opened by hand before the rules

    refused = record(api, live_table, dealer)

    assert refused.status_code == 400
    assert refused.json() == {"table": [NO_SHIFT]}
    assert status_of(live_table) == TableStatus.CLOSED  # the rules closed it: no shift
    assert not StudRound.objects.exists()


def test_the_dealers_page_says_the_same(client, live_table, inventory_here, dealer, travel):
    travel(at(2026, 11, 30, 7))
    client.force_login(dealer)
    address = f"/dealer/tables/{live_table.pk}/round/"
    assert NO_SHIFT in client.get(address).content.decode()   # said before a round is typed
    form = {"dealer_cards": "As Kd 7c 4h 2s", "seat1_ante": "10", "seat1_decision": "raise",
            "seat1_cards": "Qh Qs 9d 5c 3h"}

    response = client.post(address, form)

    assert response.status_code == 400
    assert NO_SHIFT in response.content.decode()
    assert not StudRound.objects.exists()


def test_the_table_opens_with_the_dealers_signature_and_closes_with_the_closer(
        api, opened, dealer, supervisor, travel):
    table = opened.table
    travel(at(2026, 11, 30, 7))
    waiting = record(api, table, dealer)
    assert waiting.json() == {"table": [
        "CS-1's opener for 2026-11-30 shift 1 waits for the dealer's signature: sign it under "
        "'Slips to sign' on your page (My tables), then record the rounds."]}
    assert status_of(table) == TableStatus.CLOSED

    chips.inventory_sign(actor=dealer, slip=opened, role=SignerRole.DEALER)
    assert status_of(table) == TableStatus.OPEN
    recorded = record(api, table, dealer)
    assert recorded.status_code == 201, recorded.json()
    assert StudRound.objects.get().shift == 1

    travel(at(2026, 11, 30, 13, 55))
    chips.inventory_close(actor=supervisor, table=table, chips=CLOSER)
    assert status_of(table) == TableStatus.CLOSED
    assert record(api, table, dealer).json()["table"][0].startswith("CS-1 has no open shift")


def test_a_shift_left_open_past_its_end_takes_no_round_of_the_next(api, opened, dealer,
                                                                   travel):
    chips.inventory_sign(actor=dealer, slip=opened, role=SignerRole.DEALER)
    travel(at(2026, 11, 30, 14, 10))                   # shift 2 by the clock

    refused = record(api, opened.table, dealer)

    assert refused.json() == {"table": [
        "CS-1's open shift is 2026-11-30 shift 1, but by Test Harbor's clock it is now "
        "2026-11-30 shift 2: the supervisor closes that shift with its closer and opens this "
        "one with its opener on the Chips page."]}


def test_a_casino_keeping_its_inventory_elsewhere_records_as_before(
        api, live_table, supervisor, dealer, travel):
    travel(at(2026, 11, 30, 6, 5))                     # its chips on the pages, the shift closed
    chips.inventory_open(actor=supervisor, table=live_table, chips=OPENER, shift=1,
                         gaming_day=dt.date(2026, 11, 30))
    travel(at(2026, 11, 30, 6, 30))
    chips.inventory_close(actor=supervisor, table=live_table, chips=OPENER)
    assert status_of(live_table) == TableStatus.OPEN

    assert record(api, live_table, dealer).status_code == 201
    table_update(actor=supervisor, table=live_table, status=TableStatus.CLOSED)
    assert record(api, live_table, dealer).json() == {"table": [
        "Table CS-1 is closed: open it before recording rounds."]}


def test_the_status_is_not_set_by_hand_where_the_chips_decide_it(
        api, live_table, holdem, inventory_here, supervisor):
    api.as_user(supervisor)

    refused = api.patch(f"/api/v1/tables/{live_table.pk}/", {"status": "open"}, format="json")

    assert refused.status_code == 400
    assert refused.json() == {"status": [
        "CS-1 opens and closes with its chip shift at Test Harbor: open it with its opener "
        "(signed by the supervisor and the dealer) and close it with its closer, on the Chips "
        "page (/pit/chips/)."]}
    assert status_of(live_table) == TableStatus.CLOSED
    # A new banked table starts closed; the card room's tables are opened by hand.
    created = api.post("/api/v1/tables/", {"casino": live_table.casino_id, "label": "CS-9",
                                           "game": "caribbean_stud", "status": "open",
                                           "seats": 7}, format="json")
    assert created.status_code == 400
    assert created.json()["status"][0].startswith("CS-9 opens and closes with its chip shift")
    assert api.patch(f"/api/v1/tables/{holdem.pk}/", {"status": "closed"},
                     format="json").status_code == 200


def test_keeping_the_inventory_here_is_audited_and_closes_tables_without_a_shift(
        client, live_table, supervisor):
    from pghistory.models import Events

    client.force_login(supervisor)
    address = f"/pit/casinos/{live_table.casino_id}/accounting-rules/"
    rules = {"denominations": "1, 5, 25, 100", "report_at": "25", "escalate_at": "100",
             "variance_at": "25", "confidence": "0.99", "inventory_in_service": "on"}

    client.post(address, rules)

    assert status_of(live_table) == TableStatus.CLOSED
    closed = Events.objects.tracks(live_table).order_by("-pgh_id").first()
    assert closed.pgh_diff == {"status": ["open", "closed"]}
    assert closed.pgh_context["reason"] == ("accounting rules changed: the casino keeps its "
                                            "table inventory here")
    assert closed.pgh_context["user"] == supervisor.pk
    page = client.get(address).content.decode()
    assert "accounting rules changed: the casino keeps its table inventory here" in page
    assert "Keep the table inventory here: no → yes" in page


@pytest.mark.parametrize("step", ["never", "unsigned", "open", "closed"])
def test_the_pit_and_its_chips_page_say_the_same(client, live_table, inventory_here,
                                                 supervisor, dealer, travel, step):
    travel(at(2026, 11, 30, 6, 5))
    if step != "never":
        opener = chips.inventory_open(actor=supervisor, table=live_table, chips=OPENER,
                                      shift=1, gaming_day=dt.date(2026, 11, 30))
    if step in ("open", "closed"):
        chips.inventory_sign(actor=dealer, slip=opener, role=SignerRole.DEALER)
    if step == "closed":
        chips.inventory_close(actor=supervisor, table=live_table, chips=OPENER)
    words = {"never": "Closed: never opened",
             "unsigned": "Closed: the opener of 2026-11-30 shift 1 waits for the "
                         "dealer&#x27;s signature",
             "open": "Open: 2026-11-30 shift 1",
             "closed": "Closed since 2026-11-30 shift 1"}[step]
    badge = "open" if step == "open" else "closed"
    client.force_login(supervisor)

    for page in ("/pit/tables/", "/pit/chips/"):  # each table's settings: its state
        shown = client.get(page).content.decode()
        assert f'<span class="status {badge} table-state">{words}</span>' in shown, page
    assert status_of(live_table) == badge


def test_the_floor_names_the_chips_values_as_the_chips_store_them():
    assert (shifts.OPENER, shifts.DEALER, shifts.SUPERVISOR) == (
        InventoryKind.OPENER, SignerRole.DEALER, SignerRole.SUPERVISOR)


def test_the_migration_keeps_counting_casinos_counting_here(live_table, supervisor, us_casino,
                                                           travel):
    import importlib

    from tables.chips.models import AccountingRules
    from tables.floor.services import casino_create
    from tests.helpers import TodaysApps

    migration = importlib.import_module(
        "tables.migrations.0026_accounting_rules_inventory_in_service")
    elsewhere = casino_create(actor=supervisor, name="Elsewhere", currency="USD",
                              timezone="America/New_York")
    travel(at(2026, 11, 30, 6, 5))
    chips.inventory_open(actor=supervisor, table=live_table, chips=OPENER, shift=1,
                         gaming_day=dt.date(2026, 11, 30))    # no dealer's signature yet

    migration.casinos_that_count_their_chips_here_keep_doing_so(TodaysApps, None)

    assert AccountingRules.objects.get(casino=us_casino).inventory_in_service
    assert not AccountingRules.objects.filter(casino=elsewhere).exists()
    assert status_of(live_table) == TableStatus.CLOSED
