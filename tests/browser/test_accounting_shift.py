"""One shift of CS-1 walked through the real pages in Chromium, each person on a tablet
of their own (1024x768, touch), logged in with their own password on the login page:

the supervisor opens the shift with its opener; the dealer deals and signs the opener;
the supervisor requests a fill and a credit; the cage issues them as slips 1 and 2 and
prints slip 1; the dealer and the supervisor sign them, and the closer is refused while
slip 2 waits for the supervisor's signature; the shift closes. The next morning the
count team counts the box (a wrong second password first: refused, the figures kept),
short, which opens a variance; the supervisor explains it; the accountant reads the
master games and the recorded against counted reports and prepares the master games
PDF.

Every amount a page shows is worked out by hand from the figures typed
(tests/browser/accounting_walk.py), never read back from the services. The clock stands
at chosen instants (tests/played.py's ``travel``: tick=False, and the live server's
thread reads the same patched clock). The day walked is three days before today's, so
the cookies the browser keeps by its own clock are fresh. ``WALK_SHOTS=<folder>`` keeps
a screenshot of each step."""

from __future__ import annotations

import datetime as dt
import io
import re
from decimal import Decimal as D

import pytest
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.browser.accounting_walk import (
    BOX_CHIPS,
    CASH,
    CHIPS_IN_BOX,
    CLOSED,
    CLOSER,
    COUPONS,
    CREDIT,
    CREDITED,
    DROP,
    FILL,
    FILLED,
    FOUND,
    HOLD,
    MARKERS,
    MINUS,
    NOTES,
    OPENED,
    OPENER,
    RECORDED,
    ROUNDS,
    SHORT,
    WIN,
    at,
    chips_row,
    clock,
    figure_lines,
    in_words,
    report_row,
    said,
    shot,
    show_report,
    sign,
    type_counts,
    typed,
    usd,
    worth,
)
from tests.browser.conftest import on_tablets, top_bar
from tests.conftest import make_user
from tests.played import NEW_YORK

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# --- The floor and the tablets -------------------------------------------------------------


@pytest.fixture
def browser_context_args(browser_context_args):
    return on_tablets(browser_context_args, "1024x768")


@pytest.fixture(autouse=True)
def _tablets_in_use_between_the_steps(settings):
    """The clock jumps hours between two steps of the walk, while on the floor each
    tablet would be in use all along: its session does not go idle here. It still ends
    a shift after its log-in (tests/test_sessions.py has the idle time)."""
    settings.SESSION_IDLE_TIMEOUT = dt.timedelta(hours=24)


@pytest.fixture
def day() -> dt.date:
    """The gaming day walked: three days before today's in New York."""
    return dt.datetime.now(NEW_YORK).date() - dt.timedelta(days=3)


@pytest.fixture
def floor(travel, day):
    """Harbor Casino (New York, USD) before the day's first shift: CS-1, an open stud
    table on the published US paytable dealt by dana_dealer, and its people."""
    from payouts.terms.services import paytable_create, paytable_publish
    from tables.floor.services import casino_create, table_assign_paytable, table_create

    travel(at(day, 5, 30))
    supervisor = make_user("sam_supervisor", "supervisor")
    dealer = make_user("dana_dealer", "dealer")
    for name, role in [("cleo_cage", "cage"), ("carl_count", "count"),
                       ("cora_count", "count"), ("alice_accountant", "accountant")]:
        make_user(name, role)
    casino = casino_create(actor=supervisor, name="Harbor Casino", currency="USD",
                           timezone="America/New_York")
    table = table_create(actor=supervisor, casino=casino, label="CS-1", game="caribbean_stud",
                         status="open", dealers=[dealer])
    paytable = paytable_publish(actor=supervisor, paytable=paytable_create(
        actor=supervisor, name="House US", variant="us", casino=casino))
    return {"table": table_assign_paytable(actor=supervisor, table=table, paytable=paytable),
            "dealer": dealer}


