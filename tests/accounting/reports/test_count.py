"""Recorded against counted: a banked table's win from its rounds against its win from the
chips and the box, a poker table's recorded rake against its box; the variances open and
explained, with who explained them, when and what was found."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from tables.count import services as count
from tables.count.models import Variance
from tests.accounting.conftest import RECORDED
from tests.accounting.reports.conftest import correct_box, count_box, report
from tests.played import at

pytestmark = pytest.mark.django_db

COMPARED = ("table_label", "shift", "kind", "recorded", "counted", "difference", "threshold",
            "variance", "explained_by", "explained_at", "found", "state")
FOUND = "A 100 bill was paid out by hand for a misread hand; the slip is attached."


def shown(row: dict) -> dict:
    return {k: row[k] for k in COMPARED}


@pytest.fixture
def floor(played_shift, card_room, counters, supervisor, travel):
    """CS-1's box 100.00 short (its variance explained at 16:00); HE-1's box 95.00 over
    its recorded rake (its variance open)."""
    day = played_shift["day"]
    travel(at(2026, 11, 30, 15))  # shift 1 is over: the boxes come to the count room
    short = count_box(counters, played_shift["table"], day, 1, {"20": "25"})
    over = count_box(counters, card_room, day, 1, {"20": "5"})
    travel(at(2026, 11, 30, 16))
    count.variance_explain(actor=supervisor, variance=short.variances.get(), found=FOUND)
    return {"short": short, "over": over}


def test_a_variance_explained_and_one_open_with_the_poker_box_against_its_rake(
        api, accountant, floor):
    body = report(api, accountant, "count")

    banked, poker = body["rows"]
    assert shown(banked) == {
        "table_label": "CS-1", "shift": 1, "kind": "win", "recorded": "11.00",
        "counted": "-89.00", "difference": "-100.00", "threshold": "25.00",
        "variance": "explained", "explained_by": "sam_supervisor",
        "explained_at": "2026-11-30T16:00:00-05:00", "found": FOUND, "state": ""}
    assert shown(poker) == {
        "table_label": "HE-1", "shift": 1, "kind": "rake", "recorded": "5.00",
        "counted": "100.00", "difference": "95.00", "threshold": "25.00", "variance": "open",
        "explained_by": None, "explained_at": None, "found": None, "state": ""}
    assert poker["count_ref"] == f"count {floor['over'].pk}"


def test_totals_and_the_sums_per_kind_cover_the_shifts_compared(api, accountant,
                                                                second_shift, floor):
    body = report(api, accountant, "count")

    assert body["rows"][-1]["state"] == "no closer, box not counted"
    assert body["rows"][-1]["counted"] is None
    assert body["rows"][-1]["variance"] == "not_counted"  # not "none": nothing to compare yet
    assert body["totals"] == {"recorded": "16.00", "counted": "11.00", "difference": "-5.00",
                              "shifts": 3, "compared": 2, "open": 1, "explained": 1,
                              "variance": "1 open, 1 explained", "state": ""}
    assert [(k["kind"], k["difference"], k["open"], k["explained"])
            for k in body["by_kind"]] == [("win", "-100.00", 0, 1), ("rake", "95.00", 1, 0)]


def test_the_page_says_a_shift_not_counted_yet_in_words(client, accountant, played_shift):
    client.force_login(accountant)
    page = client.get("/accounting/reports/count/", {"from": "2026-11-30", "to": "2026-11-30"})
    assert "<td>not counted yet</td>" in page.content.decode()
    assert "<td>none</td>" not in page.content.decode()


def test_a_share_of_the_drop_opens_a_variance_the_amount_would_not(
        api, accountant, supervisor, played_shift, counters):
    """$15 short is within $25, but over 2% of the box's $585 drop ($11.70): the casino
    asked to hear of it. The threshold shown and kept is the one that applied."""
    from tables.chips.services import accounting_rules_set

    accounting_rules_set(actor=supervisor, casino=played_shift["table"].casino,
                         variance_percent=D("0.02"))
    count_box(counters, played_shift["table"], played_shift["day"], 1, {"20": "29", "5": "1"})

    [row] = report(api, accountant, "count")["rows"]
    assert (row["difference"], row["threshold"], row["variance"]) == ("-15.00", "11.70", "open")
    assert Variance.objects.get().threshold == D("11.70")


def test_a_count_within_the_threshold_has_no_variance(api, accountant, played_shift, counters):
    count_box(counters, played_shift["table"], played_shift["day"], 1, {"20": "29", "5": "1"})

    [row] = report(api, accountant, "count")["rows"]
    assert (row["difference"], row["threshold"], row["variance"]) == ("-15.00", "25.00", "none")


def test_a_correction_that_agrees_leaves_the_first_counts_variance_behind(
        api, accountant, played_shift, counters):
    box = count_box(counters, played_shift["table"], played_shift["day"], 1, {"20": "25"})
    fixed = correct_box(counters, box, {"20": "30"})

    [row] = report(api, accountant, "count")["rows"]
    assert (row["counted"], row["difference"], row["variance"]) == ("11.00", "0.00", "none")
    assert row["count_ref"] == f"count {box.pk}, correction {fixed.pk}"
    assert Variance.objects.count() == 1  # still there, on the figures no longer standing


def test_a_correction_still_short_shows_its_own_variance(api, accountant, played_shift,
                                                         counters):
    box = count_box(counters, played_shift["table"], played_shift["day"], 1, {"20": "25"})
    correct_box(counters, box, {"20": "26"})

    [row] = report(api, accountant, "count")["rows"]
    assert (row["counted"], row["difference"], row["variance"]) == ("-69.00", "-80.00", "open")


def test_the_chart_shows_the_difference_per_shift(client, accountant, floor):
    client.force_login(accountant)
    page = client.get("/accounting/reports/count/", {"from": "2026-11-30",
                                                     "to": "2026-11-30"})

    assert page.status_code == 200
    (series,) = page.context["series"]
    assert (series["labels"], series["values"]) == (["2026-11-30 shift 1"], ["-5.00"])
    assert (series["unit"], series["x_title"]) == ("USD", "Gaming day and shift")


def test_counts_and_their_corrections_come_in_two_queries_the_latest_standing(
        played_shift, card_room, counters, travel, django_assert_num_queries):
    """shift_results reads a span's counts (no join to the counters) and all their
    corrections in two queries, however many boxes; the latest correction's drop stands."""
    from tables.count.selectors import counts_standing

    day, table = played_shift["day"], played_shift["table"]
    travel(at(2026, 11, 30, 15))  # shift 1 is over: the boxes come to the count room
    box = count_box(counters, table, day, 1, {"20": "25"})
    correct_box(counters, box, {"20": "26"})
    correct_box(counters, box, {"20": "27"}, reason="counted a third time")
    count_box(counters, card_room, day, 1, {"5": "1"})

    with django_assert_num_queries(2):
        counts = counts_standing({t.pk: t for t in (table, card_room)}, day, day)
        drops = {key[0]: [c.drop for c in [count, *count.prefetched_corrections]]
                 for key, count in counts.items()}

    assert drops == {table.pk: [500, 520, 540], card_room.pk: [5]}
    assert counts[(table.pk, day, 1)].table is table


def test_the_hold_review_reads_the_counted_figures_without_the_rounds(
        played_shift, counters, travel):
    """The hold review asks shift_results for the counted figures only: the same counted
    win and drop, no seat read for a recorded win it does not show."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tables.count.selectors import shift_results

    day, table = played_shift["day"], played_shift["table"]
    travel(at(2026, 11, 30, 15))
    count_box(counters, table, day, 1, {"20": "25"})
    full = shift_results([table], day, day)[(table.pk, day, 1)]
    with CaptureQueriesContext(connection) as queries:
        counted = shift_results([table], day, day, with_records=False)[(table.pk, day, 1)]

    assert (counted.counted, counted.drop) == (full.counted, full.drop)
    assert (full.recorded, counted.recorded) == (RECORDED, 0)
    assert not any("tables_studseat" in q["sql"] for q in queries)
