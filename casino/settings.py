"""Django settings, read from the environment (see docs/configuration.md).

Unset variables give a working local demo (Celery tasks run in-process, a local-memory
cache), except DATABASE_URL, which is required: bin/demo and bin/test start an embedded
PostgreSQL under var/ and set it (casino/embedded.py); the settings never start one.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

from casino import config, schedule

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("CASINO_VAR_DIR", BASE_DIR / "var"))

DEBUG = config.env_bool("DEBUG", default=True)
SECRET_KEY = config.secret_key(DEBUG)
# Keys outside the database for the fields kept encrypted (the W-2G TIN): the first
# encrypts, all decrypt (payouts.jackpots.fieldcrypt; docs/configuration.md).
FIELD_ENCRYPTION_KEYS = config.field_encryption_keys(DEBUG)
ALLOWED_HOSTS = config.env_list(
    "ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"] if DEBUG else []
)
if not DEBUG and not ALLOWED_HOSTS:
    raise config.ImproperlyConfigured(
        "ALLOWED_HOSTS must list the host names this service answers to when DEBUG is off."
    )
CSRF_TRUSTED_ORIGINS = config.env_list("CSRF_TRUSTED_ORIGINS", default=[])
CSRF_FAILURE_VIEW = "casino.views.csrf_refused"

INSTALLED_APPS = [
    "casino.apps.SupervisorAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "rest_framework",
    "rest_framework.authtoken",  # kept for its migrations; tokens are knox's
    "knox",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "pgtrigger",
    "pghistory",
    "axes",
    "casino.apps.CasinoConfig",
    "casino.house", "tables", "payouts",
    # An app per domain (decision 0001); their order is their chains' and panels' order.
    *("tables.floor", "payouts.terms", "tables.stud", "tables.poker", "tables.chips",
      "tables.count", "tables.players", "tables.comps", "tables.cardroom", "tables.offline",
      "tables.pit", "tables.reports", "tables.board", "payouts.jackpots", "payouts.analysis"),
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Before anything reads a body: one over the limit is refused by its length alone.
    "casino.common.bodies.BodyLimitMiddleware",
    # Before anything reads the query or a form: text no field may hold (NUL, a lone
    # surrogate) refused by name.
    "casino.common.text.UnstorableTextMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "casino.common.audit.AuditContextMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # After the user and messages: a session past its shift or idle ends here, said why.
    "casino.common.sessions.SessionShiftMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it answers a locked-out login with the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "casino.urls"
WSGI_APPLICATION = "casino.wsgi.application"
ASGI_APPLICATION = "casino.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "casino.context_processors.roles",
            ],
        },
    },
]

# --- Database --------------------------------------------------------------
DATABASE_APP_ROLE = os.environ.get("DATABASE_APP_ROLE", "").strip() or "casino_app"
# Required: the settings read it and start nothing (bin/demo and bin/test start the
# embedded PostgreSQL and set it; casino/embedded.py).
_database = config.database_from_environment()
_database.setdefault("CONN_MAX_AGE", config.env_int("CONN_MAX_AGE", 0))
_database["CONN_HEALTH_CHECKS"] = True
# PostgreSQL's JIT compiles a report's query for longer than the query runs (a closed
# month's rake report: 1.35 s with it, 0.23 s without, docs/benchmarks.md); the floor's
# short statements never gain from it.
_options = _database.setdefault("OPTIONS", {})
_options["options"] = f"{_options.get('options', '')} -c jit=off".strip()
_database.setdefault("TEST", {})["NAME"] = os.environ.get("TEST_DATABASE_NAME") or None
DATABASES = {"default": _database}
# The owner (whoever DATABASE_URL names when `migrate` runs) grants the application role
# what the service needs and no more (casino.common.db_roles). The service itself should
# connect as that role: in production its own DATABASE_URL names it; the demo and a
# developer's shell set DATABASE_CONNECT_AS_APP=1 to connect as it with the owner's URL.
if config.env_bool("DATABASE_CONNECT_AS_APP", False):
    _database["USER"] = DATABASE_APP_ROLE
    _database["PASSWORD"] = os.environ.get("DATABASE_APP_PASSWORD", "")
# The reading side on a streaming replica (casino.common.replica, docs/scaling.md):
# reports, their files and the PAR sheets, when DATABASE_REPLICA_URL names one. A replica
# further behind than REPLICA_MAX_LAG_SECONDS, or not answering, is passed over for the
# primary, and the page says so.
_replica_url = os.environ.get("DATABASE_REPLICA_URL", "").strip()
if _replica_url:
    DATABASES["replica"] = config.replica_from_url(_replica_url, _database)
    if config.env_bool("DATABASE_CONNECT_AS_APP", False):
        DATABASES["replica"].update(USER=_database["USER"], PASSWORD=_database["PASSWORD"])
DATABASE_ROUTERS = ["casino.common.replica.ReadingRouter"]
# Through PgBouncer in transaction pooling (DATABASE_PGBOUNCER=1; docs/scaling.md): each
# transaction may get another server connection, so nothing may outlive one. The service
# keeps nothing at the session level (the audit context, the advisory locks and SET
# CONSTRAINTS are the transaction's own); config.through_pgbouncer says what is left.
DATABASE_PGBOUNCER = config.env_bool("DATABASE_PGBOUNCER", False)
if DATABASE_PGBOUNCER:
    DATABASES = {alias: config.through_pgbouncer(db) for alias, db in DATABASES.items()}
# Server-side binding and prepared statements (DATABASE_PREPARED_STATEMENTS=1): PostgreSQL
# plans each of the floor's statements once per connection, not at every round (what it
# saves: docs/benchmarks.md). The audit context then goes as a statement of its own
# (casino.common.audit_statements). Not through PgBouncer 1.18, which cannot keep a
# prepared statement across the server connections a client's transactions get.
DATABASE_PREPARED_STATEMENTS = config.env_bool("DATABASE_PREPARED_STATEMENTS", False)
if DATABASE_PREPARED_STATEMENTS:
    if DATABASE_PGBOUNCER:
        raise config.ImproperlyConfigured(
            "DATABASE_PREPARED_STATEMENTS=1 cannot go with DATABASE_PGBOUNCER=1: PgBouncer "
            "1.18 keeps no prepared statement across its server connections. Turn one off.")
    for _prepared in DATABASES.values():
        _prepared["OPTIONS"].update(server_side_binding=True, prepare_threshold=2)
REPLICA_MAX_LAG_SECONDS = config.env_int("REPLICA_MAX_LAG_SECONDS", 30, minimum=1)
REPLICA_CHECK_SECONDS = config.env_int("REPLICA_CHECK_SECONDS", 5, minimum=0)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis, cache and Celery ----------------------------------------------
# One Redis (REDIS_URL), or one whose master the Sentinels name (REDIS_SENTINELS), or
# none: the cache, the broker and the results all use the same one, built in one place
# (config.redis_settings, which tests/test_redis_sentinel.py drives too). REDIS_URL says
# whether there is a Redis and where, for the health check and the logs.
_redis = config.redis_from_environment()
REDIS_URL = _redis["REDIS_URL"]
REDIS_SENTINEL = _redis["REDIS_SENTINEL"]  # casino.common.redis_connections
CACHES = _redis["CACHES"]
CELERY_BROKER_URL = _redis["CELERY_BROKER_URL"]
CELERY_RESULT_BACKEND = _redis["CELERY_RESULT_BACKEND"]
# visibility_timeout 3600, max_retries 0 (why: config.redis_settings); through Sentinel,
# also the master's name, which kombu and Celery ask the Sentinels for.
CELERY_BROKER_TRANSPORT_OPTIONS = _redis["CELERY_BROKER_TRANSPORT_OPTIONS"]
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = _redis["CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS"]
# Without a broker the tasks run in-process, so a laptop demo needs no Redis.
CELERY_TASK_ALWAYS_EAGER = config.env_bool("CELERY_TASK_ALWAYS_EAGER", default=REDIS_URL is None)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = 300
CELERY_TASK_SOFT_TIME_LIMIT = 240
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_RESULT_EXPIRES = timedelta(days=1)
ANCHOR_MINUTES = config.env_int("ANCHOR_MINUTES", 15, minimum=1)  # casino.common.anchors
# Queues per job and the beat's schedule: casino/schedule.py (task names only).
CELERY_TASK_ROUTES = schedule.routes()
CELERY_BEAT_SCHEDULE = schedule.beat(ANCHOR_MINUTES)

# --- Auth ------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# A log-in lasts a shift: TOKEN_HOURS (12), on the pages and the API alike.
SHIFT = timedelta(hours=config.env_int("TOKEN_HOURS", 12, minimum=1))
# API tokens (django-rest-knox): one per device, stored hashed, expiring after a shift;
# POST /api/v1/auth/logout/ revokes the one in use, changing a password revokes them all.
REST_KNOX = {
    "TOKEN_TTL": SHIFT,
    "AUTH_HEADER_PREFIX": "Token",
    "AUTO_REFRESH": False,
    "TOKEN_LIMIT_PER_USER": None,
}

# A page session (casino.common.sessions) ends a shift after its log-in, and after
# SESSION_IDLE_MINUTES (30) without a request: a dealer's tablet records every few
# minutes and a dealer's break is 20, while a supervisor's desk left for half an hour
# should not stay open to whoever passes. The cookie lasts no longer than the shift.
SESSION_COOKIE_AGE = int(SHIFT.total_seconds())
SESSION_IDLE_TIMEOUT = timedelta(minutes=config.env_int("SESSION_IDLE_MINUTES", 30,
                                                        minimum=1))

# Content-Security-Policy (django-csp): scripts, styles, images and fetches from this
# service only, no inline scripts anywhere (pages load theirs from static/js), no
# framing, forms post only here. Data blocks (json_script) are not scripts and pass.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

# Login throttling (django-axes, casino.common.throttle): AXES_FAILURE_LIMIT failures for
# one user name from one address lock that pair out (429) for AXES_COOLOFF_MINUTES, on
# the pages and the token endpoint alike; the same name from another address, and other
# names from this one, still log in. An address that fails for AXES_ADDRESS_USERNAME_LIMIT
# user names within the cool-off is locked out itself, for every name: only that
# address. A witness's password is counted apart ("NAME (as witness)"), so it never
# locks the witness's own logins. Every failure and lockout is logged. A supervisor
# unlocks in the admin (Access attempts) or with `manage.py axes_reset_username NAME`.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend",
                           "casino.common.roles.StaffBackend"]
AXES_HANDLER = "casino.common.throttle.LoginThrottle"
AXES_FAILURE_LIMIT = config.env_int("AXES_FAILURE_LIMIT", 5, minimum=1)
AXES_ADDRESS_USERNAME_LIMIT = config.env_int("AXES_ADDRESS_USERNAME_LIMIT", 10, minimum=0)
AXES_COOLOFF_TIME = timedelta(minutes=config.env_int("AXES_COOLOFF_MINUTES", 30, minimum=1))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_USERNAME_CALLABLE = "casino.common.throttle.attempt_name"
# The client's address: REMOTE_ADDR with no proxy in front (TRUSTED_PROXY_COUNT 0, the
# demo); behind the TLS proxy, the X-Forwarded-For entry the proxy wrote, read by
# django-ipware (config.client_address_source). Not strict: a proxy that appends to a
# client's own X-Forwarded-For still has its entry read, the client's passed over.
TRUSTED_PROXY_COUNT = config.env_int("TRUSTED_PROXY_COUNT", 0, minimum=0)
AXES_IPWARE_META_PRECEDENCE_ORDER, AXES_IPWARE_PROXY_COUNT = config.client_address_source(
    TRUSTED_PROXY_COUNT)
AXES_IPWARE_PROXY_ORDER = "left-most"
IPWARE_STRICT = False
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# A jackpot's witness types their password into the approval form, which axes counts like
# a login and keeps the form of (AccessAttempt.post_data): masked there, with the
# player's W-2G details (payouts.jackpots.w2g.FIELDS), besides axes' own two.
AXES_SENSITIVE_PARAMETERS = ["username", "ip_address", "witness_password", "full_name",
                             "street", "city", "region", "postal_code", "country", "tin",
                             "id_kind", "id_number", "date_of_birth"]
AXES_HTTP_RESPONSE_CODE = 429
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

# --- Internationalisation --------------------------------------------------
LANGUAGE_CODE = "en-us"
TIME_ZONE = config.env_time_zone("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

# --- Static files ----------------------------------------------------------
STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # WhiteNoise warns on every start otherwise
STATICFILES_DIRS = [BASE_DIR / "static"]
# Production serves the files collectstatic wrote (hashed names, compressed; WhiteNoise).
# The demo serves them from their folders as they are (STATIC_FROM_SOURCE, set by
# bin/demo): collecting takes minutes, at every start.
STATIC_FROM_SOURCE = DEBUG or config.env_bool("STATIC_FROM_SOURCE", default=False)
WHITENOISE_USE_FINDERS = STATIC_FROM_SOURCE
# Looked up at each request, not once at start: a file changed while serving would
# otherwise go out with its old length, and the browser wait for the rest.
WHITENOISE_AUTOREFRESH = STATIC_FROM_SOURCE
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if STATIC_FROM_SOURCE
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# --- API -------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "casino.common.tokens.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["casino.common.permissions.RoleModelPermissions"],
    # JSON only, as the contract says: a form or multipart body gets 415 in words
    # (casino.common.api), and no multipart part is ever parsed. Pages post forms.
    "DEFAULT_PARSER_CLASSES": ["casino.common.parsers.JSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 100,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "casino.common.api.exception_handler",
    "COERCE_DECIMAL_TO_STRING": True,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Casino table games back office",
    "DESCRIPTION": "Contract: docs/API.md. Money is a decimal string in the casino's currency.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Staff with a role read the schema and the docs (a page session or a token);
    # outside systems hold tokens (docs/decisions.md, issue 26).
    "SERVE_PERMISSIONS": ["casino.common.permissions.HasRole"],
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # Several models have a `status`; name each set of choices once.
    "ENUM_NAME_OVERRIDES": {
        "TableStatusEnum": "tables.floor.models.TableStatus",
        "PublicationStatusEnum": "payouts.terms.versioning.PublicationStatus",
        "JackpotHitStatusEnum": "payouts.jackpots.models.HitStatus",
        "RoleEnum": "tables.floor.serializers.ROLES",
        "CompKindEnum": "tables.comps.models.CompKind",
        "CompEntryKindEnum": "tables.comps.models.EntryKind",
    },
}

# --- Security (production) -------------------------------------------------
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
# The largest body any page or API request takes is a few kilobytes; one longer than
# this is refused by its Content-Length before it is read (casino.common.bodies).
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440  # 2.5 MB, Django's own default, named
# Permissions-Policy (django-permissions-policy): no page uses a camera, microphone,
# location, payment, USB or any device or sensor API (static/js), so every response
# denies them all, to the pages and to anything a page might ever embed. Only features
# Chromium knows on every platform: it reports an unknown one on each page's console
# (bluetooth and web-share are unknown on Linux; tests/browser/conftest.py watches).
PERMISSIONS_POLICY = {feature: [] for feature in [
    "accelerometer", "autoplay", "camera", "display-capture", "encrypted-media",
    "fullscreen", "gamepad", "geolocation", "gyroscope", "hid", "idle-detection",
    "local-fonts", "magnetometer", "microphone", "midi", "payment", "picture-in-picture",
    "publickey-credentials-get", "screen-wake-lock", "serial", "usb", "window-management",
    "xr-spatial-tracking"]}
if not DEBUG:
    # Trusted only behind a proxy the deployment names (TRUSTED_PROXY_COUNT): the proxy
    # overwrites the header (deploy/nginx), and nothing else reaches the service.
    if TRUSTED_PROXY_COUNT:
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = config.env_bool("SECURE_SSL_REDIRECT", default=True)
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    # Off only where the service answers plain HTTP on the machine it runs on (bin/demo):
    # a browser would not send a Secure cookie back there, so nobody could log in.
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = config.env_bool("SECURE_COOKIES", default=True)
    SECURE_HSTS_SECONDS = config.env_int("SECURE_HSTS_SECONDS", 31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = config.env_bool("SECURE_HSTS_PRELOAD", default=True)
    SECURE_CONTENT_TYPE_NOSNIFF = True

# --- Ledger anchors (casino.common.anchors, docs/reliability.md) ---------------
# The heads of every hash chain, signed with a key the database never holds and written to
# an append-only file outside PostgreSQL: every ANCHOR_MINUTES (the beat, above), at each
# gaming day's close and by `manage.py anchor_ledgers`.
LEDGER_ANCHOR_KEYS = config.anchor_keys(DEBUG, SECRET_KEY)
LEDGER_ANCHOR_FILE = Path(os.environ.get("LEDGER_ANCHOR_FILE", "").strip()
                          or VAR_DIR / "anchors" / "ledger-anchors.jsonl")
# A second place for each anchor, the file's high-water mark (casino.common.anchor_copies):
# the system log (on unless ANCHOR_SYSLOG=0) and, when set, an endpoint that keeps what it
# is POSTed (a WORM bucket, a transparency log). `verify_ledgers --against <copy>`.
ANCHOR_SYSLOG = config.env_bool("ANCHOR_SYSLOG", True)
ANCHOR_COPY_URL = os.environ.get("ANCHOR_COPY_URL", "").strip()

# --- Messages to players (casino.common.notify): a call for a seat ---------------
NOTIFY_BACKEND = os.environ.get("NOTIFY_BACKEND", "").strip() or "casino.common.notify.LogBackend"
NOTIFY_WEBHOOK_URL = os.environ.get("NOTIFY_WEBHOOK_URL", "").strip()
NOTIFY_WEBHOOK_TOKEN = os.environ.get("NOTIFY_WEBHOOK_TOKEN", "").strip()

# A round or hand a dealer's tablet queued offline longer than this waits for a
# supervisor's confirmation (tables.floor.dealt).
QUEUED_ENTRY_MAX_AGE_MINUTES = config.env_int("QUEUED_ENTRY_MAX_AGE_MINUTES", 120)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