@pytest.fixture
def tablet(browser, browser_context_args, live_server):
    """tablet(user): a tablet of the person's own, logged in on the login page with their
    password. Its console is watched like the page fixture's: a page that breaks the
    Content-Security-Policy fails the test."""
    refused, contexts = [], []

    def log_in(user: str) -> Page:
        context = browser.new_context(**browser_context_args)
        contexts.append(context)
        page = context.new_page()
        page.on("console", lambda message: refused.append(message.text)
                if "Content Security Policy" in message.text else None)
        page.goto(f"{live_server.url}/login/")
        page.get_by_label("User name").fill(user)
        page.get_by_label("Password").fill(f"{user}-password-1")
        page.get_by_role("button", name="Log in").click()
        expect(page.locator(".who")).to_contain_text(user)
        return page

    yield log_in
    for context in contexts:
        context.close()
    assert not refused, refused


def deal(floor, travel, day, hour: int, minute: int, rounds) -> None:
    """The dealer's rounds, recorded through the service (tables.stud.services
    .stud_round_record) rather than the round form, which tests/browser
    /test_dealer_round.py walks: this story is about the chips."""
    from tables.stud.services import stud_round_record

    for body, _ in rounds:
        travel(at(day, hour, minute))
        stud_round_record(actor=floor["dealer"], table=floor["table"], **body)
        minute += 10


# --- The story ---------------------------------------------------------------------------


