"""The card room's addresses: the dealer's hand forms and time collection, a hand and
its void, a table's collections; and its resources in the API."""

from django.urls import path

from tables.poker import api, views

# Its resources under /api/v1/ (prefix, viewset, basename), listed by the project's router.
API_ROUTES = [
    ("poker-hands", api.PokerHandViewSet, "poker-hand"),
    ("time-collections", api.TimeCollectionViewSet, "time-collection"),
    ("bad-beat-funds", api.BadBeatFundViewSet, "bad-beat-fund"),
]

urlpatterns = [
    path("dealer/tables/<int:pk>/poker/", views.quick_form, name="dealer-poker"),
    path("dealer/tables/<int:pk>/poker/full/", views.full_form, name="dealer-poker-full"),
    path("dealer/tables/<int:pk>/poker/time/", views.time_collect, name="dealer-poker-time"),
    path("poker-hands/<int:pk>/", views.hand_result, name="poker-hand"),
    path("poker-hands/<int:pk>/void/", views.hand_void, name="poker-hand-void"),
    path("pit/tables/<int:pk>/time-collections/", views.table_collections,
         name="pit-time-collections"),
    path("time-collections/<int:pk>/void/", views.collection_void,
         name="time-collection-void"),
    path("api/v1/tables/<int:pk>/poker-hands/", api.TablePokerHandsView.as_view(),
         name="table-poker-hands"),
    path("api/v1/tables/<int:pk>/next-hand/", api.TableNextHandView.as_view(),
         name="table-next-hand"),
    path("api/v1/tables/<int:pk>/raise-limits/", api.TableRaiseLimitsView.as_view(),
         name="table-raise-limits"),
    path("api/v1/tables/<int:pk>/time-collections/", api.TableTimeCollectionsView.as_view(),
         name="table-time-collections"),
]
