"""The demo as the README's first command loads it, three weeks of play, loaded once for
every module of this package (inside a transaction rolled back at its end), each test
reading it in a savepoint of its own. A figure derived from another is reconciled here,
on the demo's weeks, not only on a hand-made case. Every module here marks itself
`xdist_group("demo_as_loaded")`, so one parallel worker loads the demo once for all."""

import io

import pytest
from django.core.management import call_command
from django.db import transaction
from django.test import override_settings

from tests.conftest import FAST_HASHERS


@pytest.fixture(scope="package")
def printed(django_db_setup, django_db_blocker):
    """What `load_demo` (the README's command: 21 days of history) printed."""
    out = io.StringIO()
    # The tests' quick hasher (conftest's is for one test at a time).
    with override_settings(PASSWORD_HASHERS=FAST_HASHERS), django_db_blocker.unblock(), \
            transaction.atomic():
        call_command("load_demo", debug_off_ok=True, stdout=out)
        yield out.getvalue()
        transaction.set_rollback(True)
