"""What staff read about a jackpot: a hit's award with the currency, its status in words,
what approving it does; and, before a supervisor changes a meter, each change and what
it will do."""

from __future__ import annotations

from decimal import Decimal

from casino.common.amounts import in_currency
from payouts.jackpots.models import HitStatus, JackpotHit, MeterName, Progressive, award_rules
from tables.rules.stud import STUD_CATEGORIES

STATUS_WORDS = {
    HitStatus.PENDING: "Being settled: the meter pays it within a minute",
    HitStatus.AWAITING_APPROVAL: "Awaiting a supervisor's approval",
    HitStatus.PAID: "Paid",
}


def award_text(hit: JackpotHit) -> str:
    """'$12,345.00', or what it is waiting for while the amount is not known yet."""
    if hit.amount is None:
        return "known once settled"
    return in_currency(hit.amount, hit.progressive.currency)


def status_words(hit: JackpotHit) -> str:
    return STATUS_WORDS[HitStatus(hit.status)]


def approval_consequence(hit: JackpotHit) -> str:
    """'Approve $12,345.00 for seat 3 at CS-1: the award is paid from the meter and cannot
    be undone', what the supervisor confirms."""
    source = "the award is paid from the meter" if hit.from_meter else "the fixed award is paid"
    return (f"Approve {award_text(hit)} for seat {hit.seat} at {hit.round.table.label}: "
            f"{source} and cannot be undone")


def hit_line(hit: JackpotHit) -> dict:
    """A hit as the pit reads it: table, seat, hand, award, when (the casino's clock),
    status; needs the hit's round, table, casino and meter."""
    casino = hit.round.table.casino
    local = hit.recorded_at.astimezone(casino.zone)
    return {"hit": hit, "table": hit.round.table.label, "seat": hit.seat,
            "hand": hit.category.replace("_", " "), "award": award_text(hit),
            "at": f"{local:%Y-%m-%d %H:%M} {local.tzname()}", "status": status_words(hit),
            "approvable": hit.status == HitStatus.AWAITING_APPROVAL}


def _rate(rate: Decimal) -> str:
    return f"{(rate * 100).normalize():f}%"


def _award(rule, currency: str) -> str:
    if rule is None:
        return "no award"
    return f"{rule.percent.normalize():f}% of the meter" if rule.percent is not None \
        else f"a fixed {in_currency(rule.fixed, currency)}"


def parameter_changes(progressive: Progressive, new: dict) -> list[str]:
    """One line per parameter that would change, saying what it does to the floor; none
    when nothing changes."""
    money = progressive.currency

    def amount(value):
        return "none" if value is None else in_currency(value, money)

    lines = []
    old = {field: getattr(progressive, field) for field in new if field != "awards"}
    if new["name"] != old["name"]:
        lines.append(f"The name becomes “{new['name']}” (was “{old['name']}”); the floor "
                     "sign shows the new name.")
    if new["wager"] != old["wager"]:
        lines.append(f"The side wager becomes {amount(new['wager'])} (was "
                     f"{amount(old['wager'])}): dealers take it from the next round.")
    if new["seed"] != old["seed"]:
        lines.append(f"The seed becomes {amount(new['seed'])} (was {amount(old['seed'])}): "
                     "the meter restarts there after the next hit that empties it; today's "
                     f"{amount(progressive.amount)} does not move.")
    for field, words in (("contribution_rate", "to the meter"),
                         ("reserve_rate", "to the reserve")):
        if new[field] != old[field]:
            lines.append(f"{_rate(new[field])} of each side wager goes {words} (was "
                         f"{_rate(old[field])}), from the next round; rounds already "
                         "recorded keep their contribution.")
    if new["limit"] != old["limit"]:
        lines.append(_limit_line(progressive, new["limit"], amount))
    if new["approval_threshold"] != old["approval_threshold"]:
        lines.append(f"Awards of {amount(new['approval_threshold'])} or more wait for a "
                     f"supervisor's approval (was {amount(old['approval_threshold'])}).")
    if "correction_bound" in new and new["correction_bound"] != old["correction_bound"]:
        lines.append(f"A correction to more than {amount(new['correction_bound'])} needs a "
                     f"second supervisor (was {amount(old['correction_bound'])}).")
    lines += _award_lines(progressive.awards, new["awards"], money)
    return lines


def _limit_line(progressive: Progressive, limit, amount) -> str:
    line = f"The limit becomes {amount(limit)} (was {amount(progressive.limit)})"
    if limit is not None and progressive.amount > limit:
        return (f"{line}: the meter, at {amount(progressive.amount)}, is already above it, so "
                "it stops growing and every contribution goes to the overflow until a hit.")
    return f"{line}: contributions that would take the meter past it go to the overflow." \
        if limit is not None else f"{line}: the meter grows without a cap."


def _award_lines(before: dict, after: dict, currency: str) -> list[str]:
    old, new = award_rules(before), award_rules(after)
    lines = []
    for category in (c for c in STUD_CATEGORIES if c in old or c in new):
        if old.get(category) != new.get(category):
            lines.append(f"{category.replace('_', ' ').capitalize()} pays "
                         f"{_award(new.get(category), currency)} (was "
                         f"{_award(old.get(category), currency)}) "
                         "for hits settled from now on.")
    return lines


def correction_line(progressive: Progressive, meter: str, new_balance: Decimal) -> str | None:
    """What a correction will do, or None if it would change nothing."""
    field = "amount" if meter == MeterName.METER else meter
    now = getattr(progressive, field)
    if new_balance == now:
        return None
    money = progressive.currency
    words = MeterName(meter).label.lower()
    return (f"The {words} goes from {in_currency(now, money)} to "
            f"{in_currency(new_balance, money)} ({'+' if new_balance > now else '-'}"
            f"{in_currency(abs(new_balance - now), money)}). A correction entry with your "
            "name and the reason is added to the ledger; the entries before it stay as "
            "they are.")



def correction_lines(progressive: Progressive, meter: str, new_balance: Decimal) -> list[str]:
    """What a correction will do (none: it would change nothing) and, above the meter's
    correction bound, that a second supervisor confirms it."""
    change = correction_line(progressive, meter, new_balance)
    if change is None:
        return []
    if new_balance <= progressive.correction_bound:
        return [change]
    money = progressive.currency
    return [change, f"{in_currency(new_balance, money)} is above the meter's correction bound "
                    f"of {in_currency(progressive.correction_bound, money)}: a second "
                    "supervisor confirms it with their own password."]
