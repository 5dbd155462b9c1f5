"""The dealer's round form: type the round, see what to pay and take."""

from __future__ import annotations

import json
from functools import partial

from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from casino.common.audit import records_only
from casino.common.confirmation import tried
from casino.common.errors import error_detail, nested_errors
from casino.common.problems import form_problems, on_seat_rows, problem_lines, problems_in
from casino.common.roles import Role, has_role, is_supervisor, role_required
from casino.common.voids import void_on_page
from tables.floor import shifts
from tables.floor.models import Table
from tables.floor.pages import CARD_PICKER
from tables.floor.recording import require_assigned_dealer
from tables.floor.selectors import tables_at_casinos_of, tables_visible_to
from tables.floor.stakes import ante_limits
from tables.rules.cards import split_cards
from tables.rules.money import CURRENCY_DIGITS
from tables.stud.forms import RoundFinder
from tables.stud.pages import ROUND_FORM
from tables.stud.selectors import last_wagers_at, rounds_visible_to
from tables.stud.serializers import SeatInput, StudRoundInput
from tables.stud.services import stud_round_record, stud_round_void
from tables.stud.wording import (
    IRREGULARITY_WORDS,
    OUTCOME_WORDS,
    VOID_WORDS,
    house_result_words,
    jackpot_instructions,
    payout_instructions,
)

MAX_SEATS = 10  # the most any table has; the service refuses a seat the table lacks
FIELD_NAMES = {"ante": "ante", "cards": "cards", "decision": "raise or fold",
               "seat": "seat", "progressive": "jackpot", "irregularity": "irregularity"}
ROUND_WORDS = {"dealer_cards": "Dealer's cards", "table": "Table", "void": "Void", "seats": "Seats",
               "up_card": "Up card"}


def _rows_from_post(post, seat_count: int) -> list[dict]:
    return [{"seat": number,
             "ante": post.get(f"seat{number}_ante", "").strip(),
             "decision": post.get(f"seat{number}_decision", ""),
             "cards": post.get(f"seat{number}_cards", "").strip(),
             "progressive": post.get(f"seat{number}_progressive") == "on",
             "irregularity": post.get(f"seat{number}_irregularity", ""),
             "errors": {}}
            for number in range(1, seat_count + 1)]


def _rows_from_last_round(table) -> list[dict]:
    """An empty form, each seat's ante and jackpot choice carried over from its last
    round today: the dealer changes only what changed."""
    last = last_wagers_at(table)
    rows = _rows_from_post({}, table.seats)
    for row in rows:
        if row["seat"] in last:
            ante, progressive = last[row["seat"]]
            row.update(ante=f"{ante:.2f}", progressive=progressive and bool(table.progressive_id))
    return rows


def _payload(rows, dealer_cards: str, void: str, fifth: bool,
             up_card: str = "") -> tuple[dict, list[dict]]:
    playing = [r for r in rows if r["ante"]]
    seats = []
    for row in playing:
        seat = {"seat": row["seat"], "ante": row["ante"],
                "decision": None if void else row["decision"] or None,
                "progressive": row["progressive"]}
        if row["cards"]:
            seat["cards"] = split_cards(row["cards"])
        if row["irregularity"]:
            seat["irregularity"] = row["irregularity"]
        seats.append(seat)
    body = {"seats": seats, "dealer_took_fifth_card": fifth}
    if dealer_cards:
        body["dealer_cards"] = split_cards(dealer_cards)
        # The up card: the first dealer card typed, unless the dealer marked another.
        if not void and body["dealer_cards"]:
            body["up_card"] = up_card.strip() or body["dealer_cards"][0]
    if void:
        body["void"] = void
    return body, playing


def _attach_errors(detail, playing) -> tuple[list[str], dict]:
    """Put each error next to the field it names; return the summary lines and the
    round-level errors by field (the dealer's cards, the void)."""
    round_errors = on_seat_rows(detail, playing)
    for seat in playing:
        seat["error_lines"] = [(field, FIELD_NAMES.get(field, field).capitalize(), messages)
                               for field, messages in seat["errors"].items()]
    summary = problem_lines(detail, words=ROUND_WORDS, seats=[r["seat"] for r in playing],
                            seat_words=FIELD_NAMES)
    return summary, round_errors


