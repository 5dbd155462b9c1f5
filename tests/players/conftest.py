"""The players' tests' people: a host, and Pat, a gold card holder she opened."""

from __future__ import annotations

import pytest

from tables.players import services
from tests.conftest import make_user


@pytest.fixture
def host(db):
    return make_user("hana_host", "host")


@pytest.fixture
def pat(host):
    return services.player_create(actor=host, card="10042", name="Pat Q. Player", tier="gold")
