"""The demo's floor through its weeks of history (issue 44): who dealt which table when,
as the pit would have run it. Each casino has two crews a day (its day crew from 09:45,
its evening crew from 19:15, each ten hours at most); the house's rotation
(tables.rules.rotation, the pit's default rules: 60 minutes on a table, a 20-minute
break, the meal within four hours) proposes the reliefs every five minutes and the
supervisor confirms those due; a dealer relieved after his crew's hours goes home, and a
table is dealt from a quarter of an hour before its first round or hand of the day to ten
minutes after its last. Each round and hand is then recorded by the dealer on its table
at its moment, the floor's moves up to that moment written first (in one statement,
through tables.pit.services.dealer_moves_record: the history's thousands of moves one
by one would double the demo's loading time), so a round always lies in its dealer's
stint at that table, and no dealer deals two tables at once."""

from __future__ import annotations

import contextlib
import datetime as dt
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import PBKDF2PasswordHasher, get_hasher, make_password
from django.contrib.auth.models import Group
from django.test.utils import override_settings

from casino.common.roles import Role
from casino.house.models import Casino
from tables.floor.models import Game, Table
from tables.floor.services import table_dealer_assign
from tables.pit import services
from tables.pit.models import DealerGames, DealerMove, MoveKind
from tables.pit.selectors import SHIFT_AT_MOST
from tables.pit.stints import shift_clock
from tables.rules import rotation, stints

STUD, HOLDEM, OMAHA = Game.CARIBBEAN_STUD, Game.HOLDEM, Game.OMAHA_HI_LO
# Harbor Lights' evening crew: the README's dealer and the five of the rotation's last
# three hours (tables.management.demo_rotation), each with the games he may deal.
EVENING = {"dealer": [STUD, HOLDEM, OMAHA], "dealer2": [STUD], "dealer3": [HOLDEM, OMAHA],
           "dealer4": [STUD, HOLDEM], "dealer5": [HOLDEM, OMAHA], "dealer6": [STUD, HOLDEM]}
# Each casino's crews: (when they clock in, local time; their dealers and games).
CREWS = {
    "Harbor Lights Casino": [
        (dt.time(9, 45), {"dealer7": [STUD, HOLDEM, OMAHA], "dealer8": [STUD],
                          "dealer9": [HOLDEM, OMAHA], "dealer10": [STUD, HOLDEM],
                          "dealer11": [HOLDEM, OMAHA], "dealer12": [STUD, HOLDEM]}),
        (dt.time(19, 15), EVENING)],
    "Mayfair Card Club": [
        (dt.time(9, 45), {name: [STUD, HOLDEM] for name in ("dealer13", "dealer14",
                                                             "dealer15")}),
        # Its card room's night is time collection till six: the stud table's two.
        (dt.time(19, 15), {name: [STUD, HOLDEM] for name in ("dealer16", "dealer17")})],
}
CREW_HOURS = dt.timedelta(hours=10)
STEP = dt.timedelta(minutes=5)
BEFORE, AFTER = dt.timedelta(minutes=15), dt.timedelta(minutes=10)
RULES = rotation.RotationRules()  # a pit's defaults (tables.pit.models.RotationRules)


class DemoPasswordHasher(PBKDF2PasswordHasher):
    """The demo's passwords are printed in the README: a hash that takes half a second to
    check guards nothing there, and the demo checks them about eighty times as it loads
    (each count's and each void's second person, every account). Stored as the standard
    hasher writes them, with fewer rounds: any settings read them, and Django hashes one
    again with its own rounds at its first log-in."""

    iterations = 10_000


@contextlib.contextmanager
def demo_hashing():
    """While the demo loads, its hasher is the settings' first, so that a password it
    checks (a second person's) is not hashed again with a million rounds on the spot;
    nothing changes where a test's quicker hasher is in use."""
    if get_hasher().algorithm != DemoPasswordHasher.algorithm:
        yield
        return
    with override_settings(PASSWORD_HASHERS=[
            f"{__name__}.{DemoPasswordHasher.__name__}", *settings.PASSWORD_HASHERS]):
        yield


def demo_password(password: str) -> str:
    """A demo account's password, hashed for the demo (DemoPasswordHasher) where the
    settings hash with PBKDF2 (a test's quicker hasher is kept)."""
    demo = DemoPasswordHasher()
    quicker = get_hasher().algorithm != demo.algorithm
    return make_password(password, hasher="default" if quicker else demo)


