"""Read and validate the service's configuration from environment variables.

Every parser raises ``ImproperlyConfigured`` with a message that names the
variable and the offending value, so a bad deployment stops at start-up
instead of failing later on the casino floor.
"""

from __future__ import annotations

import os
import re
import zoneinfo
from urllib.parse import quote, urlsplit, urlunsplit

import environ
from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name}={raw!r} is not a yes/no value: use one of 1, true, yes, on, 0, false, no, off."
    )


def env_int(name: str, default: int, *, minimum: int = 0) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number.") from None
    if value < minimum:
        raise ImproperlyConfigured(f"{name}={raw!r} must be at least {minimum}.")
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_time_zone(name: str, default: str) -> str:
    value = os.environ.get(name, default).strip()
    try:
        zoneinfo.ZoneInfo(value)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise ImproperlyConfigured(
            f"{name}={value!r} is not a known time zone (expected a name such as "
            "'America/New_York' or 'UTC')."
        ) from None
    return value


DEMO_SECRET_KEY = "insecure-local-demo-key-do-not-use-in-production-0123456789"


def secret_key(debug: bool) -> str:
    value = os.environ.get("SECRET_KEY", "")
    if value:
        if not debug and value == DEMO_SECRET_KEY:
            raise ImproperlyConfigured("SECRET_KEY is the demo's key, which is public: set "
                                       "50 or more random characters of your own.")
        if not debug and len(value) < 50:
            raise ImproperlyConfigured(
                "SECRET_KEY is too short for production: use at least 50 random characters."
            )
        return value
    if debug:
        # Good enough for a laptop demo; never used with DEBUG off.
        return DEMO_SECRET_KEY
    raise ImproperlyConfigured("SECRET_KEY is required when DEBUG is off.")


# Public, for a laptop's demo only (DEBUG on): never a casino's key (check --deploy
# refuses it, casino.E004).
DEV_FIELD_ENCRYPTION_KEY = "ZGV2ZWxvcG1lbnQta2V5LW5ldmVyLWluLXByb2R1Y3Q="


def field_encryption_keys(debug: bool) -> tuple[str, ...]:
    """FIELD_ENCRYPTION_KEYS: Fernet keys, comma-separated, the first encrypts and every
    one decrypts (a key being retired stays listed until its records are re-encrypted:
    manage.py rotate_tin_keys). Unset: the development key while DEBUG is on, none with
    DEBUG off (check --deploy then fails, and nothing encrypted can be stored)."""
    raw = os.environ.get("FIELD_ENCRYPTION_KEYS")
    if raw is None or not raw.strip():
        return (DEV_FIELD_ENCRYPTION_KEY,) if debug else ()
    keys = tuple(key.strip() for key in raw.split(",") if key.strip())
    from cryptography.fernet import Fernet

    for position, key in enumerate(keys, start=1):
        try:
            Fernet(key)
        except (ValueError, TypeError):
            # The value itself is never repeated: it is a secret.
            raise ImproperlyConfigured(
                f"FIELD_ENCRYPTION_KEYS: key {position} of {len(keys)} is not a Fernet key "
                "(32 random bytes in URL-safe base64, 44 characters, as "
                "`python -c 'from cryptography.fernet import Fernet; "
                "print(Fernet.generate_key().decode())'` makes).") from None
    if len(set(keys)) != len(keys):
        raise ImproperlyConfigured("FIELD_ENCRYPTION_KEYS names the same key twice.")
    return keys


def database_from_url(url: str) -> dict:
    try:
        config = environ.Env.db_url_config(url)
    except Exception as exc:  # django-environ raises several types for bad URLs
        raise ImproperlyConfigured(f"DATABASE_URL={redact(url)!r} is not valid: {exc}") from None
    if config.get("ENGINE") != "django.db.backends.postgresql":
        raise ImproperlyConfigured(
            f"DATABASE_URL={redact(url)!r} must point at PostgreSQL (postgres://...): "
            "the audit triggers and row locks this service relies on need it."
        )
    if not config.get("NAME"):
        raise ImproperlyConfigured(f"DATABASE_URL={redact(url)!r} names no database.")
    # Django's backend, signing each transaction's records as it commits (casino.database).
    config["ENGINE"] = "casino.database"
    return config


def database_from_environment() -> dict:
    """DATABASE_URL, required: the settings only read it. Nothing here starts a server;
    bin/demo and bin/test start the embedded one and set it (casino.embedded)."""
    url = os.environ.get("DATABASE_URL", "").strip()
    if not url:
        raise ImproperlyConfigured(
            "DATABASE_URL is unset: set it to the PostgreSQL this service uses "
            "(postgres://user:password@host:5432/name). bin/demo and bin/test start an "
            "embedded PostgreSQL and set it themselves; in a shell of your own, "
            "`export DATABASE_URL=$(python -m casino.embedded start --holder $$)` does the "
            "same (docs/configuration.md).")
    return database_from_url(url)


