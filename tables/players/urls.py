"""The players' addresses: the desk's pages, and the players in the API."""

from django.urls import path

from tables.players import api, views

# Its resources under /api/v1/ (prefix, viewset, basename): the project's one router
# lists every package's (casino/urls.py).
API_ROUTES = [
    ("players", api.PlayerViewSet, "player"),
]

urlpatterns = [
    path("players/", views.player_list, name="players"),
    path("players/<int:pk>/", views.player_page, name="player"),
]
