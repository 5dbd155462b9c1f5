"""Every write of the card room's floor: hands (quick or full), their voids, time
collection, and the bad-beat fund's drops and payouts.

``poker_hand_record`` takes either a quick hand (the pot and whether a flop was
dealt) or a full one (each seat's chips, folds, all-ins and cards, and the board),
checks it against the table's game and settles it with ``tables.rules.showdown``
under the table's rake schedule, all in one transaction with the table row
locked, so hands at one table are recorded one after another and each sees the
kill decision of the one before. Nothing is stored on any error.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from casino.common import postings
from casino.common.atomic import REPLAYED, outside_transaction
from casino.common.errors import nested_error
from casino.common.roles import is_supervisor
from casino.house.models import Casino
from payouts.terms.models import Method
from tables.floor import books
from tables.floor.dealt import Booked, booked
from tables.floor.models import Kill, Table
from tables.floor.recording import (
    as_recorded,
    create_keyed,
    lock_for_recording,
    parse_cards_at,
    replay_after,
    request_fingerprint,
    seal_before_shared_rows,
    void_record,
)
from tables.pit.services import recorded_by
from tables.poker import kills, selectors
from tables.poker.models import (
    BadBeatEntry,
    BadBeatFund,
    FundEntryKind,
    HandMode,
    PokerHand,
    PokerHandVoid,
    PokerPot,
    PokerSeat,
    TimeCollection,
    TimeCollectionVoid,
)
from tables.rules.cards import card_str
from tables.rules.money import has_exact_cents, unit
from tables.rules.showdown import (
    GAMES,
    HandError,
    HandResult,
    SeatRecord,
    flop_for,
    quick_collection,
    settle_recorded_hand,
)

LATE_COLLECTION = dt.timedelta(hours=24)
STAKE_FIELDS = ("small_bet", "big_bet", "min_bet", "max_bet", "small_blind", "big_blind", "ante")
KILLED_LIMITS = {"small_bet", "big_bet", "min_bet", "max_bet"}


def _lock_poker_table(actor, table: Table, *, late_entry: bool = False) -> Table:
    table = lock_for_recording(actor, table, records="hands",
                               related=("casino", "rake_schedule"), late_entry=late_entry)
    if not table.is_poker:
        raise ValidationError({"table": [f"{table.label} is a stud table; record its rounds "
                                         "as stud rounds."]})
    if table.rake_schedule is None or not table.structure:
        raise ValidationError({"table": [f"Table {table.label} has no rake schedule or "
                                         "betting structure yet; a supervisor must set them."]})
    return table


def _check_chips(value: Decimal, table: Table, path: tuple, what: str) -> None:
    if not has_exact_cents(value, table.casino.currency):
        raise nested_error(path, f"{what} {value} is not a whole amount of "
                           f"{table.casino.currency}.")


def _check_seat_number(seat: int | None, table: Table, path: tuple) -> None:
    if seat is not None and not 1 <= seat <= table.seats:
        raise nested_error(path, f"Seat {seat} is not at {table.label}, which has seats 1 to "
                           f"{table.seats}.")


@dataclass(frozen=True)
class _Collection:
    """What a hand put in the pot and what the house took, as it will be stored."""

    pot: Decimal
    rake: Decimal
    bad_beat_drop: Decimal
    flop_dealt: bool
    winner: int | None
    players_dealt: int | None
    board: tuple[int, ...] = ()
    records: tuple[SeatRecord, ...] = ()
    result: HandResult | None = None   # a full hand's pots and shown hands


@outside_transaction(REPLAYED)
def poker_hand_record(*, actor, table: Table, pot: Decimal | None = None,
                      flop_dealt: bool | None = None, players_dealt: int | None = None,
                      winner: int | None = None, seats: Sequence[dict] | None = None,
                      board: Sequence[str] | None = None, button: int | None = None,
                      winners: Sequence[int] | None = None, split: bool = False,
                      idempotency_key: str = "", dealt_at: dt.datetime | None = None,
                      late_entry: bool = False) -> tuple[PokerHand, bool]:
    """Settle and store a hand. Returns (hand, created); the same Idempotency-Key with the
    same request returns the hand first recorded with it, with another request it is
    refused. A table of another casino of the actor's raises ``Table.DoesNotExist``.
    ``dealt_at``: when a hand a tablet queued offline was dealt (``tables.floor.dealt``);
    ``late_entry``: a supervisor confirms it (``tables.offline``)."""
    asked = {"pot": pot, "flop_dealt": flop_dealt, "players_dealt": players_dealt,
             "winner": winner, "seats": seats, "board": board, "button": button,
             "winners": winners}
    if split:  # only then: a replay of a hand recorded before the field existed still matches
        asked["split"] = True
    fingerprint = request_fingerprint(
        table=table.pk, **asked, **({"dealt_at": dealt_at.isoformat()} if dealt_at else {}))
    try:
        return _record(actor, table, idempotency_key, fingerprint, (dealt_at, late_entry),
                       **asked), True
    except (IntegrityError, ValidationError) as error:
        return replay_after(error, PokerHand, actor=actor, key=idempotency_key,
                            fingerprint=fingerprint, noun="hand"), False


@transaction.atomic
def _record(actor, table, key, fingerprint, dealt, *, pot, flop_dealt, players_dealt, winner,
            seats, board, button, winners, split=False) -> PokerHand:
    table = _lock_poker_table(actor, table, late_entry=dealt[1])
    lands = booked(table, books.Record.POKER_HAND, dealt[0], timezone.now(),
                   late_entry=dealt[1])
    _check_seat_number(button, table, ("button",))
    _check_seat_number(winner, table, ("winner",))
    if players_dealt is not None and not 2 <= players_dealt <= table.seats:
        raise nested_error(("players_dealt",),
                           f"{players_dealt} players: {table.label} deals in 2 to "
                           f"{table.seats}.")
    board_cards = parse_cards_at(board or [], ("board",))
    if seats and split:
        raise nested_error(("split",), "A full hand's pots are split by the cards shown: "
                                       "leave split out.")
    if seats:
        collection = _collect_full(table, seats, board_cards, pot=pot, flop_dealt=flop_dealt,
                                   players_dealt=players_dealt, winner=winner, button=button,
                                   winners=winners)
    else:
        collection = _collect_quick(table, pot=pot, board=board_cards, flop_dealt=flop_dealt,
                                    players_dealt=players_dealt, winner=winner, split=split)
    return _store(actor, table, collection, lands, button=button, key=key,
                  fingerprint=fingerprint)


def _collection_terms(table: Table):
    """The table's schedule as the rules take it; the rake is never finer than the
    currency (5% of 85 yen is 4 yen, not 4.25)."""
    schedule = table.rake_schedule
    return replace(schedule.terms(), increment=max(schedule.increment,
                                                   unit(table.casino.currency)))


def _collect_full(table: Table, seats: Sequence[dict], board: tuple[int, ...], *,
                  pot, flop_dealt, players_dealt, winner, button, winners) -> _Collection:
    records = []
    for index, seat in enumerate(seats):
        _check_seat_number(seat["seat"], table, ("seats", index, "seat"))
        _check_chips(seat["put_in"], table, ("seats", index, "put_in"), "Put in")
        records.append(SeatRecord(
            seat=seat["seat"], put_in=seat["put_in"], folded=seat.get("folded", False),
            all_in=seat.get("all_in", False),
            cards=parse_cards_at(seat.get("cards"), ("seats", index, "cards")),
            collected=seat.get("collected")))
    try:
        result = settle_recorded_hand(
            table.game, records, board, schedule=_collection_terms(table),
            flop_dealt=flop_dealt, button=button, winners=winners,
            players_dealt=players_dealt, unit=unit(table.casino.currency))
    except HandError as error:
        raise nested_error(error.path, str(error)) from None
    settlement = result.settlement
    if pot is not None and pot != settlement.pot_total:
        raise nested_error(("pot",), f"The seats' chips make a pot of "
                                     f"{settlement.pot_total}, not {pot}.")
    if winner is not None and winner != result.scooper:
        raise nested_error(("winner",),
                           f"Seat {winner} did not win every pot by the cards shown.")
    return _Collection(settlement.pot_total, settlement.rake, settlement.bad_beat_drop,
                       result.flop_dealt, result.scooper, players_dealt or len(records),
                       board, tuple(records), result)


def _collect_quick(table: Table, *, pot, board, flop_dealt, players_dealt,
                   winner, split) -> _Collection:
    if board:
        raise nested_error(("board",), "A quick hand takes the pot only; give the seats "
                                       "too to record the board.")
    if pot is None:
        raise nested_error(("pot",), "Give the pot, or each seat's chips for a full hand.")
    spec = GAMES[table.game]
    if flop_dealt is None and spec.board:
        raise nested_error(("flop_dealt",), "Say whether a flop was dealt.")
    terms = _collection_terms(table)
    try:
        dealt = flop_for(spec, flop_dealt, True)
    except HandError as error:
        raise nested_error(error.path, str(error)) from None
    _check_chips(pot, table, ("pot",), "A pot of")
    if terms.caps_by_players and players_dealt is None:
        raise nested_error(("players_dealt",),
                           "This table's rake cap depends on how many players were dealt "
                           "in: give players_dealt.")
    if split and winner is not None:
        raise nested_error(("winner",), f"A split pot has no single winner: give seat "
                                        f"{winner} as the winner or say split, not both.")
    if table.kill != Kill.OFF and winner is None and not split and pot > 0:
        raise nested_error(("winner",), "This is a kill game: name the seat that won the "
                                        "pot, or say that it was split.")
    try:
        rake, bad_beat = quick_collection(pot, terms, flop_dealt=dealt,
                                          players_dealt=players_dealt or 2)
    except HandError as error:
        raise nested_error(error.path, str(error)) from None
    return _Collection(pot, rake, bad_beat, dealt, winner, players_dealt)


def _store(actor, table: Table, collection: _Collection, lands: Booked, *, button, key: str,
           fingerprint: str) -> PokerHand:
    """The hand, its seats and pots, and its bad-beat drop; the next hand's kill decided
    from this one (a kill hand is played at the kill stakes the last hand called for)."""
    previous = selectors.last_hand(table)
    kill = kills.pending_kill(table, previous)
    decision = kills.decide_kill(table, pot=collection.pot, winner=collection.winner,
                                 previous=previous)
    full = collection.result is not None
    hand = create_keyed(
        PokerHand, key=key, fingerprint=fingerprint,
        table=table, dealer=actor, recorded_at=lands.recorded_at, dealt_at=lands.dealt_at,
        gaming_day=lands.gaming_day, shift=lands.shift,
        mode=HandMode.FULL if full else HandMode.QUICK, game=table.game,
        rake_schedule=table.rake_schedule, settings_version=table.poker_settings_version,
        stakes=kills.stakes_of(table, kill[1] if kill else Decimal(1)),
        kill_hand=kill is not None, flop_dealt=collection.flop_dealt,
        players_dealt=collection.players_dealt, button=button,
        board=[card_str(c) for c in collection.board] if full else [],
        pot=collection.pot, rake=collection.rake, bad_beat_drop=collection.bad_beat_drop,
        winner=collection.winner, next_kill=decision.active,
        next_kill_poster=decision.poster,
        next_kill_blind=decision.kill_blind if decision.active else None,
        next_kill_multiplier=decision.multiplier)
    seats, pots = _store_full(hand, collection.records, collection.result) if full else ([], [])
    if not lands.queued:  # a queued hand is not the floor as it is now
        recorded_by(actor=actor, table=table)
    if collection.bad_beat_drop:
        seal_before_shared_rows(hand)  # the casino's fund is locked from here to the commit
        _fund_move(table.casino, collection.bad_beat_drop, kind=FundEntryKind.DROP, hand=hand,
                   actor=actor)
    return as_recorded(hand, seats=seats, pots=pots)


def _store_full(hand: PokerHand, records: Sequence[SeatRecord],
                result) -> tuple[list[PokerSeat], list[PokerPot]]:
    settlement = result.settlement
    seats = PokerSeat.objects.bulk_create(
        PokerSeat(hand=hand, seat=r.seat, put_in=r.put_in, folded=r.folded, all_in=r.all_in,
                  cards=[card_str(c) for c in r.cards] if r.cards is not None else None,
                  shown_hand=result.hands.get(r.seat, ""),
                  collects=settlement.collects[r.seat])
        for r in sorted(records, key=lambda r: r.seat))
    pots = PokerPot.objects.bulk_create(
        PokerPot(hand=hand, number=number, amount=p.amount, eligible=list(p.eligible),
                 rake=p.rake, bad_beat_drop=p.bad_beat_drop,
                 high_winners=list(p.high_winners), low_winners=list(p.low_winners),
                 shares={str(seat): f"{share}" for seat, share in p.shares.items()})
        for number, p in enumerate(settlement.pots))
    return seats, pots


# --- The bad-beat fund -------------------------------------------------------------------


def _fund_move(casino: Casino, amount: Decimal, *, kind: str, actor, hand=None,
               note: str = "") -> BadBeatEntry:
    """Move the fund with its ledger entry, the fund row locked. Payouts never exceed the
    balance; a void's reversal is always recorded, even when the drop was already paid
    out (the balance then shows what the house owes the fund)."""
    fund, _ = BadBeatFund.objects.get_or_create(casino=casino)
    fund = BadBeatFund.objects.select_for_update().get(pk=fund.pk)
    if kind == FundEntryKind.PAYOUT and fund.balance + amount < 0:
        raise ValidationError({"amount": [f"The bad-beat fund holds {fund.balance:.2f}; it "
                                          f"cannot pay {-amount:.2f}."]})
    return postings.post_one(fund, BadBeatEntry, amount, fund=fund, kind=kind, hand=hand,
                             note=note, created_by=actor)


@transaction.atomic
def bad_beat_payout(*, actor, casino: Casino, amount: Decimal, note: str) -> BadBeatEntry:
    """A supervisor pays the bad-beat jackpot (or part of it) by the posted rules."""
    if not is_supervisor(actor):
        raise PermissionDenied("Only a supervisor pays out the bad-beat jackpot.")
    if amount <= 0 or not has_exact_cents(amount, casino.currency):
        raise ValidationError({"amount": [f"{amount} is not an amount to pay."]})
    if not (note or "").strip():
        raise ValidationError({"note": ["Say who was paid and for which hand."]})
    return _fund_move(casino, -amount, kind=FundEntryKind.PAYOUT, actor=actor, note=note.strip())


# --- Corrections ---------------------------------------------------------------------------


@transaction.atomic
def poker_hand_void(*, actor, hand: PokerHand, reason: str) -> PokerHandVoid:
    void = void_record(actor=actor, record=hand, void_model=PokerHandVoid, link="hand",
                       noun="hand", reason=reason)
    if hand.bad_beat_drop:
        _fund_move(hand.table.casino, -hand.bad_beat_drop, kind=FundEntryKind.VOID, hand=hand,
                   actor=actor, note=f"hand {hand.pk} voided")
    return void


# --- Time collection -------------------------------------------------------------------------


@transaction.atomic
def time_collection_record(*, actor, table: Table, seats: Sequence[int],
                           period_start: dt.datetime | None = None) -> TimeCollection:
    """The dealer collects the seat fee from every occupied seat for one period."""
    table = _lock_poker_table(actor, table)
    schedule = table.rake_schedule
    if schedule.method != Method.TIME:
        raise ValidationError({"table": [f"{table.label} collects by "
                                         f"{schedule.get_method_display().lower()}, not by "
                                         "time."]})
    if not seats:
        raise ValidationError({"seats": ["Tick the occupied seats."]})
    for index, seat in enumerate(seats):
        _check_seat_number(seat, table, ("seats", index))
    if len(set(seats)) != len(seats):
        raise ValidationError({"seats": ["A seat is listed twice."]})
    minutes = schedule.time_period_minutes
    start = selectors.current_period(table, minutes, period_start)
    if period_start is not None:
        asked = period_start.astimezone(table.casino.zone)
        if start != asked:
            raise ValidationError({"period_start": [
                f"{asked:%H:%M} is not the start of a {minutes}-minute period; the period "
                f"then began at {start:%H:%M}."]})
        now = timezone.now()
        if asked > now or asked < now - LATE_COLLECTION:
            raise ValidationError({"period_start": [
                f"{asked:%Y-%m-%d %H:%M} is not the period now running or one of the last "
                "24 hours: time is collected as it falls due."]})
    if TimeCollection.objects.filter(table=table, period_start=start).exists():
        raise ValidationError({"period_start": [
            f"Time for {start:%H:%M} at {table.label} is already collected."]})
    day = books.landing_day(books.Record.TIME_COLLECTION, table.casino,
                            table.casino.gaming_day(start), field="period_start",
                            value=f"{start:%Y-%m-%d %H:%M %Z}", closed=table.books_closed_to)
    # The table row is locked: no other collection at this table can slip in between.
    return TimeCollection.objects.create(
        table=table, dealer=actor, rake_schedule=schedule, period_start=start,
        period_minutes=minutes, gaming_day=day,
        shift=table.casino.shift(start),
        seats=sorted(seats), fee_per_seat=schedule.time_fee,
        amount=schedule.time_fee * len(seats))


@transaction.atomic
def time_collection_void(*, actor, collection: TimeCollection,
                         reason: str) -> TimeCollectionVoid:
    return void_record(actor=actor, record=collection, void_model=TimeCollectionVoid,
                       link="collection", noun="time collection", reason=reason)


# --- Reads ---------------------------------------------------------------------------------


