"""The hold review's figures in the service: the worker stores the simulated covariance of
two seats of one round beside the exact figures, ``game_math_of`` reads all three, and
figures stored before the covariance are queued again (migration 0019)."""

import datetime as dt
import importlib
from decimal import Decimal as D

import pytest
from django.utils import timezone

from payouts.analysis import selectors, services
from payouts.analysis.models import AnalysisStatus, ParAnalysis
from payouts.terms import services as terms
from tables.rules.hold import GameMath
from tables.rules.stud_montecarlo import COVARIANCE_ROUNDS
from tests.helpers import TodaysApps

MIGRATION = "0019_analyses_without_the_seat_covariance_queued_again"
requeue = importlib.import_module(f"payouts.migrations.{MIGRATION}")
COVARIANCE_KEYS = ("seat_covariance", "seat_covariance_std_error", "seat_covariance_rounds")


def computed(paytable, capture) -> ParAnalysis:
    with capture(execute=True):
        services.request_analysis(actor=None, paytable=paytable)
    return ParAnalysis.objects.get(paytable=paytable)


def as_before_the_covariance(analysis: ParAnalysis) -> None:
    old = {k: v for k, v in analysis.result.items() if k not in COVARIANCE_KEYS}
    ParAnalysis.objects.filter(pk=analysis.pk).update(result=old)


@pytest.mark.django_db
def test_the_worker_stores_the_covariance_of_two_seats_beside_the_exact_figures(
        api, client, supervisor, us_paytable, django_capture_on_commit_callbacks):
    done = computed(us_paytable, django_capture_on_commit_callbacks)
    body = api.as_user(supervisor).get(f"/api/v1/paytables/{us_paytable.pk}/analysis/").json()

    assert done.status == AnalysisStatus.DONE
    assert D("0.54") < D(body["seat_covariance"]) < D("0.57")  # 0.556 for the US paytable
    assert D(0) < D(body["seat_covariance_std_error"]) < D("0.01")
    assert body["seat_covariance_rounds"] == COVARIANCE_ROUNDS
    assert len(body["seat_covariance"].split(".")[1]) == 6  # a decimal string, like the rest

    client.force_login(supervisor)
    panel = client.get(f"/pit/paytables/{us_paytable.pk}/analysis/").content.decode()
    shown = D(body["seat_covariance"]).quantize(D("0.001"))
    assert "Covariance of two seats of one round (antes², simulated)" in panel
    assert f"{shown} ± 0.00" in panel


@pytest.mark.django_db
def test_the_progress_bar_tells_the_simulation_after_the_counting(
        us_paytable, monkeypatch):
    from payouts.analysis import computing

    told = []
    computing.forget_figures()  # computed here, not kept from an earlier test
    monkeypatch.setattr(computing, "_progress_writer",
                        lambda analysis_id: lambda f, words: told.append((f, words)))
    # sent after commit: never here
    analysis = services.request_analysis(actor=None, paytable=us_paytable)
    computing.compute(analysis.pk)

    simulating = [f for f, words in told if words == "simulating two seats of one round"]
    assert simulating[0] > computing.EXACT_SHARE
    assert simulating[-1] == pytest.approx(1.0)
    assert all(f <= computing.EXACT_SHARE for f, words in told if "dealer" in words)


@pytest.mark.django_db
def test_the_same_terms_are_computed_once_per_process_and_kept(
        us_paytable, controller, monkeypatch):
    from payouts.analysis import computing

    computing.forget_figures()
    simulated = []
    real = computing.seat_covariance
    monkeypatch.setattr(computing, "seat_covariance",
                        lambda *game, **kw: simulated.append(game) or real(*game, **kw))
    first = services.request_analysis(actor=None, paytable=us_paytable)
    computing.compute(first.pk)
    # The same terms in another version (republished unchanged), then other terms.
    again = terms.paytable_new_version(actor=controller, paytable=us_paytable)
    computing.compute(services.request_analysis(actor=None, paytable=again).pk)
    changed = terms.paytable_update(actor=controller, paytable=again,
                                    odds={**again.odds, "flush": 8})
    computing.compute(services.request_analysis(actor=None, paytable=changed).pk)

    assert len(simulated) == 2  # the first terms once, the changed terms once
    results = [a.result for a in ParAnalysis.objects.order_by("pk")]
    assert results[0]["house_edge"] == results[1]["house_edge"]
    assert results[0]["seat_covariance"] == results[1]["seat_covariance"]
    assert results[2]["house_edge"] != results[0]["house_edge"]


@pytest.mark.django_db
def test_game_math_of_gives_a_computed_version_and_leaves_out_one_without_figures(
        supervisor, us_paytable, django_capture_on_commit_callbacks, controller):
    done = computed(us_paytable, django_capture_on_commit_callbacks)
    draft = terms.paytable_create(actor=controller, name="Trial", variant="us")

    found = selectors.game_math_of([us_paytable.pk, draft.pk])

    assert list(found) == [us_paytable.pk]
    math = found[us_paytable.pk]
    assert isinstance(math, GameMath)
    assert math.house_edge.quantize(D("1e-12")) == D(done.result["house_edge"])
    assert round(math.house_edge * 100, 3) == D("5.224")
    assert math.variance == D(done.result["variance"])
    assert math.seat_covariance == D(done.result["seat_covariance"])
    assert D("5.03") < math.variance < D("5.04")


@pytest.mark.django_db
def test_figures_without_the_covariance_give_a_theoretical_hold_but_no_band(
        us_paytable, django_capture_on_commit_callbacks):
    as_before_the_covariance(computed(us_paytable, django_capture_on_commit_callbacks))
    assert selectors.game_math_of([us_paytable.pk]) == {}
    assert us_paytable.pk in selectors.theoretical_holds([us_paytable.pk])


@pytest.mark.django_db
def test_figures_stored_before_the_covariance_are_queued_again_and_computed_with_it(
        supervisor, us_paytable, django_capture_on_commit_callbacks):
    old = computed(us_paytable, django_capture_on_commit_callbacks)
    as_before_the_covariance(old)
    capped = ParAnalysis.objects.create(  # figures that have it already stay as they are
        paytable=us_paytable, terms=old.terms, terms_checksum=old.terms_checksum,
        ante_key="100.00", ante=D("100.00"), status=AnalysisStatus.DONE, progress=100,
        result={**old.result, "seat_covariance": "0.5"})

    requeue.queue_again_without_covariance(TodaysApps, None)

    old.refresh_from_db()
    assert (old.status, old.requested_at) == (AnalysisStatus.QUEUED, requeue.LONG_AGO)
    assert ParAnalysis.objects.get(pk=capped.pk).status == AnalysisStatus.DONE
    assert selectors.theoretical_holds([us_paytable.pk]) == {}  # nothing reads it now

    with django_capture_on_commit_callbacks(execute=True) as sent:
        # what the beat or a page asks
        again = services.request_analysis(actor=None, paytable=us_paytable)
    assert (again.pk, len(sent)) == (old.pk, 1)  # lost, so queued again, once
    again.refresh_from_db()
    assert again.status == AnalysisStatus.DONE
    assert timezone.now() - again.requested_at < dt.timedelta(minutes=1)
    assert set(COVARIANCE_KEYS) <= set(again.result)
    assert us_paytable.pk in selectors.game_math_of([us_paytable.pk])

