"""The pit's floor: the rotation page and its buttons, and the dealer's own moves."""

from django.urls import path

from tables.pit import views

urlpatterns = [
    path("pit/rotation/", views.rotation, name="pit-rotation"),
    path("pit/rotation/relieve/", views.relieve, name="pit-rotation-relieve"),
    path("pit/rotation/dealer/", views.dealer_move, name="pit-rotation-dealer"),
    path("dealer/floor/", views.my_floor, name="dealer-floor"),
    path("pit/tables/<int:pk>/limits/", views.table_limits, name="pit-table-limits"),
]
