"""The progressives' addresses: the meters (list, create, change, correct, a meter's
page), a jackpot's approval and W-2G, the floor sign; and their resources in the API."""

from django.urls import path

from payouts.jackpots import api, views

# Its resources under /api/v1/ (prefix, viewset, basename), listed by the project's router.
API_ROUTES = [
    ("progressives", api.ProgressiveViewSet, "progressive"),
    ("jackpot-hits", api.JackpotHitViewSet, "jackpot-hit"),
]

urlpatterns = [
    path("pit/progressives/", views.progressive_list, name="pit-progressive-list"),
    path("pit/progressives/new/", views.progressive_create, name="pit-progressive-create"),
    path("pit/progressives/<int:pk>/edit/", views.progressive_edit,
         name="pit-progressive-edit"),
    path("pit/progressives/<int:pk>/correct/", views.progressive_correct,
         name="pit-progressive-correct"),
    path("pit/progressives/<int:pk>/", views.progressive_detail, name="pit-progressive"),
    path("pit/jackpot-hits/<int:pk>/approve/", views.hit_approve, name="pit-hit-approve"),
    path("pit/jackpot-hits/<int:pk>/w2g/", views.w2g_form, name="pit-hit-w2g"),
    path("sign/<int:pk>/", views.sign, name="sign"),
    path("sign/<int:pk>/state.json", views.sign_state, name="sign-state"),
    path("sign/<int:pk>/events", views.sign_events, name="sign-events"),
]
