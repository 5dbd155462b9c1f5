import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command

from tables.floor.models import Casino, Table

pytestmark = pytest.mark.django_db


def test_the_demo_casino_has_what_the_readme_promises(capsys):
    call_command("load_demo")

    harbor = Casino.objects.get(currency="USD")
    mayfair = Casino.objects.get(currency="GBP")
    assert list(harbor.tables.filter(game="caribbean_stud").values_list("label", flat=True)) == [
        "CS-1", "CS-2"]
    assert mayfair.tables.get(label="CSP-1").game == "caribbean_stud"
    he1 = Table.objects.get(label="HE-1")
    assert (he1.structure, he1.small_bet, he1.big_bet, he1.kill) == (
        "fixed_limit", 20, 40, "full")
    assert he1.rake_schedule.percent == 10
    assert he1.rake_schedule.cap == 5
    assert Table.objects.get(label="NL-1").rake_schedule.method == "time"
    assert Table.objects.get(label="OM-1").structure == "pot_limit"
    assert {t.paytable.variant for t in Table.objects.filter(game="caribbean_stud")} == {
        "us", "uk"}
    assert mayfair.tables.get(label="CSP-1").paytable.odds["royal_flush"] == 50
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
    assert Table.objects.count() == 6
