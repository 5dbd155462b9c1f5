"""Caribbean stud's addresses: the dealer's round form, a round and its void; and its
resources in the API."""

from django.urls import path

from tables.stud import api, views

# Its resources under /api/v1/ (prefix, viewset, basename), listed by the project's router.
API_ROUTES = [
    ("stud-rounds", api.StudRoundViewSet, "stud-round"),
]

urlpatterns = [
    path("dealer/tables/<int:pk>/round/", views.round_form, name="dealer-round-form"),
    path("rounds/", views.round_list, name="round-list"),
    path("rounds/<int:pk>/", views.round_result, name="dealer-round"),
    path("rounds/<int:pk>/void/", views.round_void, name="round-void"),
    path("api/v1/tables/<int:pk>/stud-rounds/", api.TableStudRoundsView.as_view(),
         name="table-stud-rounds"),
]
