"""The audit trail read the way a pit boss reads it: fields by their verbose names,
choices by their labels, related rows by name (those of the viewer's casinos only),
amounts as money, times on the clock of the casino concerned. Written by the database's
triggers in the context casino.common.audit.changed_by opens."""

from __future__ import annotations

import datetime as dt
import zoneinfo
from decimal import Decimal

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import FieldDoesNotExist
from django.db import models
from django.utils.text import capfirst

from casino.house import staff


def zone_of(viewer) -> zoneinfo.ZoneInfo:
    """The clock a viewer reads history by when what changed belongs to no casino (a
    paytable, a schedule, a wide-area meter): his casinos' zone if they share one, else
    the group's (TIME_ZONE). Pages name the zone they show."""
    # No ordering: DISTINCT would otherwise be over (zone, name), and two casinos of one
    # zone could hide a third of another behind the limit.
    zones = set(staff.casinos_of(viewer).order_by().values_list("timezone", flat=True)
                .distinct()[:2])
    return zoneinfo.ZoneInfo(zones.pop() if len(zones) == 1 else settings.TIME_ZONE)


def zone_of_owner(casino) -> zoneinfo.ZoneInfo:
    """The clock of what a casino owns (its terms, its meter) is the casino's; of what
    the group owns, the group's (TIME_ZONE): the same for every viewer."""
    return casino.zone if casino is not None else zoneinfo.ZoneInfo(settings.TIME_ZONE)


def entries(events, *, zone: zoneinfo.ZoneInfo, viewer=None, subject=None) -> list[dict]:
    """Events as rows a pit boss reads: when (on ``zone``'s clock), who (by name), what
    (the reason given), and each change in words ("Maximum payout: 5,000.00 →
    10,000.00"). Related rows are named by their ``str()``, looked up once per model
    among those ``viewer`` may see. ``subject`` is the row whose history this is: an
    event of a row pointing at it (a dealer's assignment to a table) names the others."""
    events = list(events)
    names = _names(events, viewer, subject)
    user_model = get_user_model()
    return [{
        "at": e.pgh_created_at.astimezone(zone),
        "who": names.get((user_model, (e.pgh_context or {}).get("user")), "system"),
        "what": (e.pgh_context or {}).get("reason") or e.pgh_label,
        "event": e,
        "changes": describe(e, names=names, zone=zone, subject=subject),
    } for e in events]


# How far a record's own time may stand from when the database wrote it to the history
# before the page says the two clocks disagree.
CLOCKS_AGREE_WITHIN = dt.timedelta(minutes=5)


def written_apart(history: list[dict], field: str, when: dt.datetime | None):
    """When the database wrote the event that set ``field`` to ``when`` (a row's own time,
    taken from the service's clock), if that was more than CLOCKS_AGREE_WITHIN away: the
    history's time is the database's, which the service cannot set, so a difference is
    backdating or a clock gone wrong, and the page says so. None when they agree."""
    for entry in history:
        diff = entry["event"].pgh_diff or {}
        if when is not None and field in diff and diff[field][0] is None:
            at = entry["at"]
            return at if abs(at - when) > CLOCKS_AGREE_WITHIN else None
    return None


def describe(event, *, names: dict, zone: zoneinfo.ZoneInfo, subject=None) -> list[str]:
    """The lines of one event: a change per field, in the model's order, named by its
    verbose name; a key of a mapping (a paytable's odds) on a line of its own."""
    model = _tracked(event)
    if event.pgh_diff is None:
        return [f"{_label(field)}: {_show(field, value, names, zone)} {event.pgh_label}"
                for field, value in _pointers(event, subject)]
    lines = []
    for key, (before, after) in sorted(event.pgh_diff.items(), key=_order_in(model)):
        field = _field(model, key)
        if isinstance(before, dict) and isinstance(after, dict):
            lines += [f"{_label(field, key)}, {_words(item)}: {_plain(before.get(item))} → "
                      f"{_plain(after.get(item))}"
                      for item in sorted(set(before) | set(after))
                      if before.get(item) != after.get(item)]
        else:
            lines.append(f"{_label(field, key)}: {_show(field, before, names, zone)} → "
                         f"{_show(field, after, names, zone)}")
    return lines


