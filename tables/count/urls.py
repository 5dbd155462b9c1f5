"""The count's addresses: the count room, a box and its count, a count's corrections,
and the supervisor's variances. ``day`` is the project's converter (casino/urls.py)."""

from django.urls import path

from tables.count import views

urlpatterns = [
    path("pit/variances/", views.variance_list, name="pit-variances"),
    path("pit/variances/<int:pk>/", views.variance_detail, name="pit-variance"),
    path("count/", views.count_room, name="count"),
    path("count/boxes/<int:table>/<day:day>/<int:shift>/", views.box, name="count-box"),
    path("count/counts/<int:pk>/", views.count_detail, name="count-detail"),
    path("count/counts/<int:pk>/correct/", views.count_correction, name="count-correct"),
]
