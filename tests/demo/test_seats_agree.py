"""Who sits where, on the demo as loaded (issue 44, point 3): the pit's live board, the
card-room desk, the room's public board and each table's seats page read one source
(tables.cardroom.seating) and give the same seats taken at every open table. Before,
the pit board said "— of 9" at HE-1 while the desk had seats 1 and 4 taken, and the
public board showed OM-1 playing with all 9 seats open."""

import re

import pytest
from django.contrib.auth import get_user_model

from casino.house.models import Casino
from tables.floor.models import Table, TableStatus

pytestmark = [pytest.mark.django_db, pytest.mark.xdist_group("demo_as_loaded")]


def _flat(html: str) -> str:
    return " ".join(html.split())


def _pit_board(page: str, label: str) -> int:
    row = page[page.index(f'data-table="{label}"'):]
    found = re.search(r"(\d+|—) of \d+", row[:row.index("</tr>")])
    return 0 if found.group(1) == "—" else int(found.group(1))


def _desk(page: str, table: Table) -> tuple[int, set[int]]:
    part = page[page.index(f'data-table="{table.label}"'):]
    part = part[:part.index("</ul>")]
    taken = int(re.search(r"(\d+) of \d+ seats taken", part).group(1))
    return taken, {int(n) for n in re.findall(r'<li data-seat="(\d+)"', part)}


def _public_board(page: str, table: Table) -> int:
    found = re.search(rf"<strong>{table.label}</strong> (full|(\d+) open seats?)", page)
    return table.seats if found.group(1) == "full" else table.seats - int(found.group(2))


def _seats_page(page: str) -> tuple[int, set[int]]:
    occupied = int(re.search(r'data-occupied="(\d+)"', page).group(1))
    return occupied, {int(n) for n in re.findall(r'<tr data-seat="(\d+)" data-taken', page)}


def test_every_page_gives_the_same_seats_taken_at_every_open_table(printed, client):
    client.force_login(get_user_model().objects.get(username="supervisor"))
    board = _flat(client.get("/pit/").content.decode())
    seen = {}
    for casino in Casino.objects.order_by("pk"):
        desk = _flat(client.get(f"/pit/cardroom/?casino={casino.pk}").content.decode())
        room = _flat(client.get(f"/cardroom/{casino.pk}/board/").content.decode())
        for table in casino.tables.filter(status=TableStatus.OPEN).order_by("label"):
            occupied, numbers = _seats_page(_flat(client.get(
                f"/tables/{table.pk}/seats/").content.decode()))
            assert _pit_board(board, table.label) == occupied, table.label
            if table.is_poker:
                assert _desk(desk, table) == (occupied, numbers), table.label
                assert _public_board(room, table) == occupied, table.label
            seen[table.label] = occupied
    # The card room runs: HE-1 full with its list waiting, OM-1 playing with players.
    assert (seen["HE-1"], seen["OM-1"], seen["NL-1"]) == (9, 6, 9)


def test_the_desk_estimates_the_first_game_s_wait_from_its_seatings(printed, client):
    client.force_login(get_user_model().objects.get(username="supervisor"))
    harbor = Casino.objects.get(name="Harbor Lights Casino")
    desk = _flat(client.get(f"/pit/cardroom/?casino={harbor.pk}").content.decode())
    # The demo's seven waits (12, 25, 18, 31, 22, 15, 27 minutes): the median, 22.
    assert ("<strong>Estimated wait:</strong> about 22 min <small>(the median of its last "
            "7 seatings)</small>") in desk
