"""Game math in the service: the analysis API (202, then 200), its cache per terms and
ante, the progressive's side wager, the supervisor's panel, the PAR sheet PDF."""

import datetime as dt
import io
from decimal import Decimal as D
from fractions import Fraction

import pytest
from django.utils import timezone
from pypdf import PdfReader

from payouts.analysis.models import AnalysisStatus, ParAnalysis
from payouts.terms import services as terms

pytestmark = pytest.mark.django_db


def analysis(api, user, paytable, capture, **query):
    """Ask twice, as a client polls: the worker runs in between (eagerly, after commit)."""
    with capture(execute=True):
        first = api.as_user(user).get(f"/api/v1/paytables/{paytable.pk}/analysis/", query)
    second = api.as_user(user).get(f"/api/v1/paytables/{paytable.pk}/analysis/", query)
    return first, second


def test_the_paytable_analysis_is_202_while_computing_then_the_exact_figures(
        api, supervisor, us_paytable, django_capture_on_commit_callbacks):
    first, second = analysis(api, supervisor, us_paytable, django_capture_on_commit_callbacks,
                             ante="10.00")

    assert first.status_code == 202, first.content
    assert first.json()["status"] == "queued"
    assert first["Retry-After"]
    assert second.status_code == 200, second.content
    body = second.json()
    assert (body["house_edge"][:6], body["element_of_risk"][:6], body["raise_rate"][:6],
            body["dealer_qualifies"][:6]) == ("0.0522", "0.0255", "0.5222", "0.5631")
    assert round(D(body["house_edge"]) * 100, 3) == D("5.224")
    assert body["std_dev"].startswith("2.24")
    assert sum(D(p) for p in body["outcomes"].values()) == pytest.approx(D(1), abs=D("1e-9"))
    loss = Fraction(1_132_600_203_540, 19_933_230_517_200)  # RULES.md 2.10, exactly
    assert body["house_strategy"]["exact"] == f"{loss.numerator}/{loss.denominator}"
    assert body["strategy"]["rows"][-1] == {"hand": "A K 4 3 2", "cells": ["raise"] * 3 +
                                            ["fold"] * 10}
    assert len(body["terms_checksum"]) == 64


def test_figures_are_kept_per_terms_and_per_ante_only_where_the_cap_binds(
        api, supervisor, us_paytable, django_capture_on_commit_callbacks):
    analysis(api, supervisor, us_paytable, django_capture_on_commit_callbacks, ante="5.00")
    _, same = analysis(api, supervisor, us_paytable, django_capture_on_commit_callbacks,
                       ante="20.00")
    assert same.status_code == 200  # 2 x 20 x 100 = 4,000: under the cap, the same figures
    assert ParAnalysis.objects.count() == 1

    _, capped = analysis(api, supervisor, us_paytable, django_capture_on_commit_callbacks,
                         ante="100.00")
    assert capped.status_code == 200
    assert D(capped.json()["house_edge"]) > D(same.json()["house_edge"])
    assert sorted(ParAnalysis.objects.values_list("ante_key", flat=True)) == [
        "100.00", "uncapped"]


def test_a_draft_edited_after_its_figures_gets_new_ones(
        api, supervisor, django_capture_on_commit_callbacks, controller):
    draft = terms.paytable_create(actor=controller, name="Trial", variant="us")
    _, before = analysis(api, supervisor, draft, django_capture_on_commit_callbacks)
    terms.paytable_update(actor=controller, paytable=draft,
                          odds={**draft.odds, "flush": 8})
    draft.refresh_from_db()
    _, after = analysis(api, supervisor, draft, django_capture_on_commit_callbacks)

    assert D(after.json()["house_edge"]) < D(before.json()["house_edge"])
    assert before.json()["terms_checksum"] != after.json()["terms_checksum"]
    assert ParAnalysis.objects.filter(paytable=draft).count() == 2


@pytest.mark.parametrize(("ante", "words"), [
    ("abc", "'abc' is not an amount"), ("1.00", "antes run from 5.00 to 100.00"),
    ("10.005", "not a whole number of cents"), ("1" * 40, "antes run from 5.00"),
    ("1e3", "is not an amount")])
def test_a_bad_ante_is_refused_naming_it(api, supervisor, us_paytable, ante, words):
    response = api.as_user(supervisor).get(f"/api/v1/paytables/{us_paytable.pk}/analysis/",
                                           {"ante": ante})
    assert response.status_code == 400
    assert words in response.json()["ante"][0]
    assert not ParAnalysis.objects.exists()


