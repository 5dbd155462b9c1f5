"""Settings come from the environment; a bad value stops start-up naming the variable."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from casino import config

ROOT = Path(__file__).resolve().parent.parent
GOOD_SECRET = "s3cr3t-" * 10
GOOD_ANCHOR_KEYS = "2026-12:" + "a7" * 20
GOOD_FIELD_KEY = "Zm9yLXRlc3RzLW9ubHktMzItYnl0ZXMtb2Yta2V5ISE="  # 32 bytes, base64


@pytest.mark.parametrize(("raw", "expected"), [("1", True), ("yes", True), ("off", False),
                                               ("0", False), ("TRUE", True)])
def test_yes_no_values_are_understood(monkeypatch, raw, expected):
    monkeypatch.setenv("DEBUG", raw)
    assert config.env_bool("DEBUG", default=not expected) is expected


def test_a_yes_no_value_that_is_neither_is_refused(monkeypatch):
    monkeypatch.setenv("DEBUG", "maybe")
    with pytest.raises(ImproperlyConfigured, match=r"DEBUG='maybe' is not a yes/no value"):
        config.env_bool("DEBUG", default=False)


def test_an_unknown_time_zone_is_refused(monkeypatch):
    monkeypatch.setenv("TIME_ZONE", "Mars/Olympus")
    with pytest.raises(ImproperlyConfigured, match=r"TIME_ZONE='Mars/Olympus'"):
        config.env_time_zone("TIME_ZONE", "UTC")


def test_secret_key_is_required_with_debug_off(monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY is required when DEBUG is off"):
        config.secret_key(debug=False)


def test_a_short_secret_key_is_refused_in_production(monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "short")
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY is too short"):
        config.secret_key(debug=False)


def test_a_database_url_for_another_engine_is_refused():
    with pytest.raises(ImproperlyConfigured, match="must point at PostgreSQL"):
        config.database_from_url("mysql://root@localhost/casino")


@pytest.mark.filterwarnings("ignore:Engine not recognized")
def test_a_malformed_database_url_is_refused():
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL="):
        config.database_from_url("not a url at all")


def test_a_postgres_database_url_is_parsed():
    parsed = config.database_from_url("postgres://app:pw@db.internal:5433/casino")
    assert parsed["ENGINE"] == "casino.database"
    assert (parsed["HOST"], parsed["PORT"], parsed["NAME"]) == ("db.internal", 5433, "casino")


def test_a_redis_url_must_be_redis(monkeypatch):
    monkeypatch.setenv("REDIS_URL", "http://cache:6379")
    with pytest.raises(ImproperlyConfigured, match=r"REDIS_URL='http://cache:6379'"):
        config.redis_url("REDIS_URL")


def test_passwords_are_redacted_in_messages():
    assert config.redact("redis://:hunter2@cache:6379/0") == "redis://:***@cache:6379/0"


def _django_check(env_changes: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    from django.conf import settings

    db = settings.DATABASES["default"]
    env = {**os.environ, "DATABASE_URL": _url_of(db)}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # set for Playwright; deploy check flags it
    env.update(env_changes)
    return subprocess.run(
        [sys.executable, "manage.py", "check", *args], cwd=ROOT, env=env,
        capture_output=True, text=True, timeout=120, check=False,
    )


def _url_of(db: dict) -> str:
    host = db["HOST"] or "localhost"
    if host.startswith("/"):
        return f"postgres://{db['USER']}@/{db['NAME']}?host={host}&port={db['PORT']}"
    return f"postgres://{db['USER']}@{host}:{db['PORT'] or 5432}/{db['NAME']}"


def test_start_up_stops_on_a_bad_variable_and_names_it():
    result = _django_check({"DEBUG": "0", "SECRET_KEY": "", "ALLOWED_HOSTS": "casino.example"})

    assert result.returncode != 0
    assert "SECRET_KEY is required when DEBUG is off" in result.stderr


def test_deploy_check_is_clean_with_production_like_values(tmp_path):
    # As after collectstatic (its manifest: tests/test_static_collected.py, casino.E005).
    (tmp_path / "static").mkdir()
    (tmp_path / "static" / "staticfiles.json").write_text('{"paths": {}, "version": "1.1"}')
    result = _django_check(
        {"DEBUG": "0", "SECRET_KEY": GOOD_SECRET, "ALLOWED_HOSTS": "casino.example",
         "LEDGER_ANCHOR_KEYS": GOOD_ANCHOR_KEYS,
         "FIELD_ENCRYPTION_KEYS": GOOD_FIELD_KEY, "CASINO_VAR_DIR": str(tmp_path)},
        "--deploy", "--fail-level", "WARNING",
    )

    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


@pytest.mark.parametrize("keys", ["", config.DEV_FIELD_ENCRYPTION_KEY])
def test_deploy_check_fails_without_a_field_key_of_ones_own(keys):
    result = _django_check(
        {"DEBUG": "0", "SECRET_KEY": GOOD_SECRET, "ALLOWED_HOSTS": "casino.example",
         "LEDGER_ANCHOR_KEYS": GOOD_ANCHOR_KEYS, "FIELD_ENCRYPTION_KEYS": keys},
        "--deploy", "--fail-level", "WARNING",
    )

    assert result.returncode != 0
    assert "casino.E004" in result.stderr
    assert "FIELD_ENCRYPTION_KEYS" in result.stderr


def test_a_bad_field_key_stops_start_up_and_is_named():
    result = _django_check({"DEBUG": "0", "SECRET_KEY": GOOD_SECRET,
                            "ALLOWED_HOSTS": "casino.example",
                            "FIELD_ENCRYPTION_KEYS": "too-short"})

    assert result.returncode != 0
    assert "FIELD_ENCRYPTION_KEYS: key 1 of 1 is not a Fernet key" in result.stderr
    assert "too-short" not in result.stderr


def test_the_demo_key_is_refused_with_debug_off():
    with pytest.raises(ImproperlyConfigured, match="the demo's key, which is public"):
        _secret_from({"SECRET_KEY": config.DEMO_SECRET_KEY})


def _secret_from(env: dict) -> str:
    before = os.environ.get("SECRET_KEY")
    os.environ.update(env)
    try:
        return config.secret_key(False)
    finally:
        if before is None:
            os.environ.pop("SECRET_KEY")
        else:
            os.environ["SECRET_KEY"] = before


@pytest.mark.django_db(transaction=True)
def test_deploy_check_fails_while_a_demo_user_keeps_the_demo_password(settings):
    from django.contrib.auth.models import User

    from tables.management.commands.load_demo import DEMO_USERS

    # The hasher production uses, so the check's own process can read the hash.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    User.objects.create_user("dealer", password=DEMO_USERS["dealer"][1])
    result = _django_check(
        {"DEBUG": "0", "SECRET_KEY": GOOD_SECRET, "ALLOWED_HOSTS": "casino.example",
         "LEDGER_ANCHOR_KEYS": GOOD_ANCHOR_KEYS,
         "FIELD_ENCRYPTION_KEYS": GOOD_FIELD_KEY},
        "--deploy", "--fail-level", "WARNING",
    )
    assert result.returncode != 0
    assert "casino.E002" in result.stderr
    assert "The user 'dealer' still has the demo password" in result.stderr


@pytest.mark.django_db
def test_the_demo_refuses_to_load_with_debug_off_unless_told(settings):
    from django.core.management import CommandError, call_command

    settings.DEBUG = False
    with pytest.raises(CommandError, match="DEBUG is off, so this looks like a production"):
        call_command("load_demo", history_days=0)


def test_start_up_stops_without_a_key_to_sign_the_ledgers_anchors():
    result = _django_check({"DEBUG": "0", "SECRET_KEY": GOOD_SECRET,
                            "ALLOWED_HOSTS": "casino.example", "LEDGER_ANCHOR_KEYS": ""})

    assert result.returncode != 0
    assert "LEDGER_ANCHOR_KEYS is required when DEBUG is off" in result.stderr


@pytest.mark.parametrize(("raw", "expected"), [
    ("new:" + "n" * 32 + ", old:" + "o" * 40, {"new": b"n" * 32, "old": b"o" * 40}),
    ("short:abc", "found 'short'"),
    ("k:" + "x" * 32 + ",k:" + "y" * 32, "found 'k'"),
    (":" + "x" * 40, "found ':"),
])
def test_anchor_keys_are_name_secret_pairs_the_first_signing(monkeypatch, raw, expected):
    monkeypatch.setenv("LEDGER_ANCHOR_KEYS", raw)
    if isinstance(expected, dict):
        keys = config.anchor_keys(False, GOOD_SECRET)
        assert keys == expected
        assert next(iter(keys)) == "new"
    else:
        with pytest.raises(ImproperlyConfigured, match=expected):
            config.anchor_keys(False, GOOD_SECRET)


def test_the_client_address_is_read_from_a_header_only_behind_a_named_proxy():
    assert config.client_address_source(0) == (("REMOTE_ADDR",), None)
    assert config.client_address_source(1) == (("HTTP_X_FORWARDED_FOR",), 0)
    assert config.client_address_source(2) == (("HTTP_X_FORWARDED_FOR",), 1)


@pytest.mark.parametrize(("variable", "raw", "said"), [
    ("TRUSTED_PROXY_COUNT", "one", "TRUSTED_PROXY_COUNT='one' is not a whole number."),
    ("TRUSTED_PROXY_COUNT", "-1", "TRUSTED_PROXY_COUNT='-1' must be at least 0."),
    ("SESSION_IDLE_MINUTES", "0", "SESSION_IDLE_MINUTES='0' must be at least 1."),
    ("AXES_ADDRESS_USERNAME_LIMIT", "many", "AXES_ADDRESS_USERNAME_LIMIT='many' is not a "
                                            "whole number."),
])
def test_a_bad_proxy_count_idle_time_or_address_limit_stops_start_up(variable, raw, said):
    result = _django_check({variable: raw})

    assert result.returncode != 0
    assert said in result.stderr


def _setting_with(env_changes: dict[str, str], name: str) -> str:
    from django.conf import settings

    env = {**os.environ, "DATABASE_URL": _url_of(settings.DATABASES["default"]), **env_changes}
    return subprocess.run(
        [sys.executable, "manage.py", "shell", "-c",
         f"from django.conf import settings; print(getattr(settings, {name!r}, None))"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=True,
    ).stdout.strip().splitlines()[-1]


def test_x_forwarded_proto_is_trusted_only_behind_a_named_proxy():
    production = {"DEBUG": "0", "SECRET_KEY": GOOD_SECRET, "ALLOWED_HOSTS": "casino.example",
                  "LEDGER_ANCHOR_KEYS": GOOD_ANCHOR_KEYS}

    assert _setting_with(production, "SECURE_PROXY_SSL_HEADER") == "None"
    assert _setting_with({**production, "TRUSTED_PROXY_COUNT": "1"},
                         "SECURE_PROXY_SSL_HEADER") == "('HTTP_X_FORWARDED_PROTO', 'https')"
