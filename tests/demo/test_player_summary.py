"""A player's page opens on his summary (issue 44, point 11), and on the demo's three
weeks its figures are the sums of the ratings the page lists below it: visits (gaming
days with a rating), time played, hands, the theoretical win, per casino; the average
bet his antes over his hands; the comps earned those ratings' entries in his ledger."""

import re
from collections import defaultdict
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model

from tables.comps.models import CompEntry, EntryKind
from tables.players.figures import ratings_figures
from tables.players.models import Player
from tables.players.selectors import ratings_visible_to
from tables.players.views import RATINGS_SHOWN

pytestmark = [pytest.mark.django_db, pytest.mark.xdist_group("demo_as_loaded")]

CELL = re.compile(r'<td data-label="([^"]+)"[^>]*>(.*?)</td>', re.S)


def _money(text: str) -> Decimal:
    return Decimal(re.sub(r"[^\d.\-]", "", text))


def _minutes(text: str) -> int:
    found = re.fullmatch(r"(?:(\d+) h )?(\d+) min", text.strip())
    return int(found.group(1) or 0) * 60 + int(found.group(2))


def _rows(section: str) -> list[dict[str, str]]:
    return [dict(CELL.findall(row)) for row in re.findall(r"<tr[^>]*>(.*?)</tr>", section, re.S)
            if "<td" in row]


def _section(page: str, title_id: str) -> str:
    start = page.index(f'id="{title_id}"')
    return page[start:page.index("</section>", start)]


def test_the_summary_is_the_sum_of_the_ratings_shown(printed, client):
    host = get_user_model().objects.get(username="host")
    client.force_login(host)
    checked = 0
    for player in Player.objects.order_by("pk"):
        page = client.get(f"/players/{player.pk}/").content.decode()
        assert page.index('id="summary-title"') < page.index('id="ratings-title"')
        shown = list(ratings_visible_to(host).filter(player=player)[:RATINGS_SHOWN])
        if not shown:
            assert "Not rated yet." in _section(page, "summary-title")
            continue
        rows = _rows(_section(page, "ratings-title"))
        assert len(rows) == len(shown)
        sums = defaultdict(lambda: {"days": set(), "minutes": 0, "hands": 0,
                                    "theo": Decimal(0)})
        for row in rows:
            casino = re.search(r"<small>(.*?)</small>", row["Table"]).group(1)
            line = sums[casino]
            line["days"].add(row["Gaming day"])
            line["minutes"] += _minutes(row["Time played"])
            if row["Hands"].strip() != "—":
                line["hands"] += int(row["Hands"])
                line["theo"] += _money(row["Expected win"])
        figures = ratings_figures(shown)
        summary = {re.sub(r"\s*<small>.*", "", line["Casino"]).strip(): line
                   for line in _rows(_section(page, "summary-title"))}
        assert set(summary) == set(sums), player.name
        for casino, line in summary.items():
            mine = [r for r in shown if r.table.casino.name == casino]
            assert int(line["Visits"]) == len(sums[casino]["days"]), (player.name, casino)
            assert _minutes(line["Time played"]) == sums[casino]["minutes"], (player.name, casino)
            assert int(line["Hands"]) == sums[casino]["hands"], (player.name, casino)
            if sums[casino]["hands"]:
                assert _money(line["Expected win (theo)"]) == sums[casino]["theo"], player.name
                antes = sum(figures[r.pk]["antes"] or 0 for r in mine)
                assert abs(_money(line["Average bet"]) - antes / sums[casino]["hands"]) \
                    <= Decimal("0.005"), (player.name, casino)
            earned = sum(CompEntry.objects.filter(
                account__player=player, kind__in=(EntryKind.EARNED, EntryKind.REVISED),
                figures__rating__in=mine).values_list("amount", flat=True), Decimal(0))
            assert _money(line["Comps earned"]) == earned, (player.name, casino)
            checked += 1
    assert checked >= 3
