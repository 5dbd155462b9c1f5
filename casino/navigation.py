"""The top bar: every page a role works from, one tap away on every page (issue 44,
point 7). Named by the pages' URL names (the packages' own; nothing is imported from
them), in the order a shift uses them: the floor first, then its settings, then the
books. A user of several roles has each role's pages once, in the order of ROLE_ORDER."""

from __future__ import annotations

from django.urls import reverse

from casino.common.roles import Role, is_supervisor, roles_of

# (label, URL name, its arguments)
Link = tuple[str, str, tuple]

TOP_BAR: dict[Role, list[Link]] = {
    Role.SUPERVISOR: [
        ("Pit", "pit", ()), ("Rotation", "pit-rotation", ()), ("Card room", "pit-cardroom", ()),
        ("Rounds", "round-list", ()), ("Chips", "pit-chips", ()),
        ("Variances", "pit-variances", ()), ("Comps", "pit-comps", ()),
        ("Players", "players", ()), ("Tables", "pit-tables", ()),
        ("Dealers", "pit-dealers", ()), ("Paytables", "pit-paytable-list", ()),
        ("Jackpots", "pit-progressive-list", ()), ("Rake", "pit-schedule-list", ()),
        ("Reports", "report", ("rake",)), ("Admin", "admin:index", ()),
    ],
    Role.GROUP_SUPERVISOR: [
        ("Paytables", "pit-paytable-list", ()), ("Jackpots", "pit-progressive-list", ()),
        ("Rake", "pit-schedule-list", ()), ("Players", "players", ()),
    ],
    Role.DEALER: [("My tables", "dealer", ()), ("Rounds", "round-list", ()),
                  ("Slips", "dealer-slips", ())],
    Role.ACCOUNTANT: [("Accounting", "accounting", ()), ("Reports", "report", ("rake",)),
                      ("Closed days", "closed-days", ()), ("Rounds", "round-list", ())],
    Role.CAGE: [("Cage", "cage", ())],
    Role.COUNT: [("Count", "count", ())],
    Role.HOST: [("Players", "players", ()), ("Reports", "report", ("players",))],
}
ROLE_ORDER = (Role.SUPERVISOR, Role.GROUP_SUPERVISOR, Role.DEALER, Role.ACCOUNTANT,
              Role.CAGE, Role.COUNT, Role.HOST)


def top_bar(user) -> list[tuple[str, str]]:
    """(label, address) of each page in ``user``'s top bar, each address once and each
    label once (a host who is an accountant has one Reports: the accountant's, whose
    list holds the players' reports too)."""
    held = set(roles_of(user))
    if is_supervisor(user):
        held.add(Role.SUPERVISOR)  # a superuser works the pit as its supervisors do
    links, seen = [], set()
    for role in ROLE_ORDER:
        for label, name, args in TOP_BAR[role] if role in held else ():
            address = reverse(name, args=args)
            if address not in seen and label not in seen:
                seen.update((address, label))
                links.append((label, address))
    return links
