"""Every operation of the OpenAPI schema, fuzzed by schemathesis: bad input gets a 4xx,
never a 500.

The caller is a supervisor who is also the dealer of a stud table and of a poker table
(with a published paytable, jackpot and collection schedule), so requests reach the
services rather than stopping at a 403. Examples are derandomized: CI sees the same
requests every run.
"""

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error

from tests.conftest import make_user

pytestmark = pytest.mark.django_db


schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())


@pytest.fixture
def keep_connection(db):
    # Called straight through WSGI, a request would close the test's connection when it
    # ends (Django's test client switches that off the same way).
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def fuzz_headers(db):
    from decimal import Decimal

    from payouts import progressives
    from payouts import services as payouts
    from tables import poker_settings, services

    user = make_user("fuzz_boss", "supervisor", "dealer")
    casino = services.casino_create(actor=user, name="Fuzz", currency="USD",
                                    timezone="America/New_York")
    stud = services.table_create(actor=user, casino=casino, label="CS-F", status="open",
                                 game="caribbean_stud", dealers=[user])
    paytable = payouts.paytable_publish(
        actor=user, paytable=payouts.paytable_create(actor=user, name="US", variant="us"))
    payouts.table_assign_paytable(actor=user, table=stud, paytable=paytable)
    meter = progressives.progressive_create(actor=user, name="Fuzz jackpot", currency="USD",
                                            seed=Decimal(1000), contribution_rate=Decimal("0.7"))
    progressives.table_link_progressive(actor=user, table=stud, progressive=meter)
    poker = services.table_create(actor=user, casino=casino, label="HE-F", status="open",
                                  game="holdem", dealers=[user])
    schedule = poker_settings.schedule_publish(actor=user, schedule=poker_settings.
                                               schedule_create(actor=user, name="Ten",
                                                               percent=Decimal(10)))
    poker_settings.table_set_poker_settings(actor=user, table=poker, rake_schedule=schedule,
                                            structure="no_limit", big_blind=Decimal(2))
    return {"Authorization": f"Token {Token.objects.create(user=user).key}"}


@schema.parametrize()
@settings(max_examples=15, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.filter_too_much, HealthCheck.too_slow])
def test_no_request_gets_a_server_error(case, fuzz_headers, keep_connection):
    case.call_and_validate(headers=fuzz_headers, checks=[not_a_server_error])
