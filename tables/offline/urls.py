"""The dealer's tablet offline: its service worker, the held entries' API, and the
supervisor's resolutions of them from /pit/."""

from django.urls import path

from tables.offline import api, views

API_ROUTES = [("held-entries", api.HeldEntryViewSet, "held-entry")]

urlpatterns = [
    path("dealer/sw.js", views.service_worker, name="dealer-service-worker"),
    path("pit/held/<int:pk>/enter-late/", views.enter_late, name="pit-held-enter-late"),
    path("pit/held/<int:pk>/correct/", views.correct, name="pit-held-correct"),
    path("pit/held/<int:pk>/discard/", views.discard, name="pit-held-discard"),
]
