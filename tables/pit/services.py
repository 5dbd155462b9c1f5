"""The pit's writes: a dealer's moves on the floor (clocking in and out, a relief, a break)
and the rotation's configuration (the rules per pit, each dealer's games).

Every move of one casino's floor is made under one lock (a transaction-level advisory
lock per casino): two supervisors confirming reliefs at once, or a dealer taking a table
as the supervisor sends him elsewhere, are put in order, and each sees the other's move.
A move is a record; a mistaken one is followed by the right one, never changed."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection, transaction
from django.utils import timezone

from casino.common import push
from casino.common.atomic import IN_ITS_CALLER, outside_transaction
from casino.common.audit import changed_by, settings_saved
from casino.common.roles import Role, has_role, is_supervisor
from casino.house.models import Casino
from casino.house.staff import casinos_of, require_staff
from tables.floor.models import Game, Table, TableStatus
from tables.pit import selectors
from tables.pit.models import DealerGames, DealerMove, MoveKind, RotationRules

RULE_FIELDS = ("minutes_on", "break_minutes", "meal_within_minutes", "meal_minutes")
OFF_A_TABLE = (MoveKind.BREAK, MoveKind.MEAL, MoveKind.CLOCK_OUT)


def _lock_floor(casino: Casino) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
                       [f"pit-floor:{casino.pk}"])


def _clock(casino: Casino, moment: dt.datetime) -> str:
    return moment.astimezone(casino.zone).strftime("%H:%M")


def _require_dealer_at(dealer, casino: Casino, field: str = "dealer") -> None:
    if not (dealer.is_active and has_role(dealer, Role.DEALER)
            and casinos_of(dealer).filter(pk=casino.pk).exists()):
        raise ValidationError({field: f"{dealer.get_username()} is not a dealer of "
                                      f"{casino.name}."})


def _require_self_or_supervisor(actor, dealer, what: str) -> None:
    if actor.pk != dealer.pk and not is_supervisor(actor):
        raise PermissionDenied(f"Only a pit supervisor {what} for another dealer.")


def _where(casino: Casino, dealer, now: dt.datetime) -> selectors.Where | None:
    return selectors.on_the_floor(casino, now).get(dealer.pk)


def _move(casino, dealer, kind, actor, now, **extra) -> DealerMove:
    move = DealerMove(casino=casino, dealer=dealer, kind=kind, at=now, by=actor, **extra)
    move.full_clean()
    move.save()
    push.floor_changed(casino.pk)
    return move


@transaction.atomic
def dealer_clock_in(*, actor, casino: Casino, dealer) -> DealerMove:
    """A dealer starts his shift: he waits ready until a relief puts him on a table."""
    require_staff(actor, casino)
    _require_self_or_supervisor(actor, dealer, "clocks in")
    _require_dealer_at(dealer, casino)
    _lock_floor(casino)
    _lock_dealer(dealer)  # his clock-ins at two casinos at once: one after the other
    now = timezone.now()
    where = _where(casino, dealer, now)
    if where is not None:
        raise ValidationError({"dealer": f"{dealer.get_username()} is already clocked in "
                                         f"(since {_clock(casino, where.clocked_in)})."})
    elsewhere = selectors.clocked_in_elsewhere(dealer, casino, now)
    if elsewhere is not None:
        raise ValidationError({"dealer": f"{dealer.get_username()} is clocked in at "
                                         f"{elsewhere.name}: he clocks out there first."})
    return _move(casino, dealer, MoveKind.CLOCK_IN, actor, now)


def _lock_dealer(dealer) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
                       [f"pit-dealer:{dealer.pk}"])


@transaction.atomic
def dealer_clock_out(*, actor, casino: Casino, dealer) -> DealerMove:
    """A dealer ends his shift: not by his own tap while he deals a table (a relief takes
    it first). A supervisor may send him home from it (sick, the table closing for the
    night, nobody free to relieve him): the table is left with no dealer, and the
    rotation says so until a dealer takes it."""
    require_staff(actor, casino)
    _require_self_or_supervisor(actor, dealer, "clocks out")
    _lock_floor(casino)
    now = timezone.now()
    if is_supervisor(actor) and actor.pk != dealer.pk:
        if _where(casino, dealer, now) is None:
            raise ValidationError({"dealer": f"{dealer.get_username()} is not clocked in."})
    else:
        _off_a_table(casino, dealer, now, "a relief must take the table first.")
    return _move(casino, dealer, MoveKind.CLOCK_OUT, actor, now)


def _off_a_table(casino: Casino, dealer, now: dt.datetime, else_: str) -> selectors.Where:
    """Where the dealer is: clocked in and on no table, else refused (``else_`` says what
    must come first)."""
    where = _where(casino, dealer, now)
    if where is None:
        raise ValidationError({"dealer": f"{dealer.get_username()} is not clocked in."})
    if where.table_id is not None:  # his latest move's table, read with it
        raise ValidationError({"dealer": f"{dealer.get_username()} is dealing "
                                         f"{where.latest.table.label}: {else_}"})
    return where


def _break_end(casino: Casino, pit: str, kind: str, now: dt.datetime) -> dt.datetime:
    rules = selectors.rules_row(casino, pit)
    minutes = rules.meal_minutes if kind == MoveKind.MEAL else rules.break_minutes
    return now + dt.timedelta(minutes=minutes)


ANYONE = object()  # dealer_relieve: whoever deals the table now is relieved


@transaction.atomic
def dealer_relieve(*, actor, table: Table, relief, goes_to: str = MoveKind.BREAK,
                   relieving=ANYONE) -> list[DealerMove]:
    """``relief`` takes ``table``; the dealer he relieves (if anyone deals it) goes on a
    break, a meal break, or home (``goes_to``). The relief himself, or a supervisor,
    records it. ``relieving``: the dealer's id the caller saw on the table (None: nobody),
    from a proposal shown a while ago: if the floor has changed since, refused in words."""
    casino = table.casino
    require_staff(actor, casino)
    _require_self_or_supervisor(actor, relief, "records a relief")
    if goes_to not in OFF_A_TABLE:
        raise ValidationError({"goes_to": f"'{goes_to}' is not where a relieved dealer goes "
                                          "(break, meal or clock_out)."})
    _require_dealer_at(relief, casino, "relief")
    _lock_floor(casino)
    table = Table.objects.get(pk=table.pk)  # its status as of the lock
    now = timezone.now()
    floor = selectors.on_the_floor(casino, now)
    _check_relief(table, relief, floor.get(relief.pk))
    moves = []
    relieved = selectors.dealer_on(table, floor)
    if relieving is not ANYONE and (relieved.dealer_id if relieved else None) != relieving:
        now_on = relieved.latest.dealer.get_username() if relieved else "nobody"
        raise ValidationError({"table": f"The floor has changed: {now_on} deals "
                                        f"{table.label} now. Look at the reliefs again."})
    if relieved is not None:
        until = (_break_end(casino, table.pit, goes_to, now)
                 if goes_to != MoveKind.CLOCK_OUT else None)
        moves.append(_move(casino, relieved.latest.dealer, goes_to, actor, now, until=until))
    moves.append(_move(casino, relief, MoveKind.TABLE, actor, now, table=table,
                       relieved=relieved.latest.dealer if relieved else None))
    return moves


@transaction.atomic
def dealer_moves_record(*, actor, casino: Casino, moves: Sequence[DealerMove]) -> int:
    """Moves the floor made while nobody tapped them here, written at once, in the order
    given: the demo's weeks of history, run by the house's rotation
    (tables.management.demo_floor). A supervisor's, none later than now, each a dealer's
    of the casino, after his last move there. The one write of many moves at a time: a
    floor running now moves through the services above, each move checked under the lock.
    Returns how many were written."""
    _require_supervisor_at(actor, casino)
    _lock_floor(casino)
    now = timezone.now()
    staff = set(selectors.staff_of(casino).values_list("pk", flat=True))
    last = dict(DealerMove.objects.filter(casino=casino, dealer__in={m.dealer_id for m in moves})
                .order_by("dealer", "-at").distinct("dealer").values_list("dealer", "at"))
    for move in moves:
        if move.dealer_id not in staff or move.at > now or move.at < last.get(
                move.dealer_id, move.at):
            raise ValidationError({"moves": f"A move of dealer {move.dealer_id} at "
                                            f"{move.at.isoformat()} is not his to keep here "
                                            "(not on the casino's staff, later than now, or "
                                            "before his last move)."})
        last[move.dealer_id] = move.at
        move.casino, move.by = casino, actor
    DealerMove.objects.bulk_create(moves)
    return len(moves)


@outside_transaction(IN_ITS_CALLER)
def recorded_by(*, actor, table: Table) -> None:
    """A round or hand recorded at ``table``: the casino's live boards are told, and the
    dealer who records at a table is the dealer on it (issue 31). Recorded by someone the
    floor does not have there, it is his taking of the table, made here as the relief it
    is (the dealer he finds there goes on his break), clocking him in first if he had
    not. Called inside the recording's transaction: one indexed read when he is already
    on it (nearly always), the floor's locks only when not. The round is never refused
    for the floor's sake; a dealer clocked in at another casino keeps his moves there
    (the round stands, and says who recorded it). ``actor``: the dealer who recorded."""
    dealer, casino = actor, table.casino
    push.floor_changed(casino.pk)
    if selectors.deals_there(casino.pk, dealer.pk, table.pk, timezone.now()):
        return
    _lock_floor(casino)
    _lock_dealer(dealer)
    now = timezone.now()
    floor = selectors.on_the_floor(casino, now)
    where = floor.get(dealer.pk)
    if where is not None and where.table_id == table.pk:
        return  # another of his recordings took it first
    if where is None:
        if selectors.clocked_in_elsewhere(dealer, casino, now) is not None:
            return
        _move(casino, dealer, MoveKind.CLOCK_IN, dealer, now)
    relieved = selectors.dealer_on(table, floor)
    if relieved is not None:
        _move(casino, relieved.latest.dealer, MoveKind.BREAK, dealer, now,
              until=_break_end(casino, table.pit, MoveKind.BREAK, now))
    _move(casino, dealer, MoveKind.TABLE, dealer, now, table=table,
          relieved=relieved.latest.dealer if relieved else None)


def _check_relief(table: Table, relief, where: selectors.Where | None) -> None:
    name = relief.get_username()
    if table.status != TableStatus.OPEN:
        raise ValidationError({"table": f"{table.label} is closed: open it before a dealer "
                                        "takes it."})
    if where is None:
        raise ValidationError({"relief": f"{name} is not clocked in."})
    if where.table_id == table.pk:
        raise ValidationError({"relief": f"{name} is already dealing {table.label}."})
    if where.table_id is not None:
        raise ValidationError({"relief": f"{name} is dealing {where.latest.table.label}: "
                                         "relieve him there first."})
    games = selectors.games_of(table.casino).get(relief.pk, frozenset())
    if table.game not in games:
        allowed = ", ".join(Game(g).label for g in sorted(games)) or "none yet"
        raise ValidationError({"relief": f"{name} may not deal {Game(table.game).label} "
                                         f"(his games: {allowed})."})


@transaction.atomic
def dealer_break(*, actor, casino: Casino, dealer, kind: str = MoveKind.BREAK) -> DealerMove:
    """A dealer on no table sent on a break or his meal break (a supervisor's move, or
    his own)."""
    require_staff(actor, casino)
    _require_self_or_supervisor(actor, dealer, "sends on a break")
    if kind not in (MoveKind.BREAK, MoveKind.MEAL):
        raise ValidationError({"kind": f"'{kind}' is not a break (break or meal)."})
    _lock_floor(casino)
    now = timezone.now()
    _off_a_table(casino, dealer, now, "a relief takes the table, and he goes on his break "
                                      "from there.")
    return _move(casino, dealer, kind, actor, now, until=_break_end(casino, "", kind, now))


def _require_supervisor_at(actor, casino: Casino) -> None:
    if not is_supervisor(actor):
        raise PermissionDenied("Only a pit supervisor sets the rotation and the dealers' "
                               "games.")
    require_staff(actor, casino)


@transaction.atomic
def rotation_rules_set(*, actor, casino: Casino, pit: str = "", **changes) -> RotationRules:
    """A pit's rotation rules (blank pit: the casino's, for pits with none of their own);
    the first change saves the defaults with it."""
    _require_supervisor_at(actor, casino)
    _lock_floor(casino)  # two first saves at once: the second waits and finds the first's
    rules = (RotationRules.objects.select_for_update().filter(casino=casino, pit=pit).first()
             or RotationRules(casino=casino, pit=pit))
    return settings_saved(rules, changes, RULE_FIELDS, actor=actor,
                          reason="rotation rules changed")


@transaction.atomic
def dealer_games_set(*, actor, casino: Casino, dealer, games: Iterable[str]) -> DealerGames:
    """The games ``dealer`` may deal at ``casino``."""
    _require_supervisor_at(actor, casino)
    _require_dealer_at(dealer, casino)
    games = sorted(set(games))
    unknown = [g for g in games if g not in Game.values]
    if unknown:
        raise ValidationError({"games": f"'{unknown[0]}' is not a game of this service."})
    _lock_floor(casino)
    row = (DealerGames.objects.select_for_update().filter(casino=casino, dealer=dealer).first()
           or DealerGames(casino=casino, dealer=dealer))
    row.games = games
    row.full_clean()
    with changed_by(actor, f"games of {dealer.get_username()} changed"):
        row.save()
    return row
