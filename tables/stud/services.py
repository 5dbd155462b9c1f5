"""Every write of a stud round: recording it and a supervisor's void.

``stud_round_record`` validates the round (cards speak, nothing is stored on any
error), settles it with ``tables.rules.stud`` under the table's published paytable
and stores it, all in one transaction. Errors are ``ValidationError`` in the API's
shape, e.g. ``{"seats": [{}, {"cards": ["Kd appears more than once ..."]}]}``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from casino.common.atomic import REPLAYED, outside_transaction
from casino.common.errors import nested_errors
from payouts.jackpots import services as progressives
from payouts.terms.models import Paytable
from payouts.terms.versioning import PublicationStatus
from tables.floor import books
from tables.floor.dealt import booked
from tables.floor.models import Game, Table
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
from tables.floor.stakes import ante_limits
from tables.pit.services import recorded_by
from tables.rules.cards import card_str
from tables.rules.money import has_exact_cents
from tables.rules.stud import (
    Decision,
    Irregularity,
    RoundVoid,
    SeatPlay,
    SettlementError,
    SideWager,
    settle_round,
)
from tables.stud.models import StudRound, StudRoundVoid, StudSeat


@outside_transaction(REPLAYED)
def stud_round_record(*, actor, table: Table, seats: Sequence[dict[str, Any]],
                      dealer_cards: Sequence[str] | None = None, void: str | None = None,
                      dealer_took_fifth_card: bool = False, up_card: str = "",
                      idempotency_key: str = "", dealt_at: dt.datetime | None = None,
                      late_entry: bool = False) -> tuple[StudRound, bool]:
    """Settle and store a round. Returns (round, created); the same Idempotency-Key with
    the same request returns the round first recorded with it, with another request it
    is refused. A table of another casino of the actor's raises ``Table.DoesNotExist``.
    ``up_card``: the dealer's card dealt face up, one of ``dealer_cards`` (optional).
    ``dealt_at``: when a round a tablet queued offline was dealt (``tables.floor.dealt``);
    ``late_entry``: a supervisor confirms it (``tables.offline``)."""
    # The up card and the time dealt join the fingerprint only when given: a request as it
    # was made before rounds had them keeps the fingerprint it was stored with.
    extra = {"up_card": up_card} if up_card else {}
    if dealt_at is not None:
        extra["dealt_at"] = dealt_at.isoformat()
    fingerprint = request_fingerprint(table=table.pk, seats=seats, dealer_cards=dealer_cards,
                                      void=void, dealer_took_fifth_card=dealer_took_fifth_card,
                                      **extra)
    try:
        return _record(actor, table, seats, (dealer_cards, up_card, dealt_at, late_entry),
                       void, dealer_took_fifth_card, idempotency_key, fingerprint), True
    except (IntegrityError, ValidationError) as error:
        return replay_after(error, StudRound, actor=actor, key=idempotency_key,
                            fingerprint=fingerprint, noun="round"), False


@transaction.atomic
def _record(actor, table, seats, dealt, void, dealer_took_fifth_card, key,
            fingerprint) -> StudRound:
    dealer_cards, up_card, dealt_at, late_entry = dealt
    table = lock_for_recording(actor, table, records="rounds",
                               related=("casino", "paytable", "progressive"),
                               late_entry=late_entry)
    if table.progressive and table.progressive.casino_id == table.casino_id:
        table.progressive.casino = table.casino  # whose books the meter keeps, in hand
    now = timezone.now()
    paytable = _check_table(table)
    lands = booked(table, books.Record.STUD_ROUND, dealt_at, now, late_entry=late_entry)
    plays, problems = _plays(table, seats)
    dealer = parse_cards_at(dealer_cards, ("dealer_cards",), problems=problems)
    up = _up_card(up_card, dealer, void, problems)
    try:
        result = settle_round(paytable.terms(), dealer, plays,
                              void=RoundVoid(void) if void else None, max_seat=table.seats)
    except SettlementError as error:
        found = {path for path, _ in problems}  # a field the service named keeps its words
        problems += [(path, message) for path, message in error.problems if path not in found]
    if problems:
        raise nested_errors(sorted(problems, key=lambda problem: str(problem[0])))
    side_wagered = any(p.progressive for p in plays)
    round_ = create_keyed(
        StudRound, key=key, fingerprint=fingerprint,
        table=table, paytable=paytable, dealer=actor, recorded_at=now, dealt_at=lands.dealt_at,
        gaming_day=lands.gaming_day, shift=lands.shift,
        dealer_cards=[card_str(c) for c in dealer or ()],
        dealer_category=result.dealer_category or "", dealer_qualified=result.dealer_qualified,
        dealer_took_fifth_card=dealer_took_fifth_card, void=void or "",
        up_card=card_str(up) if up is not None else "",
    )
    seats = _store_seats(round_, plays, result, table.progressive if side_wagered else None)
    if not lands.queued:  # a queued round is not the floor as it is now
        recorded_by(actor=actor, table=table)
    hits = []
    if side_wagered:  # last: the shared meter is locked from here to the commit only
        seal_before_shared_rows(round_)
        collected = [o for o in result.seats
                     if o.side_wager in (SideWager.STANDS, SideWager.FORFEIT)]
        hits = progressives.record_side_wagers(
            actor=actor, progressive=table.progressive, round_=round_, wagers=len(collected),
            hits=[(o.seat, o.category) for o in result.seats
                  if o.side_wager == SideWager.STANDS and o.category])
    return as_recorded(round_, seats=sorted(seats, key=lambda s: s.seat), jackpot_hits=hits)


def _up_card(up_card: str, dealer, void, problems: list):
    """The up card, one of the dealer's cards; none without one given."""
    if not up_card:
        return None
    if void:
        problems.append((("up_card",), "A void round has no up card."))
        return None
    if dealer is None:
        return None  # the dealer's cards are refused already: nothing to hold it against
    parsed = parse_cards_at([up_card], ("up_card",), problems=problems)
    if parsed is None:
        return None
    if parsed[0] not in dealer:
        problems.append((("up_card",), f"'{up_card}' is not one of the dealer's cards "
                                       f"({' '.join(card_str(c) for c in dealer)})."))
        return None
    return parsed[0]


