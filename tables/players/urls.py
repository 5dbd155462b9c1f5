"""The players' addresses: the desk's pages, and the players in the API."""

from django.urls import path

from tables.players import api, rating_api, views

# Its resources under /api/v1/ (prefix, viewset, basename): the project's one router
# lists every package's (casino/urls.py).
API_ROUTES = [
    ("players", api.PlayerViewSet, "player"),
    ("ratings", rating_api.RatingViewSet, "rating"),
]

urlpatterns = [
    path("api/v1/tables/<int:pk>/ratings/", rating_api.TableRatingsView.as_view(),
         name="table-ratings"),
    path("players/", views.player_list, name="players"),
    path("players/<int:pk>/", views.player_page, name="player"),
    path("players/<int:pk>/notes/", views.player_note, name="player-note"),
]
