"""Casino scoping and the role matrix: every operation below, on Test Harbor's floor, by
each kind of user, answers what the table says. The other casino's supervisor and
dealer (Mayfair, on its staff only) must see nothing of Harbor: 404, as if it did not
exist, on the API and the pages alike; an empty list where a list is asked for."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.conftest import make_user
from tests.helpers import CONTRACT_ROUND

pytestmark = pytest.mark.django_db

WHO = ("anonymous", "no_role", "dealer_assigned", "dealer_unassigned", "supervisor",
       "accountant", "other_casino", "group_supervisor")
DAY = "from=2026-01-01&to=2026-01-31"

# operation: (method, address, body) -> expected status for each of WHO, in order.
# Anonymous: 401 on the API, a redirect to the login page on pages. No role: 403.
# A dealer not assigned to the table may see the casino and its meters (read only) but
# not the table's records, nor record there (403: the refusal says why). Lacking the
# permission for an operation is 403 before any lookup, whichever casino is asked.
# The other casino's staff: 404 for Harbor's objects, 400 for a report naming Harbor
# ("there is no casino number N"). Lists answer 200 with only the user's casinos' rows
# (test_lists_hold_only_the_users_casinos). The paytable and schedules are the group's:
# all read them, only the group supervisor (last column, on no casino's staff) changes
# them; he sees nothing of Harbor's floor. The floor sign is public.
BODIES = {
    "round": CONTRACT_ROUND,
    "hand": {"pot": "85.00", "flop_dealt": True},
    "seats": {"seats": 6},
    "void": {"reason": "misdeal"},
    "correct": {"meter": "meter", "new_balance": "10001.00", "reason": "count"},
    "time": {"seats": [1, 2]},
    "casino": {"name": "Third Casino", "currency": "USD", "timezone": "America/Chicago"},
    "table": {"casino": "{casino}", "label": "CS-9", "game": "caribbean_stud"},
    "payout": {"amount": "1.00", "note": "bad beat at HE-1"},
    "export": {"from": "2026-01-01", "to": "2026-01-31", "casino": "{casino}",
               "format": "csv"},
    "form": {},
    "rename": {"name": "Renamed"},
    "progressive": {"name": "Harbor Second Meter", "currency": "USD", "seed": "5000.00",
                    "contribution_rate": "0.25", "casino": "{casino}"},
    "paytable": {"name": "Another US table"},
    "schedule": {"name": "Five capped at three", "percent": "5", "cap": "3.00"},
    "user": {"username": "nia_new", "password": "felt-and-chips-42", "role": "dealer",
             "casinos": ["{casino}"]},
    "first_name": {"first_name": "Dana"},
}
RECONCILE = "?start=2026-01-01T00:00:00Z&end=2026-01-02T00:00:00Z"
_ = None  # not yet known: filled in from a run and then read row by row
MATRIX = {
    # Casinos and tables
    ("GET", "/api/v1/casinos/", None):                 (401, 403, 200, 200, 200, 200, 200, 403),
    ("POST", "/api/v1/casinos/", "casino"):            (401, 403, 403, 403, 201, 403, 400, 403),
    ("GET", "/api/v1/tables/", None):                  (401, 403, 200, 200, 200, 200, 200, 403),
    ("POST", "/api/v1/tables/", "table"):              (401, 403, 403, 403, 201, 403, 400, 403),
    ("PATCH", "/api/v1/casinos/{casino}/", "rename"):  (401, 403, 403, 403, 200, 403, 404, 403),
    ("GET", "/api/v1/casinos/{casino}/", None):        (401, 403, 200, 200, 200, 200, 404, 403),
    ("GET", "/api/v1/tables/{table}/", None):          (401, 403, 200, 404, 200, 200, 404, 403),
    ("PATCH", "/api/v1/tables/{table}/", "seats"):     (401, 403, 403, 403, 200, 403, 404, 403),
    # Users' accounts: supervisors only; deleting is refused in words (405) to whoever
    # could change accounts, before any lookup
    ("GET", "/api/v1/users/", None):                   (401, 403, 403, 403, 200, 403, 200, 403),
    ("POST", "/api/v1/users/", "user"):                (401, 403, 403, 403, 201, 403, 400, 403),
    ("GET", "/api/v1/users/{dealer}/", None):          (401, 403, 403, 403, 200, 403, 404, 403),
    ("PATCH", "/api/v1/users/{dealer}/", "first_name"): (401, 403, 403, 403, 200, 403, 404, 403),
    ("DELETE", "/api/v1/users/{dealer}/", None):       (401, 403, 403, 403, 405, 403, 405, 403),
    # Stud rounds
    ("POST", "/api/v1/tables/{table}/stud-rounds/", "round"):
                                                       (401, 403, 201, 403, 403, 403, 404, 403),
    ("GET", "/api/v1/stud-rounds/", None):             (401, 403, 200, 200, 200, 200, 200, 403),
    ("GET", "/api/v1/stud-rounds/{round}/", None):     (401, 403, 200, 404, 200, 200, 404, 403),
    ("POST", "/api/v1/stud-rounds/{round}/void/", "void"):
                                                       (401, 403, 403, 404, 201, 403, 404, 404),
    # Poker hands, time collection, the bad-beat fund
    ("POST", "/api/v1/tables/{poker}/poker-hands/", "hand"):
                                                       (401, 403, 201, 403, 403, 403, 404, 403),
    ("GET", "/api/v1/tables/{poker}/next-hand/", None):
                                                       (401, 403, 200, 404, 200, 200, 404, 404),
    ("GET", "/api/v1/tables/{poker}/raise-limits/", None):
                                                       (401, 403, 400, 404, 400, 400, 404, 404),
    ("POST", "/api/v1/tables/{poker}/time-collections/", "time"):
                                                       (401, 403, 400, 403, 403, 403, 404, 403),
    ("GET", "/api/v1/poker-hands/{hand}/", None):      (401, 403, 200, 404, 200, 200, 404, 403),
    ("POST", "/api/v1/poker-hands/{hand}/void/", "void"):
                                                       (401, 403, 403, 404, 201, 403, 404, 404),
    ("GET", "/api/v1/poker-hands/", None):             (401, 403, 200, 200, 200, 200, 200, 403),
    ("GET", "/api/v1/time-collections/", None):        (401, 403, 200, 200, 200, 200, 200, 403),
    ("GET", "/api/v1/time-collections/{collection}/", None):
                                                       (401, 403, 200, 404, 200, 200, 404, 403),
    ("POST", "/api/v1/time-collections/{collection}/void/", "void"):
                                                       (401, 403, 403, 404, 201, 403, 404, 404),
    ("GET", "/api/v1/bad-beat-funds/", None):          (401, 403, 403, 403, 200, 200, 200, 403),
    ("POST", "/api/v1/bad-beat-funds/{fund}/payout/", "payout"):
                                                       (401, 403, 403, 403, 400, 403, 404, 404),
    ("GET", "/api/v1/bad-beat-funds/{fund}/", None):   (401, 403, 403, 403, 200, 200, 404, 403),
    ("GET", "/api/v1/bad-beat-funds/{fund}/entries/", None):
                                                       (401, 403, 403, 403, 200, 200, 404, 403),
    # Progressives and hits
    ("POST", "/api/v1/progressives/", "progressive"):  (401, 403, 403, 403, 201, 403, 400, 400),
    ("PATCH", "/api/v1/progressives/{meter}/", "rename"):
                                                       (401, 403, 403, 403, 200, 403, 404, 404),
    ("GET", "/api/v1/progressives/", None):            (401, 403, 200, 200, 200, 200, 200, 200),
    ("GET", "/api/v1/progressives/{meter}/", None):    (401, 403, 200, 200, 200, 200, 404, 404),
    ("GET", "/api/v1/progressives/{meter}/reconciliation/" + RECONCILE, None):
                                                       (401, 403, 200, 200, 200, 200, 404, 404),
    ("POST", "/api/v1/progressives/{meter}/correct/", "correct"):
                                                       (401, 403, 403, 403, 201, 403, 404, 404),
    ("GET", "/api/v1/progressives/{meter}/analysis/", None):
                                                       (401, 403, 403, 403, 200, 200, 404, 404),
    ("GET", "/api/v1/jackpot-hits/?round={round}", None):
                                                       (401, 403, 403, 403, 200, 200, 200, 403),
    ("GET", "/api/v1/jackpot-hits/{hit}/", None):      (401, 403, 403, 403, 200, 200, 404, 403),
    ("POST", "/api/v1/jackpot-hits/{hit}/approve/", "form"):
                                                       (401, 403, 403, 403, 400, 403, 404, 404),
    # Terms: the group's, read by every role, changed by the group supervisor only
    ("GET", "/api/v1/paytables/{paytable}/", None):    (401, 403, 200, 200, 200, 200, 200, 200),
    ("POST", "/api/v1/paytables/", "paytable"):        (401, 403, 403, 403, 400, 403, 400, 400),
    ("PATCH", "/api/v1/paytables/{paytable}/", "rename"):
                                                       (401, 403, 403, 403, 403, 403, 403, 400),
    ("GET", "/api/v1/paytables/", None):               (401, 403, 200, 200, 200, 200, 200, 200),
    ("GET", "/api/v1/paytables/{paytable}/analysis/", None):
                                                       (401, 403, 403, 403, 202, 202, 202, 202),
    ("POST", "/api/v1/paytables/{paytable}/publish/", "form"):
                                                       (401, 403, 403, 403, 403, 403, 403, 400),
    ("POST", "/api/v1/paytables/{paytable}/retire/", "form"):
                                                       (401, 403, 403, 403, 403, 403, 403, 400),
    ("POST", "/api/v1/paytables/{paytable}/new-version/", "form"):
                                                       (401, 403, 403, 403, 403, 403, 403, 201),
    ("POST", "/api/v1/rake-schedules/", "schedule"):   (401, 403, 403, 403, 403, 403, 403, 201),
    ("PATCH", "/api/v1/rake-schedules/{schedule}/", "rename"):
                                                       (401, 403, 403, 403, 403, 403, 403, 400),
    ("GET", "/api/v1/rake-schedules/", None):          (401, 403, 200, 200, 200, 200, 200, 200),
    ("GET", "/api/v1/rake-schedules/{schedule}/", None):
                                                       (401, 403, 200, 200, 200, 200, 200, 200),
    ("POST", "/api/v1/rake-schedules/{schedule}/publish/", "form"):
                                                       (401, 403, 403, 403, 403, 403, 403, 400),
    ("POST", "/api/v1/rake-schedules/{schedule}/retire/", "form"):
                                                       (401, 403, 403, 403, 403, 403, 403, 400),
    ("POST", "/api/v1/rake-schedules/{schedule}/new-version/", "form"):
                                                       (401, 403, 403, 403, 403, 403, 403, 201),
    # Reports
    ("GET", f"/api/v1/reports/rake/?{DAY}&casino={{casino}}", None):
                                                       (401, 403, 403, 403, 200, 200, 400, 403),
    ("GET", f"/api/v1/reports/stud/?{DAY}&table={{table}}", None):
                                                       (401, 403, 403, 403, 200, 200, 400, 403),
    ("GET", f"/api/v1/reports/jackpots/?{DAY}&progressive={{meter}}", None):
                                                       (401, 403, 403, 403, 200, 200, 400, 403),
    ("GET", f"/api/v1/reports/stud/seats/?{DAY}&casino={{casino}}", None):
                                                       (401, 403, 403, 403, 200, 200, 400, 403),
    # Pages: the pit
    ("GET", "/pit/", None):                            (302, 403, 403, 403, 200, 403, 200, 403),
    ("GET", "/pit/tables/{table}/history/", None):     (302, 403, 403, 403, 200, 403, 404, 403),
    ("GET", "/pit/tables/{table}/limits/", None):      (302, 403, 403, 403, 200, 403, 404, 403),
    ("POST", "/pit/tables/{table}/limits/", "form"):   (302, 403, 403, 403, 400, 403, 404, 403),
    ("POST", "/pit/tables/{table}/paytable/", "form"): (302, 403, 403, 403, 302, 403, 404, 403),
    # An empty POST is a form sent empty, refused field by field (posted_form_data).
    ("POST", "/pit/tables/{poker}/poker/", "form"):    (302, 403, 403, 403, 400, 403, 404, 403),
    ("GET", "/pit/tables/{poker}/poker/", None):       (302, 403, 403, 403, 200, 403, 404, 403),
    ("GET", "/pit/progressives/", None):               (302, 403, 403, 403, 200, 403, 200, 200),
    ("GET", "/pit/progressives/{meter}/", None):       (302, 403, 403, 403, 200, 403, 404, 404),
    ("GET", "/pit/progressives/{meter}/side-wager/", None):
                                                       (302, 403, 403, 403, 200, 200, 404, 404),
    ("GET", "/pit/jackpot-hits/{hit}/approve/", None): (302, 403, 403, 403, 200, 403, 404, 403),
    ("POST", "/pit/jackpot-hits/{hit}/approve/", "form"):
                                                       (302, 403, 403, 403, 200, 403, 404, 403),
    ("GET", "/pit/jackpot-hits/{hit}/w2g/", None):     (302, 403, 403, 403, 404, 404, 404, 403),
    ("GET", "/pit/progressives/new/", None):           (302, 403, 403, 403, 200, 403, 200, 200),
    ("POST", "/pit/progressives/new/", "form"):        (302, 403, 403, 403, 400, 403, 400, 400),
    ("GET", "/pit/progressives/{meter}/edit/", None):  (302, 403, 403, 403, 200, 403, 404, 404),
    ("POST", "/pit/progressives/{meter}/edit/", "form"):
                                                       (302, 403, 403, 403, 400, 403, 404, 404),
    ("GET", "/pit/progressives/{meter}/correct/", None):
                                                       (302, 403, 403, 403, 200, 403, 404, 404),
    ("POST", "/pit/progressives/{meter}/correct/", "form"):
                                                       (302, 403, 403, 403, 400, 403, 404, 404),
    ("GET", "/pit/progressives/{meter}/tables/", None):
                                                       (302, 403, 403, 403, 200, 403, 404, 403),
    ("POST", "/pit/progressives/{meter}/tables/", "form"):
                                                       (302, 403, 403, 403, 400, 403, 404, 403),
    # Pages: the dealers (an empty form is refused; deactivating needs no more than a POST)
    ("GET", "/pit/dealers/", None):                    (302, 403, 403, 403, 200, 403, 200, 403),
    ("GET", "/pit/tables/", None):                     (302, 403, 403, 403, 200, 403, 200, 403),
    ("POST", "/pit/dealers/", "form"):                 (302, 403, 403, 403, 400, 403, 400, 403),
    ("POST", "/pit/dealers/{dealer}/tables/", "form"): (302, 403, 403, 403, 400, 403, 404, 403),
    # The rotation (issue 31): a supervisor's, each at his own casinos (a form sent empty
    # is refused in words on the page it goes back to).
    ("GET", "/pit/rotation/", None):                   (302, 403, 403, 403, 200, 403, 200, 403),
    ("POST", "/pit/rotation/relieve/", "form"):        (302, 403, 403, 403, 302, 403, 302, 403),
    ("POST", "/pit/rotation/dealer/", "form"):         (302, 403, 403, 403, 302, 403, 302, 403),
    ("GET", "/pit/board/events", None):                (302, 403, 403, 403, 200, 403, 200, 403),
    # The card room desk (issue 32): a supervisor's, at his own casinos
    ("GET", "/pit/cardroom/", None):                   (302, 403, 403, 403, 200, 403, 200, 403),
    ("POST", "/pit/cardroom/lists/", "form"):          (302, 403, 403, 403, 302, 403, 302, 403),
    ("POST", "/pit/cardroom/join/", "form"):           (302, 403, 403, 403, 302, 403, 302, 403),
    ("POST", "/pit/cardroom/entry/", "form"):          (302, 403, 403, 403, 302, 403, 302, 403),
    ("POST", "/pit/cardroom/call-next/", "form"):      (302, 403, 403, 403, 302, 403, 302, 403),
    ("POST", "/pit/cardroom/seat/", "form"):           (302, 403, 403, 403, 302, 403, 302, 403),
    ("POST", "/dealer/floor/", "form"):                (302, 403, 302, 302, 403, 403, 302, 403),
    ("GET", "/pit/dealers/{dealer}/active/", None):    (302, 403, 403, 403, 200, 403, 404, 403),
    ("POST", "/pit/dealers/{dealer}/active/", "form"): (302, 403, 403, 403, 302, 403, 404, 403),
    ("GET", "/pit/paytables/", None):                  (302, 403, 403, 403, 200, 403, 200, 200),
    ("POST", "/pit/paytables/new/", "form"):           (302, 403, 403, 403, 302, 403, 302, 302),
    ("GET", "/pit/paytables/compare/?left={paytable}&right={paytable}", None):
                                                       (302, 403, 403, 403, 302, 403, 302, 302),
    ("POST", "/pit/paytables/{paytable}/", "form"):    (302, 403, 403, 403, 200, 403, 200, 200),
    ("GET", "/pit/paytables/{paytable}/", None):       (302, 403, 403, 403, 200, 403, 200, 200),
    ("POST", "/pit/paytables/{paytable}/new-version/", "form"):
                                                       (302, 403, 403, 403, 403, 403, 403, 302),
    ("GET", "/pit/paytables/{paytable}/analysis/", None):
                                                       (302, 403, 403, 403, 200, 200, 200, 200),
    ("GET", "/pit/analyses/{analysis}/state.json", None):
                                                       (302, 403, 403, 403, 200, 200, 200, 200),
    ("GET", "/pit/analyses/{analysis}/par-sheet.pdf", None):
                                                       (302, 403, 403, 403, 404, 404, 404, 404),
    ("GET", "/pit/rake-schedules/", None):             (302, 403, 403, 403, 200, 403, 200, 200),
    ("POST", "/pit/rake-schedules/{schedule}/", "form"):
                                                       (302, 403, 403, 403, 200, 403, 200, 200),
    ("GET", "/pit/rake-schedules/{schedule}/", None):  (302, 403, 403, 403, 200, 403, 200, 200),
    ("POST", "/pit/rake-schedules/{schedule}/new-version/", "form"):
                                                       (302, 403, 403, 403, 403, 403, 403, 302),
    # Pages: the dealer
    ("GET", "/dealer/", None):                         (302, 403, 200, 200, 403, 403, 200, 403),
    ("GET", "/dealer/slips/", None):                   (302, 403, 200, 200, 403, 403, 200, 403),
    ("GET", "/dealer/tables/{table}/round/", None):    (302, 403, 200, 403, 403, 403, 404, 403),
    ("GET", "/rounds/", None):                         (302, 403, 200, 200, 200, 200, 200, 403),
    ("GET", "/rounds/{round}/", None):                 (302, 403, 200, 404, 200, 200, 404, 403),
    ("POST", "/rounds/{round}/void/", "void"):         (302, 403, 403, 403, 302, 403, 404, 403),
    ("GET", "/dealer/tables/{poker}/poker/", None):    (302, 403, 200, 403, 403, 403, 404, 403),
    ("GET", "/dealer/tables/{poker}/poker/full/", None):
                                                       (302, 403, 200, 403, 403, 403, 404, 403),
    ("POST", "/dealer/tables/{poker}/poker/time/", "form"):
                                                       (302, 403, 302, 403, 403, 403, 404, 403),
    ("GET", "/poker-hands/{hand}/", None):             (302, 403, 200, 404, 200, 200, 404, 403),
    ("POST", "/poker-hands/{hand}/void/", "void"):     (302, 403, 403, 403, 302, 403, 404, 403),
    ("GET", "/pit/tables/{timed}/time-collections/", None):
                                                       (302, 403, 403, 403, 200, 403, 404, 403),
    ("POST", "/time-collections/{collection}/void/", "void"):
                                                       (302, 403, 403, 403, 302, 403, 404, 403),
    # Pages: accounting
    ("GET", "/accounting/", None):                     (302, 403, 403, 403, 403, 200, 403, 403),
    ("GET", f"/accounting/reports/rake/?{DAY}&casino={{casino}}", None):
                                                       (302, 403, 403, 403, 200, 200, 400, 403),
    ("POST", "/accounting/reports/rake/export/", "export"):
                                                       (302, 403, 403, 403, 302, 302, 400, 403),
    ("GET", "/accounting/exports/{export}/", None):    (302, 403, 403, 403, 404, 200, 404, 403),
    ("GET", "/accounting/exports/{export}/state.json", None):
                                                       (302, 403, 403, 403, 404, 200, 404, 403),
    ("GET", "/accounting/exports/{export}/download/", None):
                                                       (302, 403, 403, 403, 404, 404, 404, 403),
    ("GET", "/accounting/closed-days/", None):         (302, 403, 403, 403, 200, 200, 200, 403),
    # The API's schema and its docs: staff with a role, of any casino (the contract is
    # the same for all); the docs page sends someone not logged in to the login page
    ("GET", "/api/schema/", None):                     (401, 403, 200, 200, 200, 200, 200, 200),
    ("GET", "/api/docs/", None):                       (302, 403, 200, 200, 200, 200, 200, 200),
    # The floor sign: public, as the sign on the floor is
    ("GET", "/sign/{meter}/", None):                   (200, 200, 200, 200, 200, 200, 200, 200),
    ("GET", "/sign/{meter}/state.json", None):         (200, 200, 200, 200, 200, 200, 200, 200),
    ("GET", "/sign/{meter}/events", None):             (200, 200, 200, 200, 200, 200, 200, 200),
    # The card room's lists by API (issue 32): a supervisor's (a kiosk signs in as one), of
    # his own casinos
    ("GET", "/api/v1/waitlists/", None):               (401, 403, 403, 403, 200, 403, 200, 403),
    ("POST", "/api/v1/waitlists/", "form"):            (401, 403, 403, 403, 400, 403, 400, 403),
    ("GET", "/api/v1/waitlists/{waitlist}/", None):    (401, 403, 403, 403, 200, 403, 404, 403),
    ("GET", "/api/v1/waitlists/{waitlist}/entries/", None):
                                                       (401, 403, 403, 403, 200, 403, 404, 403),
    ("POST", "/api/v1/waitlists/{waitlist}/entries/", "form"):
                                                       (401, 403, 403, 403, 400, 403, 404, 403),
    ("POST", "/api/v1/waitlists/{waitlist}/entries/{entry}/call/", "form"):
                                                       (401, 403, 403, 403, 201, 403, 404, 403),
    ("POST", "/api/v1/waitlists/{waitlist}/entries/{entry}/seat/", "form"):
                                                       (401, 403, 403, 403, 400, 403, 404, 403),
    ("POST", "/api/v1/waitlists/{waitlist}/entries/{entry}/remove/", "form"):
                                                       (401, 403, 403, 403, 400, 403, 404, 403),
    # The card room's public board (issue 32): its screens', no login, initials only
    ("GET", "/cardroom/{casino}/board/", None):        (200, 200, 200, 200, 200, 200, 200, 200),
    ("GET", "/cardroom/{casino}/board/events", None):  (200, 200, 200, 200, 200, 200, 200, 200),
    # The dealer's tablet offline (issue 33): its service worker is a script like any
    # other; what a tablet could not record is held, its dealer's and his supervisors'
    ("GET", "/dealer/sw.js", None):                    (200, 200, 200, 200, 200, 200, 200, 200),
    ("GET", "/api/v1/held-entries/", None):            (401, 403, 200, 200, 200, 403, 200, 403),
    ("POST", "/api/v1/held-entries/", "form"):         (401, 403, 400, 400, 403, 403, 400, 403),
    ("GET", "/api/v1/held-entries/{held}/", None):     (401, 403, 200, 404, 200, 403, 404, 403),
    ("POST", "/api/v1/held-entries/{held}/send/", "form"):
                                                       (401, 403, 400, 404, 400, 403, 404, 403),
    ("POST", "/api/v1/held-entries/{held}/enter-late/", "form"):
                                                       (401, 403, 403, 404, 201, 403, 404, 403),
    ("POST", "/api/v1/held-entries/{held}/discard/", "form"):
                                                       (401, 403, 400, 404, 400, 403, 404, 403),
    ("POST", "/pit/held/{held}/enter-late/", "form"):  (302, 403, 403, 403, 302, 403, 404, 403),
    # the supervisor's correction before his late entry (issue 44): an empty one is refused
    ("GET", "/pit/held/{held}/correct/", None):        (302, 403, 403, 403, 200, 403, 404, 403),
    ("POST", "/pit/held/{held}/correct/", "form"):     (302, 403, 403, 403, 400, 403, 404, 403),
    ("POST", "/pit/held/{held}/discard/", "form"):     (302, 403, 403, 403, 302, 403, 404, 403),
}
# What every user (or no one) reaches alike, outside the matrix: logging in and out, the
# health check, the icon. The admin has its matrix (tests/test_admin_scoping.py); the
# API's schema and docs stand in the matrix above.
UNSCOPED = {"", "healthz", "favicon.ico", "login/", "logout/", "api/v1/auth/token/",
            "api/v1/auth/logout/", "api/v1/"}


def poker_tables(supervisor, dealer, casino, api, governor) -> dict:
    """A raked hold'em table with a hand, and a table on time collection with a
    collection, at ``casino``, dealt by ``dealer``, on the group's schedules (made by
    ``governor``, a group supervisor)."""
    from decimal import Decimal

    from payouts.terms import services as terms
    from tables.floor.services import table_create, table_set_poker_settings

    def table(label, schedule, **stakes):
        opened = table_create(actor=supervisor, casino=casino, label=label, game="holdem",
                              status="open", dealers=[dealer])
        return table_set_poker_settings(actor=supervisor, table=opened,
                                        rake_schedule=terms.schedule_publish(
                                            actor=governor, schedule=schedule), **stakes)

    raked = terms.schedule_create(actor=governor, name="Ten capped at five",
                                  percent=Decimal(10), cap=Decimal(5))
    poker = table("HE-1", raked, structure="fixed_limit", small_bet=Decimal(20),
                  big_bet=Decimal(40), small_blind=Decimal(10), big_blind=Decimal(20))
    timed = table("HE-2", terms.schedule_create(
        actor=governor, name="Time", method="time", time_fee=Decimal(6),
        time_period_minutes=30), structure="no_limit", small_blind=Decimal(1),
        big_blind=Decimal(2))
    hand = api.as_user(dealer).post(f"/api/v1/tables/{poker.pk}/poker-hands/",
                                    BODIES["hand"], format="json")
    collected = api.as_user(dealer).post(f"/api/v1/tables/{timed.pk}/time-collections/",
                                         BODIES["time"], format="json")
    assert (hand.status_code, collected.status_code) == (201, 201), hand.content
    return {"poker": poker.pk, "schedule": poker.rake_schedule_id, "hand": hand.json()["id"],
            "timed": timed.pk, "collection": collected.json()["id"]}


@pytest.fixture
def floor(us_casino, supervisor, dealer, other_dealer, accountant, outsider, jackpot_table,
          controller, api):
    """Harbor (us_casino): a jackpot stud table with a round and a royal's hit, a hold'em
    table with a hand, the meter, the bad-beat fund, an export; Mayfair with its own
    supervisor-dealer only."""
    from casino.house.models import Casino
    from payouts.analysis.services import request_analysis
    from payouts.jackpots.models import JackpotHit, Progressive
    from tables.cardroom import services as cardroom
    from tables.offline.services import held_keep
    from tables.poker.models import BadBeatFund
    from tables.reports.services import request_export
    from tables.stud.services import stud_round_record
    from tests.helpers import DEALER, ROYAL

    Progressive.objects.filter(pk=jackpot_table.progressive_id).update(casino=us_casino)
    mayfair = Casino.objects.create(name="Mayfair", currency="GBP", timezone="Europe/London")
    mayfair.staff.remove(*mayfair.staff.all())
    other = make_user("mo_mayfair", "supervisor", "dealer", at=[mayfair])
    played = api.as_user(dealer).post(f"/api/v1/tables/{jackpot_table.pk}/stud-rounds/",
                                      CONTRACT_ROUND, format="json")
    assert played.status_code == 201, played.content
    stud_round_record(actor=dealer, table=jackpot_table, dealer_cards=DEALER, seats=[ROYAL])
    poker = poker_tables(supervisor, dealer, us_casino, api, controller)
    export = request_export(actor=accountant, report="rake", fmt="csv",
                            query={"from": "2026-01-01", "to": "2026-01-31",
                                   "casino": str(us_casino.pk)})
    # Queued, never computed: the test's transaction never commits to send it.
    analysis = request_analysis(actor=None, paytable=jackpot_table.paytable)
    waitlist = cardroom.waitlist_open(actor=supervisor, casino=us_casino, game="holdem",
                                      structure="no_limit", small="1", big="2")
    entry, _ = cardroom.entry_join(actor=supervisor, waitlist=waitlist, name="Ann")
    # Dealt three hours ago: refused when it arrived (it waited too long), so held.
    dealt = dt.datetime.now(dt.UTC) - dt.timedelta(hours=3)
    held, _ = held_keep(actor=dealer, table=jackpot_table, kind="stud_round",
                        body={**CONTRACT_ROUND, "dealt_at": dealt.isoformat()},
                        idempotency_key="tablet-7")
    return {
        "people": {"anonymous": None, "no_role": outsider, "dealer_assigned": dealer,
                   "dealer_unassigned": other_dealer, "supervisor": supervisor,
                   "accountant": accountant, "other_casino": other,
                   "group_supervisor": controller},
        "ids": {"casino": us_casino.pk, "table": jackpot_table.pk,
                "round": played.json()["id"], "meter": jackpot_table.progressive_id,
                "fund": BadBeatFund.objects.get_or_create(casino=us_casino)[0].pk,
                "paytable": jackpot_table.paytable_id, "hit": JackpotHit.objects.get().pk,
                "export": export.pk, "analysis": analysis.pk, "dealer": dealer.pk,
                "waitlist": waitlist.pk, "entry": entry.pk, "held": held.pk, **poker},
    }


def body_of(name: str, ids: dict) -> dict:
    def filled(value):
        if isinstance(value, list):
            return [filled(v) for v in value]
        return value.format(**ids) if isinstance(value, str) else value

    return {key: filled(value) for key, value in BODIES[name].items()}


def ask(client, method: str, address: str, body, ids: dict):
    call = getattr(client, method.lower())
    if body is None:
        return call(address)
    return call(address, body_of(body, ids), format="json")


@pytest.mark.parametrize(("operation", "expected"), list(MATRIX.items()),
                         ids=[f"{m} {a.split('?')[0]}" for m, a, _ in MATRIX])
def test_role_and_casino_matrix(floor, api, client, operation, expected):
    method, address, body = operation
    address = address.format(**floor["ids"])
    page = not address.startswith("/api/")
    seen = []
    for who in WHO:
        user = floor["people"][who]
        if page:
            client.logout()
            if user is not None:
                client.force_login(user)
            answer = client.generic(method, address) if body is None else \
                client.post(address, body_of(body, floor["ids"]))
        else:
            answer = ask(api.as_user(user), method, address, body, floor["ids"])
        seen.append(answer.status_code)
    assert expected is not None, f"{operation}: {tuple(seen)}"
    assert dict(zip(WHO, seen, strict=True)) == dict(zip(WHO, expected, strict=True))


def rows_of(answer) -> list[dict]:
    body = answer.json()
    return body["results"] if isinstance(body, dict) else body


@pytest.mark.parametrize("address", ["/api/v1/casinos/", "/api/v1/tables/",
                                     "/api/v1/stud-rounds/", "/api/v1/progressives/",
                                     "/api/v1/bad-beat-funds/"])
def test_lists_hold_only_the_users_casinos(floor, api, address):
    harbor = {r["id"] for r in rows_of(api.as_user(floor["people"]["supervisor"]).get(address))}
    mayfair = {r["id"] for r in rows_of(api.as_user(floor["people"]["other_casino"]).get(address))}
    assert harbor
    assert not harbor & mayfair


def test_a_supervisor_cannot_open_a_table_at_or_staff_it_from_another_casino(floor, api):
    other = floor["people"]["other_casino"]
    answer = api.as_user(other).post("/api/v1/tables/", {
        "casino": floor["ids"]["casino"], "label": "X-1", "game": "caribbean_stud"},
        format="json")
    assert answer.status_code == 400
    assert "mo_mayfair is not on the staff of casino" in str(answer.json()["casino"])

    harbor = floor["people"]["supervisor"]
    answer = api.as_user(harbor).patch(f"/api/v1/tables/{floor['ids']['table']}/",
                                       {"dealers": [other.pk]}, format="json")
    assert answer.status_code == 400
    assert "mo_mayfair" in str(answer.json()["dealers"])
    assert "is not on the staff of Test Harbor" in str(answer.json()["dealers"])


def _routes(patterns, prefix=""):
    from django.urls import URLPattern, URLResolver

    for entry in patterns:
        route = prefix + str(entry.pattern).removeprefix("^")
        if isinstance(entry, URLResolver):
            yield from _routes(entry.url_patterns, route)
        elif isinstance(entry, URLPattern) and "format" not in route:
            yield route


IDS = ("casino", "table", "round", "meter", "fund", "paytable", "schedule", "poker", "hand",
       "hit", "export", "analysis", "timed", "collection", "dealer", "waitlist", "entry",
       "held")


def test_the_matrix_holds_every_route_of_the_service():
    from django.urls import get_resolver, resolve

    from tests import test_admin_scoping
    from tests.accounting import scoping, test_scoping_pages, test_scoping_reports
    from tests.players import test_scoping_players

    addresses = [*MATRIX, *test_scoping_pages.MATRIX, *test_scoping_reports.MATRIX,
                 *test_admin_scoping.MATRIX, *test_scoping_players.MATRIX]
    ids = dict.fromkeys({*IDS, *scoping.IDS, *test_admin_scoping.IDS, "player", "rating",
                          "comp"}, 1)
    covered = {resolve(address.split("?")[0].format(**ids)).route
               for _, address, _ in addresses}
    routes = {r for r in _routes(get_resolver().url_patterns) if r not in UNSCOPED}
    assert routes - covered == set()