@records_only
@role_required(Role.DEALER)
@require_http_methods(["GET", "POST"])
def round_form(request, pk: int):
    summary, round_errors = [], {}
    if request.method == "POST":
        # The service locks the table and checks who deals there: a round that is
        # recorded reads the table once. Only a refused one reads it again, to show it.
        rows = _rows_from_post(request.POST, MAX_SEATS)
        summary, round_errors, round_ = _record(request, pk, rows)
        if round_ is not None:
            return redirect("dealer-round", pk=round_.pk)
    table = get_object_or_404(
        tables_at_casinos_of(request.user).select_related("paytable", "casino", "progressive"),
        pk=pk)
    require_assigned_dealer(request.user, table, "rounds")
    if request.method == "GET":
        rows = _rows_from_last_round(table)
    context = {"table": table, "rows": rows[:table.seats], "summary": summary,
               # Said before the round is typed: the service refuses it for the same reason.
               "not_open": shifts.recording_refusal(table, "rounds", timezone.now())
               if request.method == "GET" else "",
               "round_errors": round_errors,
               "dealer_cards": request.POST.get("dealer_cards", ""),
               "up_card": request.POST.get("up_card", ""),
               "void": request.POST.get("void", ""),
               "fifth": request.POST.get("dealer_took_fifth_card") == "on",
               "voids": VOID_WORDS.items(), "irregularities": IRREGULARITY_WORDS.items(),
               **CARD_PICKER}
    context.update(ROUND_FORM.gather(request, {"table": table}))
    context.update(_for_the_tablet(table))
    return render(request, "tables/round_form.html", context, status=400 if summary else 200)


def _for_the_tablet(table) -> dict:
    """What the tablet checks a round against without the network (static/js/offline/
    check.js): the table's seats and ante limits as they stand now, and the hands its
    jackpot pays (the browser says "call the supervisor")."""
    low, high = ante_limits(table)
    if table.paytable_id is None:
        return {"queue_terms": "", "jackpot_categories": "[]"}
    terms = {"label": table.label, "seats": table.seats, "places": CURRENCY_DIGITS.get(
        table.casino.currency, 2), "progressive": table.progressive_id is not None,
        "min_ante": f"{low:.2f}", "max_ante": f"{high:.2f}"}
    paying = sorted(table.progressive.awards) if table.progressive_id else []
    return {"queue_terms": json.dumps(terms), "jackpot_categories": json.dumps(paying)}


def _record(request, pk: int, rows: list[dict]):
    """The posted round recorded: ([], {}, round), or the problems in words (the summary
    and the round-level ones by field) and no round."""
    body, playing = _payload(rows, request.POST.get("dealer_cards", ""),
                             request.POST.get("void", ""),
                             request.POST.get("dealer_took_fifth_card") == "on",
                             request.POST.get("up_card", ""))
    payload = StudRoundInput(data=body)
    if not payload.is_valid():
        return *_attach_errors(_every_problem(request, pk, body, payload.errors), playing), None
    try:
        round_, _ = stud_round_record(
            actor=request.user, table=Table(pk=pk),
            idempotency_key=request.POST.get("idempotency_key", "")[:80],
            **payload.validated_data)
    except Table.DoesNotExist:
        raise Http404(f"There is no table number {pk} here.") from None
    except ValidationError as refused:
        return *_attach_errors(error_detail(refused), playing), None
    return [], {}, round_


def _every_problem(request, pk: int, body: dict, parsed_errors) -> dict:
    """What the form could not read and, beside it, what the service finds in the rest of
    the round, tried and undone: the dealer sees every mistake of a round at once. A
    field the form could not read keeps the form's words."""
    problems = problems_in(parsed_errors)
    refused = {where for where, _ in problems}
    trial, kept = _what_was_read(body, refused)
    if trial is not None:
        try:
            tried(lambda: stud_round_record(actor=request.user, table=Table(pk=pk), **trial))
        except Table.DoesNotExist:
            raise Http404(f"There is no table number {pk} here.") from None
        except ValidationError as found:
            for where, message in problems_in(error_detail(found)):
                parts = where.split(".")
                if parts[0] == "seats" and len(parts) > 1 and parts[1].isdigit():
                    parts[1] = str(kept[int(parts[1])])  # the trial's seats: those read
                if not _under(".".join(parts), refused):
                    problems.append((".".join(parts), message))
    return nested_errors([(tuple(int(p) if p.isdigit() else p for p in where.split(".")),
                           message) for where, message in problems]).detail