def test_one_shift_from_the_opener_to_the_accountants_reports(live_server, floor, tablet,
                                                              travel, day):
    # The hand arithmetic agrees with the figures typed.
    assert [worth(OPENER), worth(FILL), worth(CREDIT), worth(CLOSER)] == [
        OPENED, FILLED, CREDITED, CLOSED]
    assert worth(NOTES) + worth(BOX_CHIPS) + D(MARKERS) == DROP
    assert DROP + CREDITED - FILLED + CLOSED - OPENED == WIN
    assert sum(house for _, house in ROUNDS) == RECORDED == WIN + SHORT
    shift = f"{day:%Y-%m-%d} shift 1"
    next_day = day + dt.timedelta(days=1)

    # 1. 06:05: the supervisor opens CS-1's shift, the total shown as the chips are typed.
    travel(at(day, 6, 5))
    pit = tablet("sam_supervisor")
    top_bar(pit, "Chips")
    expect(chips_row(pit)).to_contain_text("Never opened")
    pit.get_by_role("link", name="Opener of CS-1").click()
    expect(pit.get_by_label("Gaming day")).to_have_value(day.isoformat())
    expect(pit.get_by_label("Shift")).to_have_value("1")
    type_counts(pit, "Chips", OPENER)
    expect(pit.locator("output[data-worth-of=id_chips_2_50]")).to_have_text("37.50")
    expect(pit.locator("output[data-total-of=chips]")).to_have_text(typed(OPENED))
    shot(pit, "01-supervisor-opener-typed")
    pit.get_by_role("button", name="Record the opener").click()
    said(pit, f"The opener of CS-1 for {shift} is recorded: {in_words(OPENER)}.")
    said(pit, "It is the table's first opener: there is no closer to check it against.")
    expect(chips_row(pit)).to_contain_text(f"Open {shift}")
    expect(chips_row(pit)).to_contain_text(usd(OPENED))
    shot(pit, "02-supervisor-shift-open")

    # 2. The dealer deals two rounds and signs the opener on his page.
    deal(floor, travel, day, 7, 0, ROUNDS[:2])
    travel(at(day, 7, 30))
    dealer = tablet("dana_dealer")
    to_sign = dealer.get_by_role("region", name="Slips to sign")
    opener_line = to_sign.locator("tr").filter(has_text="Opener").filter(has_text=shift)
    expect(opener_line).to_contain_text(in_words(OPENER))
    expect(opener_line).to_contain_text("dealer: waiting")
    expect(opener_line).to_contain_text(f"supervisor: sam_supervisor {clock(day, 6, 5)}")
    shot(dealer, "03-dealer-opener-to-sign")
    sign(dealer, f"the opener of CS-1 for {shift}", "dealer",
         f"The opener of CS-1 for {shift} is signed by you as dealer.")
    expect(dealer.get_by_role("region", name="Slips to sign")).to_have_count(0)

    # 3. 08:00: a fill and a credit requested; the cage issues them as slips 1 and 2.
    travel(at(day, 8, 0))
    pit.get_by_role("link", name="Fill for CS-1").click()
    type_counts(pit, "Chips", FILL)
    expect(pit.locator("output[data-total-of=chips]")).to_have_text(typed(FILLED))
    pit.get_by_role("button", name="Request the fill").click()
    said(pit, f"The fill of {usd(FILLED)} for CS-1 is requested ({in_words(FILL)})")
    pit.get_by_role("link", name="Credit from CS-1").click()
    type_counts(pit, "Chips", CREDIT)
    expect(pit.locator("output[data-total-of=chips]")).to_have_text(typed(CREDITED))
    pit.get_by_role("button", name="Request the credit").click()
    said(pit, f"The credit of {usd(CREDITED)} for CS-1 is requested ({in_words(CREDIT)})")
    expect(chips_row(pit)).to_contain_text("2 requests waiting at the cage")

    travel(at(day, 8, 20))
    cage = tablet("cleo_cage")
    requests = cage.get_by_role("region", name="Requests to issue")
    for kind, counts in (("Fill", FILL), ("Credit", CREDIT)):
        line = requests.locator("tbody tr").filter(has_text=kind)
        expect(line).to_contain_text(in_words(counts))
        expect(line).to_contain_text(f"sam_supervisor, {clock(day, 8, 0)}")
    shot(cage, "04-cage-requests")
    for number, (kind, total) in enumerate((("fill", FILLED), ("credit", CREDITED)), 1):
        cage.get_by_label(f"Runner (security) for the {kind} for CS-1").fill(
            "L. Okafor, badge 214")
        cage.get_by_role("button", name=f"Issue the {kind} for CS-1").click()
        expect(cage.get_by_role("heading", level=1)).to_have_text(
            f"{kind.title()} slip {number}")
        said(cage, f"Slip {number}, the {kind} of {usd(total)} for CS-1, is issued.")
        top_bar(cage, "Cage")
    expect(cage.get_by_role("region", name="Requests to issue")).to_contain_text(
        "No request waits for a slip.")
    cage.get_by_role("link", name="Fill 1").click()
    slip = cage.get_by_role("article")
    expect(slip.locator("dd")).to_have_text([
        "CS-1", shift, "chips from the cage to the table",
        f"sam_supervisor, {clock(day, 8, 0)}", f"cleo_cage, {clock(day, 8, 20)}",
        "L. Okafor, badge 214 (security)"])
    # Every denomination of the casino's chips, smallest first; a dash where none went.
    none = ["—", "—"]
    expect(slip.locator("tbody td")).to_have_text(
        ["$1.00", *none, "$2.50", *none, "$5.00", "40", "$200.00", "$25.00", "20", "$500.00",
         "$100.00", *none, "$500.00", *none, "$1,000.00", *none, "$5,000.00", *none])
    expect(slip.locator("tfoot")).to_contain_text(usd(FILLED))
    cage.evaluate("window.print = () => { window.printed = true; }")  # no dialog in the test
    cage.get_by_role("button", name="Print slip 1").click()
    assert cage.evaluate("window.printed") is True
    shot(cage, "05-cage-slip-1")

    # The chips arrive and leave: the dealer signs both slips, the supervisor slip 1 only.
    travel(at(day, 8, 40))
    dealer.reload()
    for number, kind, total in ((1, "fill", FILLED), (2, "credit", CREDITED)):
        sign(dealer, f"slip {number}", "dealer",
             f"Slip {number}, the {kind} of {usd(total)} for CS-1, is signed by you as dealer.")
    pit.reload()
    waiting = pit.get_by_role("region", name="Slips waiting for your signature")
    expect(waiting.locator("tbody tr")).to_have_count(2)
    expect(waiting.locator("tbody tr").filter(has_text="slip 2")).to_contain_text(
        f"dealer: dana_dealer {clock(day, 8, 40)}")
    sign(pit, "slip 1", "supervisor",
         f"Slip 1, the fill of {usd(FILLED)} for CS-1, is signed by you as supervisor.")
    expect(chips_row(pit)).to_contain_text(usd(FILLED))
    expect(chips_row(pit)).to_contain_text(usd(CREDITED))
    deal(floor, travel, day, 9, 0, ROUNDS[2:])

    # 4. 13:50: the closer is refused while slip 2 waits, then recorded.
    travel(at(day, 13, 50))
    pit.get_by_role("link", name="Closer of CS-1").click()
    waits = ("Slip 2 of this shift still waits for the supervisor's signature (or a void): "
             "sign it before closing.")
    expect(pit.get_by_role("region", name="Not yet")).to_contain_text(waits)
    type_counts(pit, "Chips", CLOSER)
    expect(pit.locator("output[data-total-of=chips]")).to_have_text(typed(CLOSED))
    pit.get_by_role("button", name="Record the closer and close the shift").click()
    refusal = pit.get_by_role("alert")
    expect(refusal).to_contain_text("Not recorded: nothing was stored")
    expect(refusal).to_contain_text(waits)
    expect(pit.get_by_label("Chips of 2.50", exact=True)).to_have_value("9")
    expect(pit.locator("output[data-total-of=chips]")).to_have_text(typed(CLOSED))
    shot(pit, "06-supervisor-closer-refused")
    pit.get_by_role("link", name="Sign on the chips page").click()
    sign(pit, "slip 2", "supervisor",
         f"Slip 2, the credit of {usd(CREDITED)} for CS-1, is signed by you as supervisor.")
    pit.get_by_role("link", name="Closer of CS-1").click()
    type_counts(pit, "Chips", CLOSER)
    pit.get_by_role("button", name="Record the closer and close the shift").click()
    said(pit, f"The closer of CS-1 for {shift} is recorded: {in_words(CLOSER)}.")
    said(pit, "Its box can be counted.")
    expect(chips_row(pit)).to_contain_text(f"Closed since {shift} (closer {usd(CLOSED)})")
    shot(pit, "07-supervisor-shift-closed")
    dealer.reload()
    sign(dealer, f"the closer of CS-1 for {shift}", "dealer",
         f"The closer of CS-1 for {shift} is signed by you as dealer.")

    # 5. Next morning, 09:00: the count team counts the box, a wrong password first.
    travel(at(next_day, 9, 0))
    count = tablet("carl_count")
    expect(count.get_by_role("heading", level=1)).to_have_text(
        f"Count room gaming day {day:%Y-%m-%d}")
    count.get_by_role("link", name="Count CS-1 shift 1").click()
    expect(count.get_by_role("heading", level=1)).to_contain_text(
        f"Count CS-1's box {shift}")
    type_counts(count, "Cash", NOTES)
    type_counts(count, "Chips", BOX_CHIPS)
    count.get_by_label("Markers").fill(MARKERS)
    count.get_by_label("Promotional coupons").fill(COUPONS)
    expect(count.locator("output[data-total-of=cash]")).to_have_text(typed(CASH))
    expect(count.locator("output[data-total-of=chips]")).to_have_text(typed(CHIPS_IN_BOX))
    expect(count.locator("output[data-drop]")).to_have_text(typed(DROP))
    count.get_by_label("Second member's user name").fill("cora_count")
    count.get_by_label("Second member's password").fill("not-coras-password")
    count.get_by_role("button", name="Record the count").click()
    refusal = count.get_by_role("alert")
    expect(refusal).to_contain_text("Not counted: nothing was stored")
    expect(refusal).to_contain_text("That is not cora_count's password.")
    expect(count.get_by_label("Cash of 20", exact=True)).to_have_value("30")
    expect(count.get_by_label("Markers")).to_have_value(MARKERS)
    expect(count.get_by_label("Second member's password")).to_have_value("")
    expect(count.locator("output[data-drop]")).to_have_text(typed(DROP))
    shot(count, "08-count-wrong-password")
    count.get_by_label("Second member's password").fill("cora_count-password-1")
    count.get_by_role("button", name="Record the count").click()
    variance_words = (f"CS-1 {shift}: counted win {usd(WIN)} against {usd(RECORDED)} "
                      f"recorded, {usd(SHORT)} short (more than $25.00).")
    said(count, f"CS-1's box for {shift} is counted: drop {usd(DROP)}. It does not match the "
                f"records: {variance_words} A supervisor explains the variance.")
    expect(count.get_by_role("region", name="Variance")).to_contain_text(
        "Waiting for a supervisor's explanation.")
    assert figure_lines(count) == {
        "Opener": usd(OPENED), "Fills": usd(FILLED), "Credits": usd(CREDITED),
        "Closer": usd(CLOSED), "Drop (as counted)": usd(DROP),
        f"Counted win drop + credits {MINUS} fills + closer {MINUS} opener": usd(WIN),
        "Recorded win the rounds recorded": usd(RECORDED),
        f"Difference counted {MINUS} recorded": usd(-SHORT)}
    counted = count.get_by_role("region", name="Counted").locator("tbody tr")
    expect(counted).to_contain_text("carl_count and cora_count")
    expect(counted).to_contain_text(in_words(NOTES))
    expect(counted).to_contain_text(f"{usd(D(MARKERS))} {usd(D(COUPONS))} {usd(DROP)}")
    shot(count, "09-count-variance")

    # 6. 09:30: the supervisor, logged in again for today's shift (yesterday's session
    # ended 12 hours after its log-in), reads the variance and explains it.
    travel(at(next_day, 9, 30))
    pit = tablet("sam_supervisor")
    top_bar(pit, "Chips")
    pit.get_by_role("region", name="Count variances waiting for an explanation") \
        .get_by_role("link", name=variance_words).click()
    expect(pit).to_have_url(re.compile(r"/pit/variances/\d+/$"))
    expect(pit.get_by_role("heading", level=2, name=variance_words)).to_be_visible()
    assert figure_lines(pit)[f"Difference counted {MINUS} recorded"] == usd(-SHORT)
    pit.get_by_label("What was found").fill(FOUND)
    shot(pit, "10-supervisor-variance")
    pit.get_by_role("button", name="Record the explanation").click()
    said(pit, "The variance is explained; it stays on record with your name.")
    explanation = pit.get_by_role("region", name="Explanation")
    expect(explanation).to_contain_text(FOUND)
    expect(explanation).to_contain_text(f"sam_supervisor, {clock(next_day, 9, 30)}")

    # 7. 10:00: the accountant reads the day's reports and prepares the PDF.
    travel(at(next_day, 10, 0))
    books = tablet("alice_accountant")
    show_report(books, "Master games", day)
    row = report_row(books, "CS-1")
    assert row["Table"] == "CS-1"  # headed in words; its id is the downloads', not the page's
    assert {name: row[name] for name in ("Gaming day", "Shift", "Drop", "Fills", "Credits",
                                         "Opener", "Closer", "Win", "Hold", "State")} == {
        "Gaming day": day.isoformat(), "Shift": "1", "Drop": f"{DROP:,}",
        "Fills": f"{FILLED:,}", "Credits": f"{CREDITED:,}", "Opener": f"{OPENED:,}",
        "Closer": f"{CLOSED:,}", "Win": f"{WIN:,}", "Hold": f"{D(HOLD) * 100:.2f}%", "State": ""}
    shot(books, "11-accountant-master-games")
    show_report(books, "Recorded against counted", day)
    row = report_row(books, "CS-1")
    assert {name: row[name] for name in ("Recorded", "Counted", "Difference", "Threshold",
                                         "Variance", "Explained by", "Explained at",
                                         "Found")} == {
        "Recorded": f"{RECORDED:,}", "Counted": f"{WIN:,}", "Difference": f"{-SHORT:,}",
        "Threshold": "25.00", "Variance": "explained", "Explained by": "sam_supervisor",
        "Explained at": at(next_day, 9, 30).isoformat(timespec="seconds"), "Found": FOUND}
    shot(books, "12-accountant-recorded-against-counted")
    show_report(books, "Master games", day)
    books.get_by_role("button", name="Prepare PDF").click()
    expect(books.locator("#export-status")).to_have_text("Ready to download")
    expect(books.locator("#export")).to_contain_text(
        f"PDF for {day} to {day}, asked at {clock(next_day, 10)}:00 (America/New_York).")
    download = books.get_by_role("link", name="Download PDF")
    expect(download).to_be_visible()
    pdf = books.request.get(live_server.url + download.get_attribute("href"))
    assert pdf.ok
    printed = PdfReader(io.BytesIO(pdf.body()))  # cells wrap: read the text as words
    words = " ".join(" ".join(page.extract_text() for page in printed.pages).split())
    assert "Master games" in words
    assert "Run by alice_accountant" in words
    for figure in (DROP, FILLED, CREDITED, OPENED, CLOSED, WIN):
        assert f"{figure:,}" in words  # as the page shows them, thousands marked
    assert f"{D(HOLD) * 100:.2f}%" in words  # the hold as a percent, as on the page
    shot(books, "13-accountant-pdf-ready")
