"""The card room's pages: the desk (the brush's), and the room's public board."""

from django.urls import path

from tables.cardroom import api, desk_views, seats_views, views

API_ROUTES = [("waitlists", api.WaitlistViewSet, "waitlist")]

urlpatterns = [
    path("api/v1/waitlists/<int:pk>/entries/", api.EntriesView.as_view(),
         name="waitlist-entries"),
    *(path(f"api/v1/waitlists/<int:pk>/entries/<int:entry>/{name}/",
           api.EntryActionView.as_view(action_name=name), name=f"waitlist-entry-{name}")
      for name in ("call", "seat", "remove")),
    path("pit/cardroom/", desk_views.desk, name="pit-cardroom"),
    path("pit/cardroom/lists/", desk_views.open_list, name="pit-cardroom-list"),
    path("pit/cardroom/join/", desk_views.join, name="pit-cardroom-join"),
    path("pit/cardroom/entry/", desk_views.entry_step, name="pit-cardroom-entry"),
    path("pit/cardroom/call-next/", desk_views.call_next, name="pit-cardroom-call-next"),
    path("pit/cardroom/seat/", desk_views.seat_step, name="pit-cardroom-seat"),
    # A table's seats (stud or poker): here, beside who sits where (seating), which the
    # players' package below cannot read.
    path("tables/<int:pk>/seats/", seats_views.table_seats, name="table-seats"),
    path("cardroom/<int:pk>/board/", views.public_board, name="cardroom-board"),
    path("cardroom/<int:pk>/board/events", views.public_board_events,
         name="cardroom-board-events"),
]