def _check_table(table: Table) -> Paytable:
    """The published paytable of a stud table, or a refusal saying what is wrong (whether
    it is open, or its chip shift is, is ``tables.floor.dealt.booked``'s)."""
    if table.game != Game.CARIBBEAN_STUD:
        raise ValidationError({"table": [f"{table.label} is a {table.get_game_display()} "
                                         "table, not a stud table."]})
    paytable = table.paytable
    if paytable is None or paytable.status != PublicationStatus.PUBLISHED:
        raise ValidationError({"table": [f"Table {table.label} has no published paytable; a "
                                         "supervisor must assign one."]})
    return paytable


def _plays(table: Table,
           seats: Sequence[dict[str, Any]]) -> tuple[list[SeatPlay], list[tuple[tuple, str]]]:
    """Each seat's play as the rules take it, and every problem the table's terms find in
    them (an ante outside its limits, a jackpot it lacks, a card that cannot be read)."""
    low, high = ante_limits(table)   # the paytable read with the table's lock
    plays, problems = [], []
    for index, seat in enumerate(seats):
        ante = Decimal(seat["ante"])
        if not has_exact_cents(ante, table.casino.currency) or not low <= ante <= high:
            problems.append((("seats", index, "ante"),
                             f"Seat {seat['seat']}: an ante of {ante} is outside this "
                             f"table's limits ({low} to {high})."))
        if seat.get("progressive") and table.progressive_id is None:
            problems.append((("seats", index, "progressive"),
                             f"Seat {seat['seat']}: table {table.label} has no progressive "
                             "jackpot linked."))
        plays.append(SeatPlay(
            seat=seat["seat"], ante=ante,
            decision=Decision(seat["decision"]) if seat.get("decision") else None,
            cards=parse_cards_at(seat.get("cards"), ("seats", index, "cards"),
                                 problems=problems),
            irregularity=Irregularity(seat["irregularity"]) if seat.get("irregularity") else None,
            progressive=bool(seat.get("progressive")),
        ))
    return plays, problems


def _store_seats(round_: StudRound, plays, result, progressive) -> list[StudSeat]:
    return StudSeat.objects.bulk_create(
        StudSeat(
            round=round_, seat=play.seat, ante=play.ante, decision=play.decision or "",
            progressive=play.progressive,
            progressive_wager=progressive.wager if play.progressive else None,
            cards=[card_str(c) for c in play.cards] if play.cards is not None else None,
            irregularity=play.irregularity or "", category=outcome.category or "",
            outcome=outcome.outcome, ante_result=outcome.ante_result,
            bet_result=outcome.bet_result, side_wager=outcome.side_wager or "",
        )
        for play, outcome in zip(plays, result.seats, strict=True)
    )


@transaction.atomic
def stud_round_void(*, actor, round_: StudRound, reason: str) -> StudRoundVoid:
    return void_record(actor=actor, record=round_, void_model=StudRoundVoid, link="round",
                       noun="round", reason=reason)