@pytest.mark.parametrize("role", ["dealer", "outsider", "supervisor", "accountant"])
def test_only_supervisors_and_accountants_read_game_math(api, client, request, role,
                                                         us_paytable, progressive):
    user = request.getfixturevalue(role)
    allowed = role in ("supervisor", "accountant")
    answers = ((f"/api/v1/paytables/{us_paytable.pk}/analysis/", 202),
               (f"/api/v1/progressives/{progressive.pk}/analysis/", 200))
    assert [api.get(url).status_code for url, _ in answers] == [401, 401]
    for url, answer in answers:
        assert api.as_user(user).get(url).status_code == (answer if allowed else 403)
    client.force_login(user)
    for url in (f"/pit/paytables/{us_paytable.pk}/analysis/",
                f"/pit/progressives/{progressive.pk}/side-wager/"):
        assert client.get(url).status_code == (200 if allowed else 403)
    analysis = ParAnalysis.objects.first()
    if analysis is not None:
        for url in (f"/pit/analyses/{analysis.pk}/state.json",
                    f"/pit/analyses/{analysis.pk}/par-sheet.pdf"):
            assert client.get(url).status_code in ((200, 404) if allowed else (403,))
    assert (analysis is None) is not allowed  # only readers queue work


def test_a_failed_computation_is_said_and_tried_again_a_minute_later(
        api, supervisor, us_paytable, django_capture_on_commit_callbacks, monkeypatch,
        time_machine):
    from payouts.analysis import computing

    def broken(*args, **kwargs):
        raise MemoryError("out of memory")

    computing.forget_figures()  # else figures this worker computed earlier would answer
    monkeypatch.setattr(computing, "par_sheet", broken)
    url = f"/api/v1/paytables/{us_paytable.pk}/analysis/"
    with django_capture_on_commit_callbacks(execute=True):
        api.as_user(supervisor).get(url)
    failed = api.as_user(supervisor).get(url)
    assert failed.status_code == 503
    assert failed.json()["message"] == "The figures could not be computed: out of memory"
    assert failed["Retry-After"] == "60"

    monkeypatch.undo()
    time_machine.move_to(timezone.now() + dt.timedelta(seconds=61))
    with django_capture_on_commit_callbacks(execute=True):
        queued = api.as_user(supervisor).get(url)
    assert queued.status_code == 202
    assert api.as_user(supervisor).get(url).status_code == 200
    assert ParAnalysis.objects.count() == 1


def test_an_analysis_a_worker_lost_is_queued_again_after_five_minutes(
        api, supervisor, us_paytable, django_capture_on_commit_callbacks, time_machine):
    from payouts.analysis import services

    # its message is never delivered
    lost = services.request_analysis(actor=None, paytable=us_paytable)
    ParAnalysis.objects.filter(pk=lost.pk).update(status=AnalysisStatus.RUNNING)
    url = f"/api/v1/paytables/{us_paytable.pk}/analysis/"
    with django_capture_on_commit_callbacks(execute=True) as sent:
        assert api.as_user(supervisor).get(url).json()["status"] == "running"
    assert sent == []  # not yet: a worker may still be on it

    time_machine.move_to(timezone.now() + dt.timedelta(minutes=6))
    with django_capture_on_commit_callbacks(execute=True) as sent:
        api.as_user(supervisor).get(url)
    assert len(sent) == 1
    assert api.as_user(supervisor).get(url).status_code == 200


def test_the_answer_names_the_ante_asked_for_where_figures_are_shared(
        api, supervisor, us_paytable, django_capture_on_commit_callbacks):
    analysis(api, supervisor, us_paytable, django_capture_on_commit_callbacks, ante="5.00")
    body = api.as_user(supervisor).get(f"/api/v1/paytables/{us_paytable.pk}/analysis/",
                                       {"ante": "20.00"}).json()
    assert body["ante"] == "20.00"


def test_the_strategy_rows_run_from_the_strongest_hand_down(
        api, supervisor, us_paytable, django_capture_on_commit_callbacks):
    _, done = analysis(api, supervisor, us_paytable, django_capture_on_commit_callbacks)
    hands = [row["hand"] for row in done.json()["strategy"]["rows"]]
    assert hands[:2] == ["A K Q T 9", "A K Q T 8"]
    assert hands.index("A K J T 9") < hands.index("A K T 9 8") < hands.index("A K 9 8 7")
    assert hands[-1] == "A K 4 3 2"


def test_the_progressive_analysis_gives_the_return_at_a_meter_and_the_break_even(
        api, supervisor, progressive):
    url = f"/api/v1/progressives/{progressive.pk}/analysis/"
    body = api.as_user(supervisor).get(url, {"meter": "100000.00"}).json()
    richer = api.as_user(supervisor).get(url, {"meter": "110000.00"}).json()

    assert round((D(richer["return"]) - D(body["return"])) * 100, 2) == D("2.92")
    assert body["break_even_meter"] == "218047.37"
    assert D(body["return"]) < 1 < D(api.as_user(supervisor).get(
        url, {"meter": "218047.37"}).json()["return"])
    royal = body["awards"][0]
    assert (royal["category"], royal["combinations"], royal["one_in"]) == (
        "royal_flush", 4, "649740.00")
    # 70% to the meter, 10,000 seed every 649,740 hands, fixed awards 0.3624 of a wager.
    assert D(body["house_share"]) == pytest.approx(
        1 - D("0.36237571951858") - D("0.70") - D(4 * 10000) / 2_598_960, abs=D("1e-11"))


