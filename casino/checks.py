"""Deployment checks of our own (``manage.py check --deploy``): what the demo leaves
behind must never reach a casino's production service. The apps register their own (the
demo's users: tables.checks)."""

from __future__ import annotations

from django.conf import settings
from django.core.checks import Error, Tags, register
from django.db import DatabaseError

from casino.config import DEMO_SECRET_KEY, DEV_FIELD_ENCRYPTION_KEY


@register(Tags.security, deploy=True)
def demo_secret_key(app_configs, **kwargs):
    if settings.SECRET_KEY == DEMO_SECRET_KEY:
        return [Error("SECRET_KEY is the demo's key, which is public.",
                      hint="Set SECRET_KEY to 50 or more random characters.",
                      id="casino.E001")]
    return []


@register(Tags.security, deploy=True)
def field_encryption_keys(app_configs, **kwargs):
    """The W-2G TIN is encrypted with keys kept outside the database: none, or the
    development key (public, in the code), is no protection."""
    keys = settings.FIELD_ENCRYPTION_KEYS
    if not keys:
        return [Error("FIELD_ENCRYPTION_KEYS is not set: a W-2G's TIN cannot be stored "
                      "encrypted, so no W-2G award can be approved.",
                      hint="Set FIELD_ENCRYPTION_KEYS to a key of your own "
                           "(docs/configuration.md), kept outside the database.",
                      id="casino.E004")]
    if DEV_FIELD_ENCRYPTION_KEY in keys:
        return [Error("FIELD_ENCRYPTION_KEYS holds the development key, which is public.",
                      hint="Use keys of your own; re-encrypt what the development key "
                           "encrypted (manage.py rotate_tin_keys) before removing it.",
                      id="casino.E004")]
    return []


@register(Tags.database, deploy=True)
def connects_as_application_role(app_configs, databases=None, **kwargs):
    """The guards of casino.common.db_roles hold only if the service is not the owner.
    Runs with ``check --deploy --database default``."""
    from django.db import connection

    if not databases:
        return []
    try:
        with connection.cursor() as cursor:
            cursor.execute("""SELECT current_user, rolsuper,
                                     EXISTS (SELECT 1 FROM pg_tables
                                              WHERE schemaname = 'public'
                                                AND tableowner = current_user)
                                FROM pg_roles WHERE rolname = current_user""")
            user, superuser, owner = cursor.fetchone()
    except DatabaseError:
        return []
    if not (superuser or owner):
        return []
    what = "a superuser" if superuser else "the owner of the tables"
    return [Error(f"The service connects to PostgreSQL as '{user}', {what}: it could switch "
                  "off every trigger that keeps records unaltered.",
                  hint=f"Connect as the application role '{settings.DATABASE_APP_ROLE}' "
                       "(DATABASE_URL) and run only migrate as the owner; docs/deploy.md.",
                  id="casino.E003")]


@register(Tags.database, deploy=True)
def guards_as_migrated(app_configs, databases=None, **kwargs):
    """The database's guards (triggers, functions, rules, the role's grants) as the
    migrations install them (casino.common.shape). Runs with ``--database default``."""
    from casino.common import shape

    if not databases:
        return []
    try:
        found = shape.differences()
    except DatabaseError:
        return []
    return [Error(f"The database's guards differ from what the migrations install: {each}.",
                  hint="Someone with the owner's rights changed them; restore them (migrate, "
                       "db_roles) and run verify_ledgers (docs/deploy.md).",
                  id="casino.E006") for each in found]


@register(Tags.staticfiles, deploy=True)
def static_files_collected(app_configs, **kwargs):
    """With DEBUG off the pages name their files by the hashes `collectstatic` wrote in its
    manifest; without the manifest every page that names one answers 500. The demo serves
    the files from their folders (STATIC_FROM_SOURCE) and needs none."""
    from django.contrib.staticfiles.storage import ManifestFilesMixin
    from django.contrib.staticfiles.storage import staticfiles_storage as storage

    if not isinstance(storage, ManifestFilesMixin):  # the lazy storage says its class
        return []
    if storage.manifest_storage.exists(storage.manifest_name):
        return []
    return [Error(f"The static files were not collected: {settings.STATIC_ROOT} has no "
                  f"{storage.manifest_name}, so every page would answer 500 (server error).",
                  hint="Run `python manage.py collectstatic --noinput` with the service's "
                       "settings before starting it (the image does it when it is built; "
                       "docs/deploy.md, \"Static files\").",
                  id="casino.E005")]
