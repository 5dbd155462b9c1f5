"""The demo's rotation (issue 31): five more dealers at Harbor Lights, each with the games
he may deal, and the last three hours of the floor as the pit recorded them (clock-ins,
reliefs, breaks and meals), so /pit/rotation/ opens on a floor that runs: a relief
overdue, one due now, a dealer back from his break to take each."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from casino.common.roles import Role
from tables.floor.models import Casino, Game, Table
from tables.management.demo_history import clock_at
from tables.pit import services
from tables.pit.models import DealerMove, MoveKind

STUD, HOLDEM, OMAHA = Game.CARIBBEAN_STUD, Game.HOLDEM, Game.OMAHA_HI_LO
# The demo's dealers (the "dealer" of the README and five more, with his password) and
# the games each may deal.
GAMES = {"dealer": [STUD, HOLDEM, OMAHA], "dealer2": [STUD], "dealer3": [HOLDEM, OMAHA],
         "dealer4": [STUD, HOLDEM], "dealer5": [HOLDEM, OMAHA], "dealer6": [STUD, HOLDEM]}
# (minutes before now, dealer, table he takes; None: he clocks in); the dealer he
# relieves goes on a break, or his meal where named.
SCRIPT = [
    *((-180, name, None) for name in GAMES),
    (-180, "dealer6", "CS-1"), (-180, "dealer4", "CS-2"), (-180, "dealer3", "HE-1"),
    (-180, "dealer5", "OM-1"),
    (-120, "dealer", "CS-1"),    # dealer6 to his meal
    (-115, "dealer2", "CS-2"), (-100, "dealer4", "HE-1"),
    (-70, "dealer6", "CS-2"), (-60, "dealer3", "OM-1"),    # dealer5 to his meal
    (-55, "dealer2", "CS-1"), (-35, "dealer", "HE-1"),
]
MEALS = {(-120, "CS-1"), (-60, "OM-1")}


def demo_dealers(password: str, casinos: list[Casino]) -> dict:
    """The demo's dealers by name, on both casinos' staff."""
    User = get_user_model()
    found = {}
    for name in GAMES:
        user, made = User.objects.get_or_create(username=name)
        if made:
            user.set_password(password)
            user.save()
        user.groups.add(Group.objects.get(name=Role.DEALER.value))
        for casino in casinos:
            casino.staff.add(user)
        found[name] = user
    return found


def run_rotation(supervisor, casino: Casino, dealers: dict, now: dt.datetime) -> int:
    """The floor's last three hours at ``casino``, once (a demo loaded again adds none)."""
    # The history's rounds moved the dealer who recorded them (the dealer who records at a
    # table is the dealer on it); the script's own dealers tell whether it ran.
    if DealerMove.objects.filter(casino=casino, dealer=dealers["dealer6"]).exists():
        return 0
    tables = {t.label: t for t in Table.objects.filter(casino=casino)}
    with clock_at(now + dt.timedelta(minutes=SCRIPT[0][0] - 1)):
        for name, games in GAMES.items():
            services.dealer_games_set(actor=supervisor, casino=casino, dealer=dealers[name],
                                      games=games)
    for minutes, name, label in SCRIPT:
        with clock_at(now + dt.timedelta(minutes=minutes)):
            if label is None:
                services.dealer_clock_in(actor=supervisor, casino=casino, dealer=dealers[name])
            else:
                goes = MoveKind.MEAL if (minutes, label) in MEALS else MoveKind.BREAK
                services.dealer_relieve(actor=supervisor, table=tables[label],
                                        relief=dealers[name], goes_to=goes)
    return DealerMove.objects.filter(casino=casino, at__gte=now + dt.timedelta(
        minutes=SCRIPT[0][0] - 1)).count()
