"""The W-2G TIN at rest (issue 26, point 17): encrypted with a key outside the database
(FIELD_ENCRYPTION_KEYS, Fernet through MultiFernet), shown masked everywhere but on the
W-2G itself, decrypted there only for a supervisor or an accountant of the casino where
it was won, each decryption recorded; keys rotate without losing a record."""

from __future__ import annotations

import html
import re

import pytest
from cryptography.fernet import Fernet, InvalidToken
from django.core.exceptions import ImproperlyConfigured, PermissionDenied
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction

from casino import config
from casino.common import seals
from casino.common.chains import breaks
from payouts.jackpots import fieldcrypt, tins
from payouts.jackpots.models import TinDisclosure, W2GPlayer
from tests.conftest import make_user
from tests.jackpots.conftest import W2G_PLAYER, approve

pytestmark = pytest.mark.django_db

TIN = "234567891"  # W2G_PLAYER's, typed as 234-56-7891


@pytest.fixture
def paid_w2g(supervisor, witness, w2g_hit):
    approve(supervisor, w2g_hit, player=W2G_PLAYER)
    return w2g_hit


def raw_row() -> str:
    """The W-2G row as the database's owner reads it: every column, as text."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT row_to_json(p)::text FROM payouts_w2gplayer p")
        return cursor.fetchone()[0]


def text_of(response) -> str:
    return html.unescape(re.sub(r"\s+", " ", response.content.decode()))


def test_the_row_holds_no_tin_in_the_clear(paid_w2g):
    # The player's driver's license number (NV1234567) happens to hold "23456": aside.
    row = raw_row().replace('"id_number":"NV1234567"', "")

    for clear in (TIN, "234-56-7891", "234-56", "23456"):
        assert clear not in row
    player = W2GPlayer.objects.get()
    assert player.tin_token.startswith(fieldcrypt.TOKEN_PREFIX)
    assert (player.tin_last4, player.tin_masked) == ("7891", "XXX-XX-7891")


def test_the_database_refuses_a_tin_in_the_clear(paid_w2g):
    with pytest.raises(DatabaseError, match="w2g_tin_is_encrypted"), transaction.atomic():
        W2GPlayer.objects.create(**{**{f: getattr(W2GPlayer.objects.get(), f) for f in (
            "full_name", "street", "city", "region", "postal_code", "country", "tin_kind",
            "id_kind", "id_number", "date_of_birth")}, "tin_token": TIN,
            "tin_last4": "7891", "approval_id": paid_w2g.approval.pk})


def test_the_w2g_shows_the_tin_in_full_and_records_who_saw_it(client, paid_w2g, supervisor,
                                                              accountant):
    for viewer in (supervisor, accountant):
        client.force_login(viewer)
        page = client.get(f"/pit/jackpot-hits/{paid_w2g.pk}/w2g/")

        assert page.status_code == 200
        assert "234-56-7891" in text_of(page)
        assert "no-store" in page["Cache-Control"]

    shown = list(TinDisclosure.objects.values_list("player__approval__hit", "shown_to",
                                                   flat=False))
    assert shown == [(paid_w2g.pk, supervisor.pk), (paid_w2g.pk, accountant.pk)]
    assert all(d.shown_at for d in TinDisclosure.objects.all())


def test_every_other_page_and_the_api_show_it_masked_and_record_nothing(client, api,
                                                                        paid_w2g, supervisor):
    client.force_login(supervisor)
    approval = text_of(client.get(f"/pit/jackpot-hits/{paid_w2g.pk}/approve/"))
    body = api.as_user(supervisor).get(f"/api/v1/jackpot-hits/{paid_w2g.pk}/").json()

    assert "XXX-XX-7891" in approval and "234-56-7891" not in approval  # noqa: PT018
    assert "Print the W-2G" in approval
    assert body["player"]["tin"] == "XXX-XX-7891"
    assert not TinDisclosure.objects.exists()


def test_no_one_else_sees_the_tin(client, paid_w2g, dealer, us_casino):
    from tables.floor.services import casino_create

    elsewhere = make_user("mo_mayfair", "supervisor", "accountant", at=[])
    casino_create(actor=elsewhere, name="Mayfair", currency="GBP", timezone="Europe/London")
    address = f"/pit/jackpot-hits/{paid_w2g.pk}/w2g/"

    client.force_login(dealer)
    assert client.get(address).status_code == 403
    client.force_login(elsewhere)
    assert client.get(address).status_code == 404
    with pytest.raises(PermissionDenied):
        tins.tin_disclose(actor=elsewhere, player=W2GPlayer.objects.get())
    assert not TinDisclosure.objects.exists()


def test_a_hit_without_a_w2g_has_no_w2g_page(client, supervisor, witness, plain_hit):
    approve(supervisor, plain_hit)
    client.force_login(supervisor)

    answer = client.get(f"/pit/jackpot-hits/{plain_hit.pk}/w2g/")

    assert answer.status_code == 404
    assert "There is no W-2G for this jackpot here." in text_of(answer)


def test_a_disclosure_record_is_never_changed_or_deleted(client, paid_w2g, supervisor):
    client.force_login(supervisor)
    client.get(f"/pit/jackpot-hits/{paid_w2g.pk}/w2g/")

    for statement in ("UPDATE payouts_tindisclosure SET shown_at = now()",
                      "DELETE FROM payouts_tindisclosure"):
        with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(statement)
    assert TinDisclosure.objects.count() == 1


def test_new_records_take_the_first_key_and_old_ones_still_decrypt(settings, supervisor,
                                                                  witness, w2g_hit):
    old, new = Fernet.generate_key().decode(), Fernet.generate_key().decode()
    settings.FIELD_ENCRYPTION_KEYS = (old,)
    before = fieldcrypt.encrypted(TIN)
    settings.FIELD_ENCRYPTION_KEYS = (new, old)  # the new key first: it encrypts

    approve(supervisor, w2g_hit, player=W2G_PLAYER)

    token = W2GPlayer.objects.get().tin_token
    assert Fernet(new.encode()).decrypt(token.encode()).decode() == TIN
    with pytest.raises(InvalidToken):
        Fernet(old.encode()).decrypt(token.encode())
    assert fieldcrypt.decrypted(before) == TIN
    settings.FIELD_ENCRYPTION_KEYS = (new,)  # retired too soon: said in words
    with pytest.raises(fieldcrypt.Undecryptable, match="rotate_tin_keys"):
        fieldcrypt.decrypted(before)


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("connected_as_owner")
def test_retiring_a_key_re_encrypts_every_tin_under_the_first(settings, capsys):
    from tests.jackpots.conftest import w2g_hit_committed

    old, new = Fernet.generate_key().decode(), Fernet.generate_key().decode()
    settings.FIELD_ENCRYPTION_KEYS = (old,)
    supervisor = make_user("sam_supervisor", "supervisor")
    make_user("wendy_witness", "accountant")
    approve(supervisor, w2g_hit_committed(supervisor), player=W2G_PLAYER)
    settings.FIELD_ENCRYPTION_KEYS = (new, old)
    seals.seal_pending()

    call_command("rotate_tin_keys")

    assert "1 TIN(s) now encrypted under the first key" in capsys.readouterr().out
    settings.FIELD_ENCRYPTION_KEYS = (new,)  # the old key is gone
    assert fieldcrypt.decrypted(W2GPlayer.objects.get().tin_token) == TIN
    # The same TIN under a new key: the W-2G's seal (its last four digits, not the
    # token's bytes) still holds.
    assert [b for b in breaks() if b["ledger"] == "payouts_w2gplayer"] == []


@pytest.mark.django_db(transaction=True)
def test_a_token_swapped_by_the_owner_is_refused_on_the_w2g(client, paid_w2g, supervisor,
                                                             as_owner):
    other = fieldcrypt.encrypted("345678912")  # another winner's TIN, under the same key
    as_owner("UPDATE payouts_w2gplayer SET tin_token = %s", [other], table="payouts_w2gplayer")
    client.force_login(supervisor)

    page = client.get(f"/pit/jackpot-hits/{paid_w2g.pk}/w2g/")

    assert page.status_code == 403
    assert "does not end in the four digits recorded with it (XXX-XX-7891)" in text_of(page)
    assert "345-67-8912" not in text_of(page)
    assert not TinDisclosure.objects.exists()


def test_the_service_role_cannot_rewrite_the_tins(settings, paid_w2g):
    from django.core.management.base import CommandError

    settings.FIELD_ENCRYPTION_KEYS = (Fernet.generate_key().decode(),
                                      *settings.FIELD_ENCRYPTION_KEYS)
    token = W2GPlayer.objects.get().tin_token

    with pytest.raises(CommandError, match="only the database's owner may rewrite them"):
        call_command("rotate_tin_keys")
    assert W2GPlayer.objects.get().tin_token == token


# --- The keys' configuration --------------------------------------------------------


def test_keys_are_read_comma_separated_and_a_bad_one_is_named_not_repeated(monkeypatch):
    first, second = Fernet.generate_key().decode(), Fernet.generate_key().decode()
    monkeypatch.setenv("FIELD_ENCRYPTION_KEYS", f" {first} ,{second}")
    assert config.field_encryption_keys(False) == (first, second)

    monkeypatch.setenv("FIELD_ENCRYPTION_KEYS", f"{first},not-a-key-at-all")
    with pytest.raises(ImproperlyConfigured, match="key 2 of 2 is not a Fernet key") as bad:
        config.field_encryption_keys(False)
    assert "not-a-key-at-all" not in str(bad.value)


def test_without_keys_the_development_key_serves_only_while_debug_is_on(monkeypatch):
    monkeypatch.delenv("FIELD_ENCRYPTION_KEYS", raising=False)

    assert config.field_encryption_keys(True) == (config.DEV_FIELD_ENCRYPTION_KEY,)
    assert config.field_encryption_keys(False) == ()


def test_no_tin_is_stored_without_a_key(settings, supervisor, witness, w2g_hit):
    settings.FIELD_ENCRYPTION_KEYS = ()

    with pytest.raises(ImproperlyConfigured, match="FIELD_ENCRYPTION_KEYS is not set"):
        approve(supervisor, w2g_hit, player=W2G_PLAYER)
    assert not W2GPlayer.objects.exists()
