"""A PAR sheet and its progress are read like the paytable they belong to (a casino's to
its staff, the group's to everyone), and the PDF is rendered once per analysis."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.utils import timezone

from casino.house.models import Casino
from payouts.analysis.models import AnalysisStatus, ParAnalysis
from payouts.terms import services as terms
from tests.conftest import make_user

pytestmark = pytest.mark.django_db


def finished(paytable) -> ParAnalysis:
    """An analysis as the worker leaves it (its figures are not what these tests read)."""
    return ParAnalysis.objects.create(
        paytable=paytable, terms={}, terms_checksum=f"{paytable.pk:064d}", ante_key="uncapped",
        ante=paytable.min_ante, status=AnalysisStatus.DONE, progress=100,
        result={"house_edge": "0.052243057716", "ante": "5.00"}, finished_at=timezone.now())


@pytest.fixture
def harbors_sheet(supervisor, us_casino):
    paytable = terms.paytable_create(actor=supervisor, name="Harbor only", variant="us",
                                     currency="USD", casino=us_casino)
    return finished(paytable)


@pytest.fixture
def mayfair_boss(us_casino):
    mayfair = Casino.objects.create(name="Mayfair", currency="GBP", timezone="Europe/London")
    return make_user("mo_mayfair", "supervisor", "accountant", at=[mayfair])


class Renders:
    """Stands in for weasyprint.HTML, counting the PDFs made."""

    count = 0

    def __init__(self, string: str):
        self.html = string

    def write_pdf(self) -> bytes:
        type(self).count += 1
        return b"%PDF-1.7 " + self.html[:40].encode()


@pytest.fixture
def renders(monkeypatch):
    import weasyprint

    cache.clear()
    Renders.count = 0
    monkeypatch.setattr(weasyprint, "HTML", Renders)
    yield Renders
    cache.clear()


@pytest.mark.parametrize("address", ["state.json", "par-sheet.pdf"])
def test_another_casinos_paytable_sheet_is_not_found(client, harbors_sheet, mayfair_boss,
                                                     supervisor, renders, address):
    url = f"/pit/analyses/{harbors_sheet.pk}/{address}"
    client.force_login(mayfair_boss)
    assert client.get(url).status_code == 404
    client.force_login(supervisor)
    assert client.get(url).status_code == 200


def test_the_groups_paytable_sheet_is_read_by_every_casino(client, us_paytable, mayfair_boss,
                                                          renders):
    sheet = finished(us_paytable)
    client.force_login(mayfair_boss)
    assert client.get(f"/pit/analyses/{sheet.pk}/state.json").json()["status"] == "done"
    assert client.get(f"/pit/analyses/{sheet.pk}/par-sheet.pdf").status_code == 200


def test_a_second_read_of_the_pdf_does_not_render_it_again(client, harbors_sheet, supervisor,
                                                           accountant, renders):
    url = f"/pit/analyses/{harbors_sheet.pk}/par-sheet.pdf"
    client.force_login(supervisor)
    first = client.get(url)
    client.force_login(accountant)
    second = client.get(url)

    assert renders.count == 1
    assert first.content == second.content
    assert first["Content-Type"] == "application/pdf"


def test_a_sheet_whose_paytable_changed_status_is_rendered_anew(client, harbors_sheet,
                                                                supervisor, renders):
    url = f"/pit/analyses/{harbors_sheet.pk}/par-sheet.pdf"
    client.force_login(supervisor)
    client.get(url)
    terms.paytable_publish(actor=supervisor, paytable=harbors_sheet.paytable)
    client.get(url)
    client.get(url)

    assert renders.count == 2  # the draft's sheet, then the published one's, kept