def _tick(moment: dt.datetime) -> dt.datetime:
    """The moment on the simulation's five-minute steps, or the step before."""
    return moment - dt.timedelta(minutes=moment.minute % 5, seconds=moment.second,
                                 microseconds=moment.microsecond)


def crew_names() -> list[str]:
    return list(dict.fromkeys(name for crews in CREWS.values() for _, crew in crews
                              for name in crew))


def demo_dealers(password: str, casinos: list[Casino], supervisor) -> dict:
    """The crews' dealers by name (made once, with the demo's dealer password), on both
    casinos' staff; at each casino of his crews, his games set and his tables assigned
    (only a table's dealers record at it)."""
    User = get_user_model()
    found, dealer_group = {}, Group.objects.get(name=Role.DEALER.value)
    for name in crew_names():
        user, made = User.objects.get_or_create(username=name)
        if made:
            user.password = demo_password(password)
            user.save()
        user.groups.add(dealer_group)
        for casino in casinos:
            casino.staff.add(user)
        found[name] = user
    for casino in casinos:
        tables = list(Table.objects.filter(casino=casino))
        for _, crew in CREWS.get(casino.name, []):
            for name, games in crew.items():
                _deals(supervisor, casino, tables, found[name], games)
    return found


def _deals(supervisor, casino: Casino, tables: list[Table], dealer, games) -> None:
    if not DealerGames.objects.filter(casino=casino, dealer=dealer).exists():
        services.dealer_games_set(actor=supervisor, casino=casino, dealer=dealer, games=games)
    for table in tables:
        if table.game in games and not table.dealers.filter(pk=dealer.pk).exists():
            table_dealer_assign(actor=supervisor, table=table, dealer=dealer)


@dataclass
class _Dealer:
    """A dealer through the day's simulation: his crew's hours, where he is."""

    id: int
    games: frozenset[str]
    crew_in: dt.datetime
    crew_out: dt.datetime
    clocked_in: dt.datetime | None = None
    table: int | None = None
    since: dt.datetime | None = None
    back: dt.datetime | None = None
    had_meal: bool = False
    gone: bool = False

    def as_rules(self, now: dt.datetime) -> rotation.Dealer:
        since = self.since
        if self.table is not None and now >= self.crew_out:
            since = min(since, now - RULES.time_on)  # his hours are over: due now
        return rotation.Dealer(self.id, self.games, self.clocked_in, self.had_meal,
                               self.table, since, self.back)


