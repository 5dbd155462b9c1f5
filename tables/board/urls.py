from django.urls import path

from tables.board import views

urlpatterns = [
    path("pit/board/events", views.events, name="pit-board-events"),
]