def replica_from_url(url: str, primary: dict) -> dict:
    """DATABASE_REPLICA_URL: the primary's connection settings with the replica's address,
    user and name; a short connect timeout, so a replica that is down costs a report two
    seconds once, then the primary answers (casino.common.replica). In tests it mirrors
    the test database (nothing is created on it)."""
    try:
        replica = database_from_url(url)
    except ImproperlyConfigured as exc:
        raise ImproperlyConfigured(str(exc).replace("DATABASE_URL", "DATABASE_REPLICA_URL",
                                                    1)) from None
    options = {**primary.get("OPTIONS", {}), **replica.get("OPTIONS", {}), "connect_timeout": 2}
    return {**primary, **replica, "OPTIONS": options, "TEST": {"MIRROR": "default"}}


def through_pgbouncer(database: dict) -> dict:
    """A database's settings for PgBouncer in transaction pooling (DATABASE_PGBOUNCER):
    no server-side cursors (an iterator's cursor would outlive its transaction, on a
    server connection another client then gets) and no startup options, which PgBouncer
    1.18 refuses (jit=off is then the role's own setting, deploy/postgres)."""
    options = {k: v for k, v in database.get("OPTIONS", {}).items() if k != "options"}
    return {**database, "DISABLE_SERVER_SIDE_CURSORS": True, "OPTIONS": options}


def redis_url(name: str) -> str | None:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return None
    parts = urlsplit(raw)
    if parts.scheme not in {"redis", "rediss"} or not parts.hostname:
        raise ImproperlyConfigured(
            f"{name}={redact(raw)!r} is not a Redis URL (expected redis://host:6379/0)."
        )
    try:
        parts.port  # noqa: B018 - evaluating it validates the port
    except ValueError:
        raise ImproperlyConfigured(f"{name}={redact(raw)!r} has an invalid port.") from None
    return raw


SENTINEL_EXAMPLE = "10.0.0.1:26379,10.0.0.2:26379,10.0.0.3:26379"
_MASTER_NAME = re.compile(r"[A-Za-z0-9._-]+")
# Only with REDIS_SENTINELS: alone, each would say Sentinel is used while it is not.
_SENTINEL_ONLY = ("REDIS_SENTINEL_MASTER", "REDIS_SENTINEL_DB", "REDIS_PASSWORD")


