"""The card room's writes: the room's rules and its lists (configuration, audited), and
every step of the floor (a player joins a list, is called, moved, seated or taken off; a
seat is taken and left), each a record.

Every write of one casino's card room is made under one lock (a transaction-level
advisory lock per casino): two staff calling the same seat, or seating the same player
at two tables, are put in order, and the second sees the first. The order of a list and
the seats taken are read afresh under the lock (tables.rules.waitlist)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from casino.common import notify, push
from casino.common.amounts import amount_of
from casino.common.atomic import REPLAYED, outside_transaction
from casino.common.audit import changed_by, settings_saved
from casino.common.errors import IdempotencyKeyReused
from casino.common.roles import is_supervisor
from casino.house.models import Casino
from casino.house.staff import require_staff
from payouts.jackpots.fieldcrypt import decrypted, encrypted
from tables.cardroom import seating, selectors, wording
from tables.cardroom.models import (
    Entry,
    EntryStep,
    NoShow,
    RoomRules,
    SeatLeft,
    SeatTaken,
    Step,
    Waitlist,
)
from tables.floor.models import Table
from tables.floor.recording import request_fingerprint
from tables.players import services as ratings
from tables.players.models import Player
from tables.players.selectors import card_as_printed, open_ratings
from tables.rules import waitlist as rules

RULE_FIELDS = ("call_minutes", "no_show", "down_places")


def _lock_room(casino: Casino) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
                       [f"card-room:{casino.pk}"])


def _require_floor_staff(actor, casino: Casino) -> None:
    """The room's lists and seats are kept by its supervisors (the brush's work)."""
    if not is_supervisor(actor):
        raise PermissionDenied("Only a supervisor keeps the card room's lists and seats.")
    require_staff(actor, casino)


def _changed(casino: Casino) -> None:
    push.floor_changed(casino.pk)  # the room's public board and the pit's live board


@transaction.atomic
def room_rules_set(*, actor, casino: Casino, **changes) -> RoomRules:
    _require_floor_staff(actor, casino)
    _lock_room(casino)  # two first saves at once: the second waits and finds the first's
    return settings_saved(selectors.rules_of(casino), changes, RULE_FIELDS, actor=actor,
                          reason="card room rules changed")


@transaction.atomic
def waitlist_open(*, actor, casino: Casino, game: str, structure: str, small, big,
                  feeds: Waitlist | None = None) -> Waitlist:
    """A list for a game at a stakes; ``feeds``: the main game's list this must-move
    game's list feeds. An active list of the same game and stakes is refused by name."""
    _require_floor_staff(actor, casino)
    _lock_room(casino)
    waitlist = Waitlist(casino=casino, game=game, structure=structure,
                        small=amount_of(small, "small"), big=amount_of(big, "big"), feeds=feeds)
    if feeds is not None and (feeds.casino_id != casino.pk or feeds.feeds_id is not None):
        raise ValidationError({"feeds": f"'{feeds}' is not a main game's list of "
                                        f"{casino.name}."})
    if waitlist.small is None or waitlist.small <= 0:
        raise ValidationError({"small": f"{small} is not a stake: give more than 0."})
    if waitlist.big is None or waitlist.big < waitlist.small:
        raise ValidationError({"big": f"{big} is less than the small stake, {waitlist.small}."})
    waitlist.full_clean(validate_constraints=False)
    same = selectors.active_lists(casino).filter(
        game=game, structure=structure, small=waitlist.small, big=waitlist.big,
        feeds=feeds) if feeds is None else selectors.active_lists(casino).filter(feeds=feeds)
    if same.exists():
        raise ValidationError({"game": f"{same.first().label} has a list already."})
    with changed_by(actor, "list opened"):
        waitlist.save()
    _changed(casino)
    return waitlist


def _initials_of(name: str) -> str:
    """What the public board shows of a name: its initials ("Ann Kowalski" -> "A.K.")."""
    parts = [p for p in name.replace(".", " ").split() if p[:1].isalpha()]
    return "".join(f"{p[0].upper()}." for p in parts[:3]) or "?"


