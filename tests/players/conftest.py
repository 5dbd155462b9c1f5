"""The players' tests' people: a host, and Pat, a gold card holder she opened; and Pat's
rating on three folded antes, closed."""

from __future__ import annotations

import pytest

from tables.players import services
from tables.players.figures import rating_figures
from tests.conftest import make_user
from tests.played import at

FOLD = {"dealer_cards": ["As", "Kd", "7c", "4h", "2s"],
        "seats": [{"seat": 1, "ante": "10.00", "decision": "fold"}]}


@pytest.fixture
def host(db):
    return make_user("hana_host", "host")


@pytest.fixture
def pat(host):
    return services.player_create(actor=host, card="10042", name="Pat Q. Player", tier="gold")


@pytest.fixture
def rated(live_table, pat, supervisor, play_round, travel, django_capture_on_commit_callbacks):
    """Pat (gold) rated on three folded antes of 10 at CS-1, the paytable's figures
    worked out, and his rating closed."""
    travel(at(2026, 3, 3, 9, 0))
    rating = services.rating_open(actor=supervisor, table=live_table, seat=1, player=pat)
    rounds = [play_round(live_table, at(2026, 3, 3, 9, minute), FOLD) for minute in (5, 10, 15)]
    with django_capture_on_commit_callbacks(execute=True):
        rating_figures(rating)  # the edges asked for, and worked out
    travel(at(2026, 3, 3, 9, 30))
    services.rating_close(actor=supervisor, rating=rating)
    return rating, rounds
