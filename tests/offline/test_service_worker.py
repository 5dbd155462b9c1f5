"""Issue 33: the dealer's pages load without the network once visited. The service worker
(/dealer/sw.js) keeps every asset they name, from this service only (nothing from a CDN),
so that a page kept for a drop in the Wi-Fi still has its scripts and styles."""

import re

import pytest

pytestmark = pytest.mark.django_db
ASSET = re.compile(r'(?:src|href)="(/static/[^"]+)"')


def test_the_worker_keeps_every_asset_of_the_dealers_pages(client, dealer, live_table, holdem):
    client.force_login(dealer)
    worker = client.get("/dealer/sw.js")
    assert worker.status_code == 200
    assert worker["Content-Type"].startswith("text/javascript")
    assert worker["Service-Worker-Allowed"] == "/dealer/"
    assert worker["Cache-Control"] == "no-cache"
    kept = worker.content.decode()

    for page in ("/dealer/", f"/dealer/tables/{live_table.pk}/round/",
                 f"/dealer/tables/{holdem.pk}/poker/", f"/dealer/tables/{holdem.pk}/poker/full/"):
        shown = client.get(page)
        assert shown.status_code == 200, page
        assets = set(ASSET.findall(shown.content.decode()))
        assert "/static/js/offline/queue.js" in assets, page
        assert {asset for asset in assets if f'"{asset}"' not in kept} == set(), page
    assert "http" not in kept.replace("self.location.origin", "")   # nothing from elsewhere


def test_the_round_form_tells_the_tablet_the_tables_terms(client, dealer, jackpot_table):
    import json
    from html import unescape

    client.force_login(dealer)
    page = client.get(f"/dealer/tables/{jackpot_table.pk}/round/").content.decode()
    terms = json.loads(unescape(re.search(r'data-terms="([^"]+)"', page).group(1)))
    assert terms == {"label": "CS-1", "seats": 7, "places": 2, "progressive": True,
                     "min_ante": "5.00", "max_ante": "100.00"}
    paying = json.loads(unescape(re.search(r'data-jackpot="([^"]+)"', page).group(1)))
    assert "royal_flush" in paying
