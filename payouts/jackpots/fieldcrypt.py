"""Fields kept encrypted at rest (the W-2G TIN) with keys that live outside the database:
``settings.FIELD_ENCRYPTION_KEYS`` (casino.config), Fernet tokens (AES-128-CBC with an
HMAC-SHA256, from the ``cryptography`` library) through MultiFernet, so keys rotate: the
first key encrypts every new value, every listed key decrypts, and ``rotated`` re-encrypts
an old token under the first key (manage.py rotate_tin_keys) before a key is retired.

The database owner reads only tokens; the service holds the keys."""

from __future__ import annotations

from functools import lru_cache

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.views.decorators.debug import sensitive_variables

# Every Fernet token starts with its version byte 0x80 and a timestamp's zero high bytes:
# what a check constraint can ask of a column that must never hold the value in clear.
TOKEN_PREFIX = "gAAAAA"


class Undecryptable(Exception):
    """A token none of the configured keys opens (its key was removed too soon)."""


@lru_cache(maxsize=4)
def _cipher(keys: tuple[str, ...]) -> MultiFernet:
    return MultiFernet([Fernet(key) for key in keys])


def cipher() -> MultiFernet:
    keys = tuple(settings.FIELD_ENCRYPTION_KEYS)
    if not keys:
        raise ImproperlyConfigured(
            "FIELD_ENCRYPTION_KEYS is not set: the W-2G's TIN cannot be stored or read. Set "
            "the key (docs/configuration.md) and start the service again.")
    return _cipher(keys)


@sensitive_variables("value")
def encrypted(value: str) -> str:
    """``value`` as a token under the first key."""
    return cipher().encrypt(value.encode()).decode()


def decrypted(token: str) -> str:
    try:
        return cipher().decrypt(token.encode()).decode()
    except InvalidToken:
        raise Undecryptable("None of FIELD_ENCRYPTION_KEYS opens this value: the key that "
                            "encrypted it was removed before its values were re-encrypted "
                            "(manage.py rotate_tin_keys).") from None


def rotated(token: str) -> str:
    """The same value under the first key (a token already under it comes back new)."""
    try:
        return cipher().rotate(token.encode()).decode()
    except InvalidToken:
        raise Undecryptable("None of FIELD_ENCRYPTION_KEYS opens this value.") from None
