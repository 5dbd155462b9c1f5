"""API tokens end with the password that earned them."""

from __future__ import annotations


def revoke_on_password_change(sender, instance, **kwargs) -> None:
    """pre_save of the user model: a new password revokes every token of the user."""
    if instance.pk is None:
        return
    from knox.models import AuthToken

    before = sender.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    if before is not None and before != instance.password:
        AuthToken.objects.filter(user=instance).delete()