def test_a_bad_meter_is_refused_naming_it(api, supervisor, progressive):
    response = api.as_user(supervisor).get(
        f"/api/v1/progressives/{progressive.pk}/analysis/", {"meter": "-5"})
    assert response.status_code == 400
    assert "meter of -5" in response.json()["meter"][0]
    huge = api.as_user(supervisor).get(f"/api/v1/progressives/{progressive.pk}/analysis/",
                                       {"meter": "9" * 30})
    assert huge.status_code == 400
    assert "from 0 to 1,000,000,000,000" in huge.json()["meter"][0]


def test_the_panel_shows_the_draft_beside_the_published_version_and_prints_a_par_sheet(
        client, supervisor, us_paytable, django_capture_on_commit_callbacks, controller):
    draft = terms.paytable_new_version(actor=controller, paytable=us_paytable)
    terms.paytable_update(actor=controller, paytable=draft, odds={**draft.odds, "flush": 8})
    client.force_login(supervisor)
    with django_capture_on_commit_callbacks(execute=True):
        waiting = client.get(f"/pit/paytables/{draft.pk}/analysis/")
    assert b"<progress" in waiting.content
    assert b"Waiting for a worker" in waiting.content

    page = client.get(f"/pit/paytables/{draft.pk}/analysis/").content.decode()
    assert "v2 (draft)" in page
    assert "v1 (published)" in page
    assert "5.224%" in page  # the published version's edge, beside the draft's
    assert "A K 4 3 2" in page

    done = ParAnalysis.objects.get(paytable=us_paytable)
    assert done.status == AnalysisStatus.DONE
    assert done.seconds > 0
    pdf = client.get(f"/pit/analyses/{done.pk}/par-sheet.pdf")
    assert pdf["Content-Type"] == "application/pdf"
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "PAR sheet: House US v1" in text
    assert done.terms_checksum[:16] in text.replace("\n", "")
    assert "5.2243%" in text
    assert "A K 4 3 2" in text
    assert "Approved by" in text
    assert "E-" not in text  # plain digits: no 0E-12
    assert "(UTC)" in text  # a group paytable: the group's clock (TIME_ZONE), named
    flat = " ".join(text.split())
    order = [flat.index(f"{words} ") for words in (
        "win royal flush", "win straight flush", "win four of a kind", "win one pair",
        "win high card", "push", "dealer not qualified", "dealer wins", "fold")]
    assert order == sorted(order)  # the wins in rank order, then the rest


def test_the_progressive_page_shows_the_side_wager_at_a_meter_with_its_line(
        client, supervisor, progressive):
    client.force_login(supervisor)
    page = client.get(f"/pit/progressives/{progressive.pk}/").content.decode()
    assert f'data-src="/pit/progressives/{progressive.pk}/side-wager/"' in page

    panel = client.get(f"/pit/progressives/{progressive.pk}/side-wager/",
                       {"meter": "218047.37"}).content.decode()
    assert "218,047.37" in panel
    assert '<td class="num" id="side-wager-return">100.00%' in panel  # the break-even meter
    assert "The house keeps, in the long run (contribution 70%, seed $10,000.00): less than " \
        "nothing, the awards pay out more than the wagers bring in</th><td class=\"num\">-7.78%" \
        in panel
    assert "<polyline" in panel
    # Its axes: the meter across (empty to twice the break-even), the share paid back up.
    svg = " ".join(panel[panel.index("<svg"):panel.index("</svg>")].split())
    assert [t.split(">")[1] for t in svg.split("<text")[1:]] == [
        "0%</text", "50%</text", "100%</text", "150%</text", "200%</text",
        "0</text", "109,024</text", "218,047</text", "327,071</text", "436,095</text",
        "Meter (USD)</text", "Paid back</text"]
    assert "649,740.00" in panel  # one royal in 649,740 hands

    refused = client.get(f"/pit/progressives/{progressive.pk}/side-wager/", {"meter": "lots"})
    assert refused.status_code == 400
    assert "meter: &#x27;lots&#x27; is not an amount" in refused.content.decode()
    assert 'value="lots"' in refused.content.decode()  # the form stays, to try again


def test_a_bad_ante_on_the_panel_is_said_in_words_and_the_form_stays(client, supervisor,
                                                                    us_paytable):
    client.force_login(supervisor)
    refused = client.get(f"/pit/paytables/{us_paytable.pk}/analysis/", {"ante": "1000.00"})
    assert refused.status_code == 400
    text = refused.content.decode()
    assert "ante: An ante of 1000.00 is not played at this paytable" in text
    assert 'value="1000.00"' in text
    assert not ParAnalysis.objects.exists()
