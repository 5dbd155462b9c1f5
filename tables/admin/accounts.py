"""Who logs in, in the admin: users' accounts (tables.floor.accounts: a supervisor sees his
casinos' staff and changes those he could have made; flags and permissions are a
superuser's), the login throttle's records (a supervisor's casinos' user names only), and
what supervisors have no business with, taken out: the role groups (kept by migrations
and sync_roles), API tokens (a password change or deactivation ends them)."""

from __future__ import annotations

from axes import admin as axes_admin
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db.models import Exists, OuterRef
from knox.models import AuthToken
from rest_framework.authtoken.models import TokenProxy

from casino.common.roles import Role, grantable_roles
from casino.house.staff import casinos_of
from tables.admin.scoping import ScopedAdmin
from tables.floor import accounts
from tables.floor.selectors import users_visible_to

User = get_user_model()
for model in (Group, TokenProxy, AuthToken):
    if admin.site.is_registered(model):
        admin.site.unregister(model)
admin.site.unregister(User)


class AccountForm(forms.ModelForm):
    """The account's own fields, and what the services take beside them."""

    role_names = forms.MultipleChoiceField(label="Roles", required=False,
                                           widget=forms.CheckboxSelectMultiple)
    casino_list = forms.ModelMultipleChoiceField(label="Casinos", queryset=None,
                                                 widget=forms.CheckboxSelectMultiple)
    new_password = forms.CharField(label="New password", required=False, strip=False,
                                   widget=forms.PasswordInput(render_value=False),
                                   help_text="Leave empty to keep the password.")
    # The form's field name to the service's argument.
    SERVICE_NAMES = {"role_names": "roles", "casino_list": "casinos",
                     "new_password": "password", "user_permissions": "permissions"}

    class Meta:
        model = User
        fields = ["username", "first_name", "last_name", "is_active"]

    def clean(self):
        """The services' checks of a new account or password, beside the form's own."""
        data = super().clean()
        password = data.get("new_password", "")
        if self.instance.pk is None:
            problems = accounts.account_problems(
                username=data.get("username", ""), password=password, noun="user",
                first_name=data.get("first_name", ""), last_name=data.get("last_name", ""))
        else:
            problems = accounts.password_problems(self.instance, password, noun="user") \
                if password else {}
        for field, lines in problems.items():
            field = "new_password" if field == "password" else field
            if field in self.fields and field not in self.errors:
                for line in lines:
                    self.add_error(field, line)
        return data


@admin.register(User)
class AccountAdmin(ScopedAdmin):
    form = AccountForm
    list_display = ["username", "first_name", "last_name", "is_active", "roles", "works_at"]
    list_filter = ["is_active"]
    search_fields = ["username", "first_name", "last_name"]
    ordering = ["username"]
    PRIVILEGES = ["is_superuser", "is_staff", "user_permissions"]

    def visible(self, user):
        return users_visible_to(user).prefetch_related("groups", "casinos")

    def get_fields(self, request, obj=None):
        fields = ["username", "first_name", "last_name", "is_active"]
        if obj is None or self.has_change_permission(request, obj):
            fields += ["role_names", "casino_list", "new_password"]
        else:
            fields += ["roles", "works_at"]
        if request.user.is_superuser:
            fields += self.PRIVILEGES
        return fields

    def get_readonly_fields(self, request, obj=None):
        if obj is not None and not self.has_change_permission(request, obj):
            return ["roles", "works_at"]  # shown, in words
        return []

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)  # the fields of get_fields
        may_grant = sorted(grantable_roles(request.user),
                           key=lambda r: list(Role).index(Role(r)))
        places = casinos_of(request.user)
        held = accounts.roles_in_order(obj.groups.values_list("name", flat=True)) if obj \
            else []
        working = list(obj.casinos.values_list("pk", flat=True)) if obj else []

        class Scoped(form):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                if "role_names" in self.fields:
                    self.fields["role_names"].choices = [(r, r) for r in may_grant]
                    self.fields["role_names"].initial = held
                    self.fields["casino_list"].queryset = places
                    self.fields["casino_list"].initial = working
                    self.fields["new_password"].required = obj is None

        return Scoped

    def save_model(self, request, obj, form, change):
        data = form.cleaned_data
        if change:
            changes = {AccountForm.SERVICE_NAMES.get(f, f): data[f] for f in form.changed_data
                       if f != "new_password" or data[f]}
            saved = accounts.user_update(actor=request.user, user=obj, **changes)
        else:
            saved = accounts.user_create(
                actor=request.user, username=data["username"], password=data["new_password"],
                roles=data["role_names"], casinos=list(data["casino_list"]),
                first_name=data["first_name"], last_name=data["last_name"],
                is_active=data["is_active"])
            privileges = {AccountForm.SERVICE_NAMES.get(f, f): data[f] for f in self.PRIVILEGES
                          if data.get(f)}
            if privileges:
                saved = accounts.user_update(actor=request.user, user=saved, **privileges)
        obj.pk = saved.pk
        obj.password = saved.password

    def save_related(self, request, form, formsets, change):
        """Nothing more to save: the services wrote the roles, casinos and permissions."""

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and (
            obj is None or accounts.account_refusal(request.user, obj) is None)

    def has_delete_permission(self, request, obj=None):
        return False  # deactivated, never deleted: records name their people

    @admin.display(description="roles")
    def roles(self, user) -> str:
        return ", ".join(accounts.roles_in_order(g.name for g in user.groups.all())) or "none"

    @admin.display(description="casinos")
    def works_at(self, user) -> str:
        return ", ".join(c.name for c in user.casinos.all()) or "none"


def attempts_visible_to(model, user):
    """The throttle's rows for the user names of a supervisor's casinos' staff (matched
    ignoring case, as user names are unique); a superuser's: all of them."""
    rows = model.objects.all()
    if user.is_superuser:
        return rows
    return rows.filter(Exists(users_visible_to(user).filter(
        username__iexact=OuterRef("username"))))


class ScopedAttempts(ScopedAdmin):
    def visible(self, user):
        return attempts_visible_to(self.model, user)

    def get_actions(self, request):
        actions = super().get_actions(request)
        if not request.user.is_superuser:
            # axes' clean-up deletes every casino's expired attempts at once.
            actions.pop("cleanup_expired_attempts", None)
        return actions


if admin.site.is_registered(AccessAttempt):  # axes' admin (AXES_ENABLE_ADMIN), scoped
    for model in (AccessAttempt, AccessLog, AccessFailureLog):
        admin.site.unregister(model)


@admin.register(AccessAttempt)
class AccessAttemptAdmin(ScopedAttempts, axes_admin.AccessAttemptAdmin):
    pass


@admin.register(AccessLog)
class AccessLogAdmin(ScopedAttempts, axes_admin.AccessLogAdmin):
    pass


@admin.register(AccessFailureLog)
class AccessFailureLogAdmin(ScopedAttempts, axes_admin.AccessFailureLogAdmin):
    pass
