"""API tokens end with the password that earned them."""

from __future__ import annotations

from django.utils import timezone
from knox import auth as knox_auth
from knox.signals import token_expired

# knox's private _cleanup_token is overridden below: read against this release
# (tests/test_private_internals.py; pyproject.toml pins it).
CHECKED_AGAINST = {"django-rest-knox": "5.1.0"}


def revoke_on_password_change(sender, instance, **kwargs) -> None:
    """pre_save of the user model: a new password revokes every token of the user."""
    if instance.pk is None:
        return
    from knox.models import AuthToken

    before = sender.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    if before is not None and before != instance.password:
        AuthToken.objects.filter(user=instance).delete()


class TokenAuthentication(knox_auth.TokenAuthentication):
    """knox's token check without its sweep: knox reads every token of the user on every
    request to delete the expired ones. Here a request looks at its own token only (an
    expired one is refused and deleted, as knox does); the others are swept when the user
    logs in again (sweep_expired_tokens)."""

    def _cleanup_token(self, auth_token) -> bool:
        if auth_token.expiry is not None and auth_token.expiry < timezone.now():
            auth_token.delete()
            token_expired.send(sender=type(self), username=auth_token.user.get_username(),
                               source="auth_token")
            return True
        return False


def sweep_expired_tokens(user) -> None:
    """At login: the user's expired tokens go (knox did this on every request)."""
    from knox.models import AuthToken

    AuthToken.objects.filter(user=user, expiry__lt=timezone.now()).delete()