def _under(where: str, refused: set[str]) -> bool:
    return any(where == r or where.startswith(f"{r}.") or r.startswith(f"{where}.")
               for r in refused)


def _what_was_read(body: dict, refused: set[str]) -> tuple[dict | None, list[int]]:
    """The round as far as the form read it (each seat without the fields it could not
    read; a seat without its number or ante left out), and the body's index of each seat
    kept; None when no seat is left to try."""
    seats, kept = [], []
    for index, seat in enumerate(body["seats"]):
        unread = {field for field in seat if _under(f"seats.{index}.{field}", refused)}
        read = SeatInput(data={k: v for k, v in seat.items() if k not in unread})
        if not unread & {"seat", "ante"} and read.is_valid():
            seats.append(dict(read.validated_data))
            kept.append(index)
    if not seats:
        return None, kept
    return {"seats": seats, "dealer_took_fifth_card": body["dealer_took_fifth_card"],
            **{field: None if _under(field, refused) else body.get(field)
               for field in ("dealer_cards", "void")}}, kept


@role_required(Role.SUPERVISOR)
@require_POST
def round_void(request, pk: int):
    round_ = get_object_or_404(rounds_visible_to(request.user), pk=pk)
    return void_on_page(request, round_, partial(stud_round_void, round_=round_),
                        noun="round", page=reverse("dealer-round", args=[pk]))


@role_required(Role.DEALER, Role.SUPERVISOR, Role.ACCOUNTANT)
def round_result(request, pk: int):
    round_ = get_object_or_404(rounds_visible_to(request.user), pk=pk)
    return render(request, "tables/round_result.html", {
        "round": round_, "instructions": payout_instructions(round_),
        "jackpots": jackpot_instructions(round_), "void_words": VOID_WORDS,
        "outcome_words": OUTCOME_WORDS})


# --- The rounds list ---------------------------------------------------------------------

ROUNDS_A_PAGE = 50


@role_required(Role.DEALER, Role.SUPERVISOR, Role.ACCOUNTANT)
@require_GET
def round_list(request):
    """The recorded rounds of a gaming day, newest first, a page at a time, each linked to
    its page (where a supervisor voids it); a round's number goes straight to it. Dealers
    see their own tables' rounds of today, supervisors and accountants any table of
    their casinos, any day."""
    any_day = is_supervisor(request.user) or has_role(request.user, Role.ACCOUNTANT)
    tables = tables_visible_to(request.user)
    finder = RoundFinder(request.GET or None, tables=tables, any_day=any_day)
    chosen = finder.cleaned_data if finder.is_bound and finder.is_valid() else {}
    days = _days_shown(tables, chosen.get("day"))
    rounds = rounds_visible_to(request.user).select_related("correction__voided_by")
    if chosen.get("number"):
        found = (rounds if any_day else rounds.filter(_on(days))).filter(
            pk=chosen["number"]).first()
        if found is not None:
            return redirect("dealer-round", pk=found.pk)
        finder.add_error("number", f"no round {chosen['number']} "
                                   f"{'at your casinos' if any_day else 'at your tables today'}.")
    rounds = rounds.filter(_on(days))
    if chosen.get("table"):
        rounds = rounds.filter(table=chosen["table"])
    page = Paginator(rounds.order_by("-recorded_at", "-pk"), ROUNDS_A_PAGE).get_page(
        request.GET.get("page"))
    for shown in page:  # their seats are read with them (rounds_visible_to)
        shown.house_words = house_result_words(shown)
    asked = request.GET.copy()
    asked.pop("page", None)
    return render(request, "tables/round_list.html", {
        "finder": finder, "page": page, "days": days, "asked": asked.urlencode(),
        "problems": form_problems(finder), "void_words": VOID_WORDS},
        status=400 if finder.errors else 200)


def _days_shown(tables, day) -> dict:
    """{casino: gaming day} of the rounds shown: the day chosen, or each casino's today."""
    now = timezone.now()
    return {table.casino: day or table.casino.gaming_day(now) for table in tables}


def _on(days: dict) -> Q:
    shown = Q(pk__in=[])
    for casino, day in days.items():
        shown |= Q(table__casino=casino, gaming_day=day)
    return shown
