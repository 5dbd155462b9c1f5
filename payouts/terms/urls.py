"""The terms' addresses: paytables and rake schedules (list, create, compare, a
version's page and its publish / retire / new-version); and their resources in the API."""

from django.urls import path

from payouts.terms import api, views

# Its resources under /api/v1/ (prefix, viewset, basename), listed by the project's router.
API_ROUTES = [
    ("paytables", api.PaytableViewSet, "paytable"),
    ("rake-schedules", api.RakeScheduleViewSet, "rake-schedule"),
]

urlpatterns = [
    path("pit/paytables/", views.paytable_list, name="pit-paytable-list"),
    path("pit/paytables/new/", views.paytable_create, name="pit-paytable-create"),
    path("pit/paytables/compare/", views.paytable_compare, name="pit-paytable-compare"),
    path("pit/paytables/<int:pk>/", views.paytable_detail, name="pit-paytable"),
    path("pit/paytables/<int:pk>/<str:action>/", views.paytable_transition,
         name="pit-paytable-transition"),
    path("pit/rake-schedules/", views.schedule_list, name="pit-schedule-list"),
    path("pit/rake-schedules/<int:pk>/", views.schedule_detail, name="pit-schedule"),
    path("pit/rake-schedules/<int:pk>/<str:action>/", views.schedule_transition,
         name="pit-schedule-transition"),
]
