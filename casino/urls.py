"""Every address of the service: the project's own, then each package's (its pages and
its API routes, in its urls.py), known here by name only, as Django's tutorial includes
an app's addresses; then the API's one router, the token and the schema."""

import datetime as dt

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, register_converter
from django.utils.module_loading import import_string
from drf_spectacular.views import SpectacularAPIView
from rest_framework.routers import DefaultRouter

from casino import views
from casino.common import api
from casino.common.forms import EARLIEST_DAY, LATEST_DAY

# Each package's urls.py, in this order: where two routes could answer one address
# (pit/paytables/<pk>/analysis/ and pit/paytables/<pk>/<action>/), the first listed wins.
PACKAGES = ("tables.floor", "tables.stud", "tables.poker", "tables.chips", "tables.count",
            "tables.players", "tables.comps", "tables.cardroom", "tables.offline", "tables.pit",
            "tables.board",
            "tables.reports", "payouts.analysis", "payouts.terms", "payouts.jackpots")
# The packages whose API_ROUTES the router lists, in the order the API's root lists them.
ROUTED = ("tables.floor", "payouts.terms", "tables.stud", "payouts.jackpots", "tables.poker",
          "tables.players", "tables.comps", "tables.cardroom", "tables.offline")


class DayConverter:
    """A gaming day in an address, 2026-11-30 (a day that does not exist, or outside the
    books' range: no address)."""

    regex = r"[0-9]{4}-[0-9]{2}-[0-9]{2}"

    def to_python(self, value: str) -> dt.date:
        day = dt.date.fromisoformat(value)  # a ValueError: the pattern does not match
        if not EARLIEST_DAY <= day <= LATEST_DAY:
            raise ValueError(f"{day} is not a day of the books")
        return day

    def to_url(self, value) -> str:
        return value.isoformat() if isinstance(value, dt.date) else str(value)


register_converter(DayConverter, "day")

router = DefaultRouter()
for package in ROUTED:
    for prefix, viewset, basename in import_string(f"{package}.urls.API_ROUTES"):
        router.register(prefix, viewset, basename=basename)

project = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    # Browsers ask for /favicon.ico whatever the page says: the product's icon, not a 404.
    path("favicon.ico", views.favicon),
    path("login/", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
]

api_urls = [
    path("api/v1/auth/token/", api.TokenView.as_view(), name="api-token"),
    path("api/v1/auth/logout/", api.LogoutView.as_view(), name="api-logout"),
    path("api/v1/", include(router.urls)),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", api.ApiDocsView.as_view(url_name="api-schema"), name="api-docs"),
]

urlpatterns = [*project, *(path("", include(f"{package}.urls")) for package in PACKAGES),
               *api_urls]
handler404 = "casino.views.not_found"
handler500 = "casino.views.server_error"
