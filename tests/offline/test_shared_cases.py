"""One set of cases (tests/offline/cases.json) for the service and the dealer's tablet
(static/js/offline/check.js, issue 33): each stud body is sent to the API, each quick line
read by the page's parser, and the same cases are checked by the browser's mirror in
Chromium. Both must answer each case's `refused` exactly, so they cannot drift apart."""

import json
import re
from pathlib import Path

import pytest

from tables.poker.forms import parse_quick_line
from tables.rules.cards import split_cards

CASES = json.loads((Path(__file__).parent / "cases.json").read_text())
CHECKS = Path(__file__).parents[2] / "static" / "js" / "offline" / "check.js"


@pytest.mark.django_db
@pytest.mark.parametrize("case", CASES["stud"], ids=[case["name"] for case in CASES["stud"]])
def test_the_service_answers_each_stud_case(api, dealer, live_table, case):
    terms = CASES["stud_terms"]
    assert (live_table.label, live_table.seats) == (terms["label"], terms["seats"])
    answer = api.as_user(dealer).post(f"/api/v1/tables/{live_table.pk}/stud-rounds/",
                                      case["body"], format="json")

    if case["refused"] is None:
        assert answer.status_code == 201, answer.json()
    else:
        assert answer.status_code == 400
        assert answer.json() == case["refused"]


@pytest.mark.parametrize("case", CASES["quick"], ids=[case["line"] or "empty" for case in
                                                      CASES["quick"]])
def test_the_page_reads_each_quick_line(case):
    if "refused" in case:
        with pytest.raises(ValueError, match=f"^{re.escape(case['refused'])}$"):
            parse_quick_line(case["line"])
    else:
        assert parse_quick_line(case["line"]) == case["body"]


@pytest.mark.parametrize("case", CASES["split"], ids=[case["typed"] for case in CASES["split"]])
def test_the_service_splits_typed_cards(case):
    assert split_cards(case["typed"]) == case["cards"]


CHECK_ALL = """([cases, terms]) => {
  const C = window.CasinoChecks, found = {stud: [], quick: [], split: []};
  for (const c of cases.stud) found.stud.push(C.checkStudRound(c.body, terms));
  for (const c of cases.quick) {
    try { found.quick.push({body: C.parseQuickLine(c.line)}); }
    catch (error) { found.quick.push({refused: error.message}); }
  }
  for (const c of cases.split) found.split.push(C.splitCards(c.typed));
  return found;
}"""


def test_the_browser_answers_every_case_as_the_service_does(page):
    page.set_content("<!doctype html><title>checks</title>")
    page.add_script_tag(content=CHECKS.read_text())
    found = page.evaluate(CHECK_ALL, [CASES, CASES["stud_terms"]])

    for case, answer in zip(CASES["stud"], found["stud"], strict=True):
        assert answer == case["refused"], case["name"]
    for case, answer in zip(CASES["quick"], found["quick"], strict=True):
        assert answer == ({"refused": case["refused"]} if "refused" in case
                          else {"body": case["body"]}), case["line"]
    for case, answer in zip(CASES["split"], found["split"], strict=True):
        assert answer == case["cards"], case["typed"]
