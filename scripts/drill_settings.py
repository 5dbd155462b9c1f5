"""The service's settings with a quick password hasher, for the tamper drill
(scripts/tamper.py): the demo it loads checks a count-team witness's password for every
box and makes seven accounts, 17 s of the real hasher's deliberate slowness that the drill,
which tests the books and not passwords, does not need. Never used in operation."""

from casino.settings import *  # noqa: F403 (the service's settings, every one of them)

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
