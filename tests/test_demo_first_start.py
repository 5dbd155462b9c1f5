"""The demo's first start (issue 44, point 22): its accounts, whose passwords the README
prints, are hashed with fewer rounds while it loads (it checks a second person's password
at every count), in the standard hasher's format, and hashed again with the settings'
own rounds at a first log-in."""

from django.contrib.auth.hashers import PBKDF2PasswordHasher, check_password, identify_hasher

from tables.management.demo_floor import DemoPasswordHasher, demo_hashing, demo_password

PBKDF2 = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]


def test_the_demo_checks_its_public_passwords_quickly_while_it_loads(settings):
    settings.PASSWORD_HASHERS = PBKDF2
    stored = demo_password("deal-cards-demo")
    assert stored.startswith(f"pbkdf2_sha256${DemoPasswordHasher.iterations}$")
    hashed_again = []
    with demo_hashing():
        assert check_password("deal-cards-demo", stored, setter=hashed_again.append)
    assert hashed_again == []


def test_a_first_log_in_hashes_a_demo_password_with_the_settings_rounds(settings):
    settings.PASSWORD_HASHERS = PBKDF2
    stored = demo_password("deal-cards-demo")
    hashed_again = []
    assert check_password("deal-cards-demo", stored, setter=hashed_again.append)
    assert hashed_again == ["deal-cards-demo"]
    assert isinstance(identify_hasher(stored), PBKDF2PasswordHasher)


def test_a_tests_quicker_hasher_is_kept(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    assert demo_password("deal-cards-demo").startswith("md5$")