class DayFloor:
    """A casino's day on the floor: its moves as the rotation ran it, written as the
    day's records reach their moments (``keep_until``), and who dealt a table when."""

    def __init__(self, casino: Casino, plan: list[tuple], dealers: dict[str, object],
                 day: dt.date, stop: dt.datetime | None = None):
        """``plan``: the day's records, (when, table, ...); ``dealers``: the crews' users
        by name; nothing after ``stop``."""
        self.casino, self.moves, self.kept = casino, [], 0
        self.windows: dict[int, tuple[str, dt.datetime, dt.datetime]] = {}
        for moment, table, *_ in plan:
            game, opens, closes = self.windows.get(table.pk, (table.game, moment, moment))
            self.windows[table.pk] = (game, min(opens, moment), max(closes, moment))
        self.windows = {pk: (game, _tick(opens - BEFORE), closes + AFTER)
                        for pk, (game, opens, closes) in self.windows.items()}
        self.crew = {}
        for clock_in, crew in CREWS[casino.name]:
            begin = dt.datetime.combine(day, clock_in, tzinfo=casino.zone).astimezone(dt.UTC)
            for name, games in crew.items():
                user = dealers[name]
                self.crew[user.pk] = _Dealer(user.pk, frozenset(games), begin,
                                             begin + CREW_HOURS)
        first = min(d.crew_in for d in self.crew.values())
        self.end = max([first, *(closes for _, _, closes in self.windows.values())])
        if stop is not None:
            self.end = max(first, min(self.end, stop))
        self._run(first)
        clock = shift_clock(casino)
        self._stints = {who: stints.stints(
            [stints.Move(m.at, m.kind, m.table_id) for m in self.moves if m.dealer_id == who],
            shift_of=clock, now=self.end, memory=SHIFT_AT_MOST) for who in self.crew}

    def dealer_at(self, table: int, moment: dt.datetime) -> int:
        """The dealer on ``table`` at ``moment`` (the one who took it then, if anyone did)."""
        found = [(s.start, who) for who, his in self._stints.items()
                 for s in his if s.table == table and s.covers(moment)]
        if not found:
            raise AssertionError(f"The demo's floor has nobody on table {table} at {moment}.")
        return max(found)[1]

    def keep_until(self, supervisor, moment: dt.datetime) -> None:
        """The moves made by ``moment`` written (the clock standing at ``moment`` or later)."""
        upto = self.kept
        while upto < len(self.moves) and self.moves[upto].at <= moment:
            upto += 1
        if upto > self.kept:
            services.dealer_moves_record(actor=supervisor, casino=self.casino,
                                         moves=self.moves[self.kept:upto])
            self.kept = upto

    def _move(self, dealer: _Dealer, kind: str, at: dt.datetime, **extra) -> None:
        self.moves.append(DealerMove(dealer_id=dealer.id, kind=kind, at=at, **extra))

    def _run(self, now: dt.datetime) -> None:
        while now < self.end:
            self._clock(now)
            self._close_tables(now)
            self._relieve(now)
            now += STEP
        for dealer in self.crew.values():  # the floor closes: everyone home
            if dealer.clocked_in and not dealer.gone:
                self._leave(dealer, self.end, MoveKind.CLOCK_OUT)

    def _clock(self, now: dt.datetime) -> None:
        """Crews clock in at their time; a dealer past his crew's hours and on no table
        goes home; one free and due his meal goes to it."""
        for dealer in self.crew.values():
            if dealer.clocked_in is None and dealer.crew_in <= now:
                dealer.clocked_in = now
                self._move(dealer, MoveKind.CLOCK_IN, now)
            if dealer.clocked_in is None or dealer.gone or dealer.table is not None:
                continue
            if now >= dealer.crew_out:
                self._leave(dealer, now, MoveKind.CLOCK_OUT)
            elif (not dealer.had_meal and (dealer.back is None or dealer.back <= now)
                  and dealer.clocked_in + RULES.meal_within <= now):
                self._leave(dealer, now, MoveKind.MEAL)

    def _close_tables(self, now: dt.datetime) -> None:
        """A table whose play is over for the day: its dealer leaves it for a break, or
        home when his hours are over."""
        for dealer in self.crew.values():
            if dealer.table is not None and self.windows[dealer.table][2] <= now:
                self._leave(dealer, now, MoveKind.CLOCK_OUT if now >= dealer.crew_out
                            else MoveKind.BREAK)

    def _leave(self, dealer: _Dealer, now: dt.datetime, kind: str) -> None:
        """The dealer leaves his table (if on one) for a break, his meal or home."""
        until = None
        if kind in (MoveKind.BREAK, MoveKind.MEAL):
            until = now + (RULES.meal_length if kind == MoveKind.MEAL else RULES.break_length)
        self._move(dealer, kind, now, until=until)
        dealer.table, dealer.since, dealer.back = None, None, until
        dealer.had_meal |= kind == MoveKind.MEAL
        dealer.gone = kind == MoveKind.CLOCK_OUT

    def _relieve(self, now: dt.datetime) -> None:
        """The reliefs the rotation proposes due by now, each confirmed."""
        open_tables = [rotation.Table(pk, game) for pk, (game, opens, closes)
                       in self.windows.items() if opens <= now < closes]
        on_floor = [d for d in self.crew.values() if d.clocked_in and not d.gone
                    and (d.table is not None or now < d.crew_out)]
        proposal = rotation.propose(open_tables, [d.as_rules(now) for d in on_floor], RULES,
                                    now)
        for relief in proposal.reliefs:
            if relief.at > now:
                continue
            if relief.relieved is not None:
                relieved = self.crew[relief.relieved]
                goes = relief.goes_to or rotation.BreakKind.BREAK
                self._leave(relieved, now, MoveKind.CLOCK_OUT if now >= relieved.crew_out
                            else goes)
            taking = self.crew[relief.dealer]
            self._move(taking, MoveKind.TABLE, now, table_id=relief.table,
                       relieved_id=relief.relieved)
            taking.table, taking.since, taking.back = relief.table, now, None
