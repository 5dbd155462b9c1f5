"""Every money or accountability record joins a chain: the count room's boxes, the cage's
slips and signatures, the chips' inventories, the closed days' figures, the audit trail.
What the database's owner changes in them (past the append-only triggers, which he may
switch off) is found by `verify_ledgers`, named by table and record."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from casino.common import seals
from casino.common.chains import breaks
from casino.models import Seal

pytestmark = pytest.mark.django_db(transaction=True)

THE_ISSUES_KINDS = {
    "tables_boxcount", "tables_countcorrection", "tables_chiprequest", "tables_chipslip",
    "tables_chipslipsignature", "tables_chipslipvoid", "tables_inventoryslip",
    "tables_inventorysignature", "tables_discrepancy", "tables_variance",
    "tables_varianceexplanation", "payouts_hitapproval", "payouts_w2gplayer",
    "tables_closedday", "tables_studfigure", "tables_rakefigure", "tables_meterfigure",
    "tables_casinoevent", "tables_tableevent", "payouts_jackpothitevent",
    "payouts_progressiveevent", "payouts_paytableevent", "payouts_ledgercheck",
}
CHAINED_ELSEWHERE = {"tables_studround", "tables_studseat", "tables_pokerhand",
                     "payouts_meterentry", "tables_badbeatentry", "tables_recordseal"}


def test_the_books_records_are_sealed_in_one_chain_per_table(accounting_floor):
    from tables.count.models import BoxCount

    sealed = {model._meta.db_table for model in seals.sealed_models()}
    assert sealed >= THE_ISSUES_KINDS
    assert not sealed & CHAINED_ELSEWHERE
    assert seals.seal_pending() > 0
    assert Seal.objects.filter(chain="tables_boxcount").count() == BoxCount.objects.count()
    assert seals.seal_pending() == 0  # each record once
    chain = list(Seal.objects.filter(chain="tables_chipslip").order_by("id"))
    assert chain[0].prev_hash == ""
    assert [s.prev_hash for s in chain[1:]] == [s.row_hash for s in chain[:-1]]
    assert breaks() == []


def _sealed(accounting_floor):
    seals.seal_pending()
    assert breaks() == []
    return accounting_floor["ids"]


def test_a_box_counts_drop_changed_by_the_owner_is_found(accounting_floor, as_owner, capsys):
    ids = _sealed(accounting_floor)
    as_owner("UPDATE tables_boxcount SET cash_total = cash_total - 100, drop = drop - 100 "
             "WHERE id = %s", [ids["count"]], table="tables_boxcount")
    assert [(b["ledger"], b["entry"], b["broken"]) for b in breaks()] == [
        ("tables_boxcount", str(ids["count"]), "content")]
    with pytest.raises(CommandError, match="2 break"):  # the seal's, the signature's
        call_command("verify_ledgers")
    err = capsys.readouterr().err
    assert (f"The box counts: entry {ids['count']} does not match its content (altered, "
            "removed or inserted by hand).") in err
    assert f"The box count {ids['count']}: content differs from what the service" in err


def test_a_fill_total_and_a_slips_issuer_changed_by_the_owner_are_both_found(
        accounting_floor, as_owner, cage, supervisor):
    from tables.chips.models import ChipSlip

    ids = _sealed(accounting_floor)
    slip = ChipSlip.objects.get(pk=ids["slip"])
    as_owner("UPDATE tables_chiprequest SET total = total * 10 "
             "WHERE id = %s", [slip.request_id], table="tables_chiprequest")
    as_owner("UPDATE tables_chipslip SET issued_by_id = %s WHERE id = %s",
             [supervisor.pk, slip.pk], table="tables_chipslip")
    found = {(b["ledger"], b["entry"]) for b in breaks()}
    assert found == {("tables_chiprequest", str(slip.request_id)),
                     ("tables_chipslip", str(slip.pk))}


def test_a_closed_days_figure_changed_by_the_owner_is_found(accounting_floor, as_owner,
                                                          travel):
    from tables.reports.closing import close_ended_days
    from tables.reports.models import StudFigure
    from tests.played import at

    travel(at(2026, 12, 2, 12))
    assert close_ended_days() > 0
    ids = _sealed(accounting_floor)
    figure = StudFigure.objects.filter(table_id=ids["table"]).first()
    as_owner("UPDATE tables_studfigure SET win = win + 1000 "
             "WHERE id = %s", [figure.pk], table="tables_studfigure")
    assert [(b["ledger"], b["entry"]) for b in breaks()] == [
        ("tables_studfigure", str(figure.pk))]


def test_a_signature_removed_by_the_owner_is_found(accounting_floor, as_owner):
    from tables.chips.models import ChipSlipSignature

    _sealed(accounting_floor)
    signature = ChipSlipSignature.objects.order_by("id").first()
    as_owner("DELETE FROM tables_chipslipsignature WHERE id = %s", [signature.pk],
             table="tables_chipslipsignature")
    assert [(b["ledger"], b["entry"], b["broken"]) for b in breaks()] == [
        ("tables_chipslipsignature", str(signature.pk), "record (it was removed)")]
