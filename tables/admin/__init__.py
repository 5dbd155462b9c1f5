"""The admin (open to supervisors: casino.admin_site): every model it shows is scoped to
the user's casinos and written through the services (tables.admin.scoping)."""

from tables.admin import accounts, floor

__all__ = ["accounts", "floor"]