def _tracked(event) -> type[models.Model]:
    return apps.get_model(event.pgh_model).pgh_tracked_model


def _field(model, key: str) -> models.Field | None:
    try:
        return model._meta.get_field(key)  # an attname ("paytable_id") finds its field
    except FieldDoesNotExist:
        return None


def _order_in(model):
    order = {f.attname: n for n, f in enumerate(model._meta.concrete_fields)}
    return lambda item: (order.get(item[0], len(order)), item[0])


def _pointers(event, subject) -> list[tuple[models.Field, object]]:
    """The rows an added or removed row of another model (a dealer's assignment) points
    at, but for the subject itself."""
    model = _tracked(event)
    if subject is None or model is type(subject):
        return []
    return [(f, event.pgh_data.get(f.attname)) for f in model._meta.concrete_fields
            if f.is_relation and f.related_model is not type(subject)
            and event.pgh_data.get(f.attname) is not None]


def _names(events, viewer, subject) -> dict[tuple[type, object], str]:
    """{(model, pk): str(row)} for every row the events point at, and their users: one
    query per model, limited to the rows ``viewer`` may see."""
    wanted: dict[type, set] = {get_user_model(): {(e.pgh_context or {}).get("user")
                                                  for e in events}}
    for event in events:
        model = _tracked(event)
        values = ([(f.attname, v) for f, v in _pointers(event, subject)]
                  + [(k, v) for k, pair in (event.pgh_diff or {}).items() for v in pair])
        for key, value in values:
            field = _field(model, key)
            if field is not None and field.is_relation and value is not None:
                wanted.setdefault(field.related_model, set()).add(value)
    return {(model, row.pk): _name_of(row) for model, ids in wanted.items()
            for row in _visible(model, viewer).filter(pk__in=[i for i in ids if i])}


def _visible(model, viewer):
    """A model's rows a viewer may see named: casinos (and rows of one) his own or the
    group's (no casino); other rows (paytables, people) all."""
    rows = model._default_manager.all()
    if viewer is None:
        return rows
    if model is staff.casinos_of(viewer).model:
        return staff.at_casinos_of(rows, viewer, "pk")
    casino = _field(model, "casino")
    if casino is None or not casino.is_relation:
        return rows
    mine = staff.at_casinos_of(rows, viewer)
    return mine | rows.filter(casino__isnull=True) if casino.null else mine


def _name_of(row) -> str:
    # Versioned terms by name and version: the "(published)" of str() is today's status.
    return getattr(row, "history_name", None) or str(row)


def _label(field: models.Field | None, key: str = "") -> str:
    return capfirst(field.verbose_name) if field is not None else capfirst(_words(key))


def _words(key: str) -> str:
    return str(key).removesuffix("_id").replace("_", " ")


def _show(field: models.Field | None, value, names: dict, zone: zoneinfo.ZoneInfo) -> str:
    """A value as staff read it: a choice by its label, a related row by name, an amount
    with its places and thousands separators, a moment on the page's clock."""
    if value is None or value == "":
        return "none"
    if field is None:
        return _plain(value)
    if isinstance(value, list) and hasattr(field, "base_field"):  # an ArrayField's items
        return ", ".join(_show(field.base_field, item, names, zone) for item in value) \
            or "none"
    if field.is_relation:
        return names.get((field.related_model, value), f"number {value}")
    if field.choices:
        return str(dict(field.flatchoices).get(value, value))
    if isinstance(field, models.BooleanField):
        return "yes" if value else "no"
    if isinstance(field, models.DecimalField):
        return _amount(value, field.decimal_places)
    if isinstance(field, models.DateTimeField):
        return dt.datetime.fromisoformat(value).astimezone(zone).strftime("%Y-%m-%d %H:%M")
    return _plain(value)


def _amount(value, places: int) -> str:
    # The trail keeps decimals as JSON numbers: read back through str, never as floats.
    number = Decimal(str(value))
    if places == 2:  # money
        return f"{number:,.2f}"
    return format(number.normalize(), "f")


def _plain(value) -> str:
    if value is None or value == "":
        return "none"
    if isinstance(value, dict):  # e.g. an award: {"fixed": "500.00"}
        return ", ".join(f"{_words(k)} {v}" for k, v in value.items())
    return str(value)