@outside_transaction(REPLAYED)
def entry_join(*, actor, waitlist: Waitlist, name: str = "", phone: str = "",
               card: str = "", idempotency_key: str = "") -> tuple[Entry, bool]:
    """A player joins the list, by name (or initials) or by his card (a rated player,
    whose time at the table will count for his rating); ``phone``: a number for his call.
    Returns (entry, created); the same Idempotency-Key with the same request returns the
    entry first made with it, with another request it is refused."""
    fingerprint = request_fingerprint(waitlist=waitlist.pk, name=name, phone=phone,
                                      card=card)
    try:
        return _join(actor, waitlist, name, phone, card, idempotency_key, fingerprint), True
    except IntegrityError:
        earlier = Entry.objects.filter(joined_by=actor, idempotency_key=idempotency_key).first()
        if not idempotency_key or earlier is None:
            raise
        if earlier.idempotency_fingerprint != fingerprint:
            raise IdempotencyKeyReused(f"Idempotency-Key '{idempotency_key}' was used for "
                                       "another request.") from None
        return earlier, False


def _player_of(card: str) -> Player | None:
    """The rated player a card number names (typed as it comes: card_as_printed),
    none where no card is given; a card nobody holds is refused by name, never taken for
    a walk-in."""
    card = card_as_printed(card)
    if not card:
        return None
    player = Player.objects.filter(card=card).first()
    if player is None:
        raise ValidationError({"card": f"No player holds card '{card}'."})
    return player


@transaction.atomic
def _join(actor, waitlist, name, phone, card, key, fingerprint) -> Entry:
    casino = waitlist.casino
    _require_floor_staff(actor, casino)
    _lock_room(casino)
    if not Waitlist.objects.filter(pk=waitlist.pk, active=True).exists():
        raise ValidationError({"waitlist": f"{waitlist.label} is closed."})
    player = _player_of(card)
    name = (name or "").strip() or (player.name[:60] if player else "")
    if not name:
        raise ValidationError({"name": "Give the player's name or initials, or his card."})
    if len(name) > 60:
        raise ValidationError({"name": f"'{name[:20]}…' is longer than 60 characters."})
    phone = phone.strip()
    if phone and not all(c.isdigit() or c in "+ -()" for c in phone):
        raise ValidationError({"phone": f"'{phone}' is not a phone number."})
    waiting = selectors.waiting_ids(waitlist)
    if player is not None and Entry.objects.filter(pk__in=waiting, player=player).exists():
        raise ValidationError({"card": f"{name} is on {waitlist.label} already."})
    entry = Entry(waitlist=waitlist, name=name, initials=_initials_of(name),
                  phone=encrypted(phone) if phone else "", player=player, joined_by=actor)
    if key:
        entry.idempotency_key, entry.idempotency_fingerprint = key, fingerprint
    entry.save()
    _changed(casino)
    return entry


def _step(entry: Entry, step: str, actor, **fields) -> EntryStep:
    made = EntryStep.objects.create(entry=entry, step=step, by=actor, **fields)
    _changed(entry.waitlist.casino)
    return made


def _waiting_entry(actor, entry: Entry) -> tuple[Entry, list[int]]:
    """The entry, under the room's lock, and its list's order; refused if it no longer
    waits."""
    casino = entry.waitlist.casino
    _require_floor_staff(actor, casino)
    _lock_room(casino)
    waiting = selectors.waiting_ids(entry.waitlist)
    if entry.pk not in waiting:
        raise ValidationError({"entry": f"{entry.name} is no longer on {entry.waitlist.label}."})
    return entry, waiting


@transaction.atomic
def entry_call(*, actor, entry: Entry) -> EntryStep:
    """The player is called for a seat: the time is kept, and where he gave a number the
    room's messages tell him (casino.common.notify, once the call is recorded)."""
    entry, _ = _waiting_entry(actor, entry)
    called = _step(entry, Step.CALLED, actor)
    if entry.phone:
        minutes = selectors.rules_of(entry.waitlist.casino).call_minutes
        notify.send_after_commit(decrypted(entry.phone), wording.call_message(
            entry.waitlist, minutes))
    return called


