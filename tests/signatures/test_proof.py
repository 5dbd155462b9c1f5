"""The service signs every record it writes, with a key the database never holds, and the
proof checks them in Python (issue 45). Each test tampers as the database's owner, on his
own connection (his own transaction), the way the issue's audit did: with the triggers
on or off, or with the database's own checking functions replaced by liars."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection

from casino.common import proof, shape, signing, verification
from casino.common.chains import breaks
from casino.models import Signature
from tables.comps.models import CompAccount, CompEntry

pytestmark = pytest.mark.django_db(transaction=True)


def last_signed(table: str, record) -> str:
    signature = Signature.objects.filter(record_table=table, record=str(record)).latest("id")
    return f"{signature.signed_at:%Y-%m-%d %H:%M}"


def found(entry: str | None = None) -> list[str]:
    """The proof's sentences (about one record, when named)."""
    return [b["sentence"] for b in proof.breaks() if entry is None or b["entry"] == entry]


def test_every_record_the_service_writes_is_signed_and_the_books_verify(rated):
    entry = CompEntry.objects.get()
    signature = Signature.objects.get(record_table="tables_compentry", record=str(entry.pk))
    assert signature.key == next(iter(signing.keys()))
    assert signature.chain.startswith("tables_compentry/")
    with connection.cursor() as cursor:
        for table, signed in signing.signed_tables().items():
            cursor.execute(f'SELECT count(*) FROM "{table}" t WHERE NOT EXISTS (SELECT 1 '
                           f'FROM casino_signature s WHERE s.record_table = %s AND '
                           f's.record = t."{signed.key}"::text)', [table])
            assert cursor.fetchone()[0] == 0, table
    assert proof.breaks() == []
    assert verification.breaks() == []


def test_a_comp_account_moved_to_another_casino_or_given_to_another_player_is_found(
        rated, owner_sql, supervisor):
    from tables.floor.services import casino_create
    from tables.players import services as players

    mayfair = casino_create(actor=supervisor, name="Mayfair", currency="GBP",
                            timezone="Europe/London")
    tom = players.player_create(actor=supervisor, card="10077", name="Tom Hale", tier="gold")
    account = CompAccount.objects.get()
    owner_sql("UPDATE tables_compaccount SET casino_id = %s WHERE id = %s",
              [mayfair.pk, account.pk])
    assert found(f"tables_compaccount {account.pk}") == [
        f"The comp account {account.pk}: content differs from what the service signed on "
        f"{last_signed('tables_compaccount', account.pk)} UTC (changed in the database, by "
        "hand)."]
    owner_sql("UPDATE tables_compaccount SET casino_id = %s, player_id = %s WHERE id = %s",
              [account.casino_id, tom.pk, account.pk])
    assert len(found(f"tables_compaccount {account.pk}")) == 1
    owner_sql("UPDATE tables_compaccount SET player_id = %s WHERE id = %s",
              [account.player_id, account.pk])
    assert found() == []


def test_a_comp_earning_forged_with_the_triggers_on_is_refused_or_carries_no_signature(
        rated, owner_sql):
    import psycopg

    entry = CompEntry.objects.get()
    columns = [c for (c,) in owner_sql(
        "SELECT column_name FROM information_schema.columns WHERE table_name = "
        "'tables_compentry' AND column_name NOT IN ('id', 'prev_hash', 'row_hash') "
        "ORDER BY ordinal_position")]
    chosen = ", ".join(columns)
    picked = ", ".join("1000" if c == "amount" else
                       "balance_after + 1000" if c == "balance_after" else c for c in columns)
    # The owner's own transaction: the database hashes his row into the chain, and the
    # balance moves with it, as the deferred check wants.
    forge = (f"BEGIN; INSERT INTO tables_compentry ({chosen}) SELECT {picked} FROM "
             f"tables_compentry WHERE id = {entry.pk}; UPDATE tables_compaccount SET "
             f"balance = balance + 1000 WHERE id = {entry.account_id}; COMMIT")
    with pytest.raises(psycopg.errors.UniqueViolation, match="a_figures_revision_earns_once"):
        owner_sql(forge)  # the same figures earn once
    owner_sql("ROLLBACK")
    [(index,)] = owner_sql("SELECT pg_get_indexdef('a_figures_revision_earns_once'::regclass)")
    owner_sql("DROP INDEX a_figures_revision_earns_once")
    try:
        owner_sql(forge)
        forged = CompEntry.objects.latest("id")
        assert forged.figures_id == entry.figures_id
        assert breaks() == []  # the database's own chain cannot tell
        assert found(f"tables_compentry {forged.pk}") == [
            f"The comp entry {forged.pk}: no signature of the service: written or changed "
            "outside it (in the database, by hand)."]
        assert len(found(f"tables_compaccount {entry.account_id}")) == 1
        assert "rule a_figures_revision_earns_once dropped on tables_compentry" in \
            shape.differences()
    finally:
        owner_sql("ALTER TABLE tables_compentry DISABLE TRIGGER USER")
        owner_sql("DELETE FROM tables_compentry WHERE id > %s", [entry.pk])
        owner_sql("ALTER TABLE tables_compentry ENABLE TRIGGER USER")
        owner_sql(index)


