"""The floor's addresses: its landing pages (the Pit overview, the dealer's page), a
table's pages, a meter's tables, the dealers; and its resources in the API."""

from django.urls import path

from tables.floor import api, views

# Its resources under /api/v1/ (prefix, viewset, basename): the project's one router
# lists every package's (casino/urls.py).
API_ROUTES = [
    ("casinos", api.CasinoViewSet, "casino"),
    ("tables", api.TableViewSet, "table"),
    ("users", api.UserViewSet, "user"),
]

urlpatterns = [
    path("pit/", views.pit, name="pit"),
    path("dealer/", views.dealer, name="dealer"),
    path("pit/tables/", views.pit_tables, name="pit-tables"),
    path("pit/tables/<int:pk>/paytable/", views.table_assign, name="table-assign"),
    path("pit/tables/<int:pk>/poker/", views.table_settings, name="pit-poker-settings"),
    path("pit/tables/<int:pk>/history/", views.table_history, name="table-history"),
    path("pit/progressives/<int:pk>/tables/", views.progressive_tables,
         name="pit-progressive-tables"),
    path("pit/dealers/", views.dealers, name="pit-dealers"),
    path("pit/dealers/<int:pk>/tables/", views.dealer_tables, name="pit-dealer-tables"),
    path("pit/dealers/<int:pk>/active/", views.dealer_active, name="pit-dealer-active"),
]