@transaction.atomic
def entry_move(*, actor, entry: Entry, position: int, reason: str) -> EntryStep:
    """Staff move an entry to ``position`` (1: the top), saying why."""
    entry, waiting = _waiting_entry(actor, entry)
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": "Say why the player is moved."})
    before = rules.before_for(waiting, entry.pk, max(0, position - 1))
    return _step(entry, Step.MOVED, actor, reason=reason, before_id=before)


@transaction.atomic
def entry_remove(*, actor, entry: Entry, reason: str) -> EntryStep:
    entry, _ = _waiting_entry(actor, entry)
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": "Say why the player comes off the list."})
    return _step(entry, Step.REMOVED, actor, reason=reason)


@transaction.atomic
def no_shows(*, actor, casino: Casino, now=None) -> int:
    """The called players not seated within the room's minutes: each moved down the list
    or taken off it, by the room's rule (the beat's work, by nobody). How many."""
    now = now or timezone.now()
    _lock_room(casino)
    room = selectors.rules_of(casino)
    done = 0
    for waitlist in selectors.active_lists(casino):
        waiting = selectors.waiting_ids(waitlist)
        late = rules.overdue(selectors.calls(waitlist), waiting, now,
                             timezone.timedelta(minutes=room.call_minutes))
        for entry in Entry.objects.filter(pk__in=late).order_by("joined_at"):
            why = f"did not show within {room.call_minutes} minutes of his call"
            if room.no_show == NoShow.OFF:
                EntryStep.objects.create(entry=entry, step=Step.REMOVED, reason=why, at=now)
            else:
                waiting = selectors.waiting_ids(waitlist)
                EntryStep.objects.create(entry=entry, step=Step.MOVED, reason=why, at=now,
                                         before_id=rules.down_by(waiting, entry.pk,
                                                                 room.down_places))
            done += 1
    if done:
        _changed(casino)
    return done


def _card_table(table: Table, casino: Casino) -> Table:
    table = Table.objects.select_for_update(of=("self",)).get(pk=table.pk)
    if table.casino_id != casino.pk or not table.is_poker:
        raise ValidationError({"table": f"{table.label} is not a card-room table of "
                                        f"{casino.name}."})
    if not table.is_open:
        raise ValidationError({"table": f"{table.label} is closed: open it first."})
    return table


def _take(actor, table: Table, seat: int, name: str, player, entry=None) -> SeatTaken:
    if not 1 <= seat <= table.seats:
        raise ValidationError({"seat": f"Seat {seat} is not at {table.label}, which has seats "
                                       f"1 to {table.seats}."})
    rated = seating.seats_now([table], timezone.now())[table.pk].sitters.get(seat)
    if rated is not None and rated.by == seating.RATING and rated.player != (
            player.pk if player is not None else None):
        raise ValidationError({"seat": f"{table.label}: seat {seat} of {table.label} is taken "
                                       f"by {rated.who} (rated there)."})
    state = selectors.seats_of(table.casino)
    try:
        state.take(rules.Taken(table.pk, seat, name, timezone.now(),
                               key=selectors.who(name, player, entry)
                               or f"walk-in at {table.pk}:{seat}",
                               where=table.label))
    except rules.SeatRefused as refused:
        raise ValidationError({"seat": f"{table.label}: {refused}."}) from None
    taken = SeatTaken.objects.create(table=table, seat=seat, name=name, player=player,
                                     entry=entry, by=actor)
    if player is not None:  # his time at the table counts for his rating
        ratings.rating_open(actor=actor, table=table, seat=seat, player=player)
    return taken