def redis_sentinels(name: str) -> list[tuple[str, int]]:
    """Comma-separated host:port of the Sentinels; [] when unset."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return []
    found: list[tuple[str, int]] = []
    for item in (part.strip() for part in raw.split(",")):
        parts = urlsplit(f"//{item}")
        try:
            port = parts.port
        except ValueError:
            port = None
        if not parts.hostname or not port or parts.path or parts.username or parts.query:
            raise ImproperlyConfigured(
                f"{name}={raw!r}: {item!r} is not a Sentinel's host:port (expected the "
                f"Sentinels comma-separated, as {SENTINEL_EXAMPLE}).")
        if (parts.hostname, port) in found:
            raise ImproperlyConfigured(f"{name}={raw!r} names {item} twice.")
        found.append((parts.hostname, port))
    return found


def redis_sentinel() -> dict | None:
    """REDIS_SENTINELS, and what goes with it: the master's name as the Sentinels know it
    (REDIS_SENTINEL_MASTER), the database number (REDIS_SENTINEL_DB) and the Redis
    servers' password (REDIS_PASSWORD; the Sentinels' own connections use none). None
    when REDIS_SENTINELS is unset."""
    sentinels = redis_sentinels("REDIS_SENTINELS")
    if not sentinels:
        for name in _SENTINEL_ONLY:
            if os.environ.get(name, "").strip():
                secret = name == "REDIS_PASSWORD"
                shown = "***" if secret else os.environ[name].strip()
                raise ImproperlyConfigured(
                    f"{name}={shown!r} is set but REDIS_SENTINELS is not: it only applies "
                    "to a Redis found through Sentinel. Set REDIS_SENTINELS too, or unset "
                    f"{name}" + (" (with REDIS_URL, the password goes in the URL: "
                                 "redis://:password@host:6379/0)." if secret else "."))
        return None
    master = os.environ.get("REDIS_SENTINEL_MASTER", "").strip() or "casino"
    if not _MASTER_NAME.fullmatch(master):
        raise ImproperlyConfigured(
            f"REDIS_SENTINEL_MASTER={master!r} is not a master's name as the Sentinels "
            "know it (`sentinel monitor <name> ...`): one word of letters, digits, '.', "
            "'_' or '-'.")
    return {"sentinels": sentinels, "master_name": master,
            "db": env_int("REDIS_SENTINEL_DB", 0),
            "password": os.environ.get("REDIS_PASSWORD", "") or None}


def redis_from_environment() -> dict:
    """The settings for Redis (REDIS_URL, or REDIS_SENTINELS: one of them, or neither for
    the laptop demo), as redis_settings() makes them."""
    url, sentinel = redis_url("REDIS_URL"), redis_sentinel()
    if url and sentinel:
        raise ImproperlyConfigured(
            f"REDIS_URL={redact(url)!r} and REDIS_SENTINELS="
            f"{os.environ['REDIS_SENTINELS'].strip()!r} are both set: set REDIS_URL for one "
            "Redis, or REDIS_SENTINELS for a Redis whose master the Sentinels name, not both.")
    return redis_settings(url, sentinel)


def redis_settings(url: str | None, sentinel: dict | None) -> dict:
    """Everything that reaches Redis, by its settings' names: the cache, the Celery broker
    and result backend, and what casino.common.redis_connections reads. ``REDIS_URL``
    stays the one test of "is there a Redis" (None without one); through Sentinel it is a
    description, sentinel://host:port,.../master/db, never a URL a client connects to."""
    # max_retries 0: kombu would otherwise try a lost connection again, for 4 s, before it
    # publishes; a request's publish is tried once (the sweep settles what was not sent).
    broker_options = {"visibility_timeout": 3600, "max_retries": 0}
    if sentinel is None:
        cache = ({"BACKEND": "django.core.cache.backends.redis.RedisCache",
                  "LOCATION": url, "KEY_PREFIX": "casino"} if url else
                 {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"})
        return {"REDIS_URL": url, "REDIS_SENTINEL": None, "CACHES": {"default": cache},
                "CELERY_BROKER_URL": url or "memory://",
                "CELERY_RESULT_BACKEND": url or "cache+memory://",
                "CELERY_BROKER_TRANSPORT_OPTIONS": broker_options,
                "CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS": {}}
    described = "sentinel://{}/{}/{}".format(
        ",".join(_host_port(*address) for address in sentinel["sentinels"]),
        sentinel["master_name"], sentinel["db"])
    auth = f":{quote(sentinel['password'], safe='')}@" if sentinel["password"] else ""
    # kombu's and Celery's form: a sentinel:// URL per Sentinel, separated by ';'.
    urls = ";".join(f"sentinel://{auth}{_host_port(*address)}/{sentinel['db']}"
                    for address in sentinel["sentinels"])
    # Without a timeout a Sentinel that stopped answering would hold the lookup forever.
    found_by = {"master_name": sentinel["master_name"],
                "sentinel_kwargs": {"socket_connect_timeout": 1, "socket_timeout": 2}}
    return {
        "REDIS_URL": described, "REDIS_SENTINEL": sentinel,
        # LOCATION is a list: Django would split a string at its commas into several
        # servers. The pool class finds the master through the Sentinels.
        "CACHES": {"default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": [described], "KEY_PREFIX": "casino",
            "OPTIONS": {"pool_class": "casino.common.redis_connections.SentinelPool",
                        "sentinel": sentinel}}},
        "CELERY_BROKER_URL": urls, "CELERY_RESULT_BACKEND": urls,
        "CELERY_BROKER_TRANSPORT_OPTIONS": {**broker_options, **found_by},
        "CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS": found_by,
    }


def _host_port(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def redact(url: str) -> str:
    """The URL with any password replaced, safe to print and log."""
    parts = urlsplit(url)
    if parts.password:
        netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
        return urlunsplit(parts._replace(netloc=netloc))
    return url


def anchor_keys(debug: bool, secret: str) -> dict[str, bytes]:
    """LEDGER_ANCHOR_KEYS: ``name:secret`` pairs, comma-separated, the first signing new
    anchors and every one verifying the anchors it signed (rotation: put the new key
    first, keep the old ones). Each secret is 32 or more characters, held by the service
    and never stored in the database. With DEBUG on and none set, one derived from
    SECRET_KEY; with DEBUG off it is required."""
    raw = os.environ.get("LEDGER_ANCHOR_KEYS", "").strip()
    if not raw:
        if not debug:
            raise ImproperlyConfigured(
                "LEDGER_ANCHOR_KEYS is required when DEBUG is off: the key that signs the "
                "ledgers' anchors, as name:secret (docs/deploy.md).")
        import hashlib

        return {"demo": hashlib.sha256(b"ledger anchors|" + secret.encode()).digest()}
    keys: dict[str, bytes] = {}
    for item in raw.split(","):
        name, _, value = item.strip().partition(":")
        if not name or len(value) < 32 or name in keys:
            raise ImproperlyConfigured(
                "LEDGER_ANCHOR_KEYS must list name:secret pairs, each secret 32 or more "
                f"characters and each name once (found {name or item.strip()!r}).")
        keys[name] = value.encode()
    return keys


def client_address_source(trusted_proxies: int) -> tuple[tuple[str, ...], int | None]:
    """Where the login throttle reads the client's address (django-axes hands these to
    django-ipware as AXES_IPWARE_META_PRECEDENCE_ORDER and AXES_IPWARE_PROXY_COUNT).

    No proxy (0): the connection's own address, REMOTE_ADDR; a header any client can
    write is never read. Behind ``trusted_proxies`` proxies: X-Forwarded-For only, its
    entry that many places from the right, the one the outermost proxy wrote; entries
    to its left are the client's own claims and are passed over. (django-ipware counts
    the proxies that wrote the entries after the client's, one fewer: the last proxy's
    address is REMOTE_ADDR, not an entry.)"""
    if trusted_proxies == 0:
        return ("REMOTE_ADDR",), None
    return ("HTTP_X_FORWARDED_FOR",), trusted_proxies - 1