def test_the_audit_trails_who_rewritten_is_found_at_once(rated, owner_sql):
    [(context, )] = owner_sql("SELECT id FROM pghistory_context ORDER BY created_at DESC "
                              "LIMIT 1")
    owner_sql("UPDATE pghistory_context SET metadata = metadata || '{\"user\": 1}'::jsonb "
              "WHERE id = %s", [context])
    assert len(found(f"pghistory_context {context}")) == 1


def test_a_supervisors_password_hash_replaced_by_a_dealers_is_found(supervisor, dealer,
                                                                   owner_sql):
    owner_sql("UPDATE auth_user SET password = (SELECT password FROM auth_user WHERE id = %s)"
              " WHERE id = %s", [dealer.pk, supervisor.pk])
    assert found(f"auth_user {supervisor.pk}") == [
        f"The user {supervisor.pk}: content differs from what the service signed on "
        f"{last_signed('auth_user', supervisor.pk)} UTC (changed in the database, by hand)."]


def test_a_password_changed_through_the_service_is_signed_again(supervisor):
    before = Signature.objects.filter(record_table="auth_user", record=str(supervisor.pk))
    count = before.count()
    supervisor.set_password("a-new-password-for-the-pit")
    supervisor.save()  # outside any transaction: the backend gives it one, and signs it
    assert before.count() == count + 1
    assert found() == []
    User.objects.filter(pk=supervisor.pk).update(last_login=None)  # not what is signed
    assert found() == []


def test_a_signature_removed_or_forged_breaks_its_chain(rated, owner_sql):
    entry = CompEntry.objects.get()
    signature = Signature.objects.get(record_table="tables_compentry", record=str(entry.pk))
    owner_sql("ALTER TABLE casino_signature DISABLE TRIGGER USER")
    try:
        owner_sql("UPDATE casino_signature SET digest = repeat('0', 64) WHERE id = %s",
                  [signature.pk])
        assert (f"The comp entry {entry.pk}, its signature {signature.chain} "
                f"#{signature.seq}: signature: it is not the service's (forged or altered)."
                ) in found()
        owner_sql("DELETE FROM casino_signature WHERE id = %s", [signature.pk])
        assert f"The comp entry {entry.pk}: no signature of the service: written or changed " \
               "outside it (in the database, by hand)." in found()
    finally:
        owner_sql("ALTER TABLE casino_signature ENABLE TRIGGER USER")


SEALING_FUNCTIONS = [
    "casino_record_text", "casino_seal_content", "casino_seal_pending", "payouts_chain_hash",
    "payouts_meterentry_chain", "payouts_meterentry_content", "tables_badbeatentry_chain",
    "tables_badbeatentry_content", "tables_compentry_chain", "tables_compentry_content",
    "tables_record_content", "tables_recordseal_content", "tables_seal", "tables_seal_record"]


def _liar(owner_sql, name: str) -> str:
    """Replace ``name`` by a function of the same signature that says whatever suits the
    owner (an empty text, nothing sealed); returns its true definition."""
    [(arguments, result, definition)] = owner_sql(
        "SELECT pg_get_function_arguments(p.oid), "
        "pg_get_function_result(p.oid), pg_get_functiondef(p.oid) FROM pg_proc p "
        "WHERE p.proname = %s", [name])
    said = {"trigger": "NEW", "void": "", "integer": "0", "text": "''"}[result]
    owner_sql(f"CREATE OR REPLACE FUNCTION {name}({arguments}) RETURNS {result} "
              f"LANGUAGE plpgsql AS $$ BEGIN RETURN {said}; END $$")
    return definition


def test_each_sealing_function_replaced_by_a_liar_still_leaves_the_tampered_row_found(
        rated, owner_sql):
    entry = CompEntry.objects.get()
    owner_sql("ALTER TABLE tables_compentry DISABLE TRIGGER USER")
    owner_sql("UPDATE tables_compentry SET amount = amount + 50, "
              "balance_after = balance_after + 50 WHERE id = %s", [entry.pk])
    owner_sql("ALTER TABLE tables_compentry ENABLE TRIGGER USER")
    owner_sql("UPDATE tables_compaccount SET balance = balance + 50")
    tampered = f"The comp entry {entry.pk}: content differs from what the service signed"
    true_definitions = []
    try:
        for name in SEALING_FUNCTIONS:
            true_definitions.append(_liar(owner_sql, name))
            sentences = [each for each in found() if each.startswith(tampered)]
            assert len(sentences) == 1, name
        # verify_ledgers itself: the database's own checks cannot run on liars, and say
        # so; the signatures still name the row.
        every = [b.get("sentence") or b["broken"] for b in verification.breaks()]
        assert any(each.startswith(tampered) for each in every)
    finally:
        for definition in true_definitions:
            owner_sql(definition.replace("%", "%%"))  # its own RAISE '%' placeholders
