"""The comps' addresses: a player's comps in the API, the comps waiting for approval, a
casino's comp rules."""

from django.urls import path

from tables.comps import api, views

# Its resources under /api/v1/ (prefix, viewset, basename): the project's one router lists
# every package's (casino/urls.py).
API_ROUTES = [("comps", api.CompViewSet, "comp")]

urlpatterns = [
    path("api/v1/players/<int:pk>/comps/", api.PlayerCompsView.as_view(), name="player-comps"),
    path("players/<int:pk>/comps/", views.give, name="player-comp-give"),
    path("pit/comps/", views.waiting, name="pit-comps"),
    path("pit/comps/<int:pk>/", views.decide, name="pit-comp-decide"),
    path("pit/casinos/<int:pk>/comp-rules/", views.comp_rules, name="pit-comp-rules"),
]
