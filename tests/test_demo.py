import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command

from tables.models import Casino, Table

pytestmark = pytest.mark.django_db


def test_the_demo_casino_has_what_the_readme_promises(capsys):
    call_command("load_demo")

    harbor = Casino.objects.get(currency="USD")
    mayfair = Casino.objects.get(currency="GBP")
    assert list(harbor.tables.filter(game="caribbean_stud").values_list("label", flat=True)) == [
        "CS-1", "CS-2"]
    assert mayfair.tables.get().game == "caribbean_stud"
    assert Table.objects.filter(game="holdem").count() == 1
    assert {t.paytable.variant for t in Table.objects.filter(game="caribbean_stud")} == {
        "us", "uk"}
    assert mayfair.tables.get().paytable.odds["royal_flush"] == 50
    assert {t.label for t in Table.objects.filter(progressive__name="Harbor Lights Jackpot")} \
        == {"CS-1", "CS-2"}
    out = capsys.readouterr().out
    for username, password in [("supervisor", "pit-boss-demo"), ("dealer", "deal-cards-demo"),
                               ("accountant", "count-chips-demo")]:
        assert f"password {password}" in out
        user = authenticate(username=username, password=password)
        assert user is not None
        assert user.groups.get().name == username
    assert "http://127.0.0.1:8000/login/" in out


def test_loading_the_demo_twice_changes_nothing():
    call_command("load_demo")
    call_command("load_demo")

    assert Casino.objects.count() == 2
    assert Table.objects.count() == 4
