"""The card room's pages: its public board."""

from django.urls import path

from tables.cardroom import views

urlpatterns = [
    path("cardroom/<int:pk>/board/", views.public_board, name="cardroom-board"),
    path("cardroom/<int:pk>/board/events", views.public_board_events,
         name="cardroom-board-events"),
]