@transaction.atomic
def entry_seat(*, actor, entry: Entry, table: Table, seat: int) -> SeatTaken:
    """The player takes his seat: off the list, the seat his until he leaves it. A table
    change (``change_from``) leaves his old seat first."""
    entry, _ = _waiting_entry(actor, entry)
    table = _card_table(table, entry.waitlist.casino)
    if entry.change_from_id:
        _leave(actor, entry.change_from)
    taken = _take(actor, table, seat, entry.name, entry.player, entry)
    _step(entry, Step.SEATED, actor, seat_taken=taken)
    return taken


@transaction.atomic
def seat_take(*, actor, table: Table, seat: int, name: str, card: str = "") -> SeatTaken:
    """A walk-in seated at once (nobody waits for the game)."""
    _require_floor_staff(actor, table.casino)
    _lock_room(table.casino)
    table = _card_table(table, table.casino)
    player = _player_of(card)
    name = (name or "").strip() or (player.first_name if player else "")
    if not name:
        raise ValidationError({"name": "Give the player's name or initials, or his card."})
    taken = _take(actor, table, seat, name, player)
    _changed(table.casino)
    return taken


def _leave(actor, taken: SeatTaken) -> SeatLeft:
    if SeatLeft.objects.filter(taken=taken).exists():
        raise ValidationError({"seat": f"{taken.name} has left seat {taken.seat} already."})
    left = SeatLeft.objects.create(taken=taken, by=actor)
    if taken.player_id:
        for rating in open_ratings().filter(player_id=taken.player_id, table=taken.table,
                                            seat=taken.seat):
            ratings.rating_close(actor=actor, rating=rating)
    return left


@transaction.atomic
def seat_leave(*, actor, taken: SeatTaken) -> SeatLeft:
    """The player leaves his seat, and the open seat calls the next player of its game's
    list (not where a must-move game feeds it: its player moves first, and the desk says
    who)."""
    casino = taken.table.casino
    _require_floor_staff(actor, casino)
    _lock_room(casino)
    left = _leave(actor, taken)
    _call_next_for(actor, taken.table)
    _changed(casino)
    return left


def _call_next_for(actor, table: Table) -> EntryStep | None:
    for waitlist in selectors.lists_of_table(table):
        if selectors.active_lists(table.casino).filter(feeds=waitlist).exists():
            continue
        waiting = selectors.waiting_ids(waitlist)
        called = {call.entry for call in selectors.calls(waitlist)}
        first = rules.next_to_call(waiting, called)
        if first is not None:
            return entry_call(actor=actor, entry=Entry.objects.get(pk=first))
    return None


@transaction.atomic
def entry_call_next(*, actor, waitlist: Waitlist) -> EntryStep:
    """The list's next player not called yet is called (a seat opened)."""
    _require_floor_staff(actor, waitlist.casino)
    _lock_room(waitlist.casino)
    waiting = selectors.waiting_ids(waitlist)
    first = rules.next_to_call(waiting, {call.entry for call in selectors.calls(waitlist)})
    if first is None:
        raise ValidationError({"waitlist": f"Nobody on {waitlist.label} waits to be called."})
    return entry_call(actor=actor, entry=Entry.objects.get(pk=first))


@transaction.atomic
def table_change_ask(*, actor, taken: SeatTaken, waitlist: Waitlist) -> Entry:
    """A seated player asks for another table of the same game: he joins its list, and
    keeps his seat until he is seated from it."""
    casino = waitlist.casino
    _require_floor_staff(actor, casino)
    _lock_room(casino)
    if SeatLeft.objects.filter(taken=taken).exists():
        raise ValidationError({"seat": f"{taken.name} no longer sits at {taken.table.label}."})
    if taken.table.game != waitlist.game:
        raise ValidationError({"waitlist": f"{waitlist.label} is not {taken.table.label}'s "
                                           "game."})
    entry = Entry.objects.create(waitlist=waitlist, name=taken.name,
                                 initials=_initials_of(taken.name), player=taken.player,
                                 change_from=taken, joined_by=actor)
    _changed(casino)
    return entry
