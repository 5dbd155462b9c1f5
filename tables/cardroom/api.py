"""/api/v1/waitlists/ (the card room's lists: game, stakes, status; a supervisor opens
one) and /api/v1/waitlists/{id}/entries/ (who waits, in order; a join, by Idempotency-Key;
call/, seat/ and remove/ of an entry), for kiosks and apps (docs/api.md). Writes go
through tables.cardroom.services; every list is of the caller's casinos."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.common.permissions import holding
from casino.house.staff import at_casinos_of, casino_for
from tables.cardroom import selectors, services
from tables.cardroom.models import Entry, Waitlist
from tables.cardroom.serializers import (
    RemovalInput,
    SeatingInput,
    WaitingEntryOutput,
    WaitlistInput,
    WaitlistJoinInput,
    WaitlistOutput,
)
from tables.floor.models import Table
from tables.players import services as players

KEEPERS = "Only a supervisor keeps the card room's lists."


def lists_of(user):
    return at_casinos_of(Waitlist.objects.filter(active=True), user).select_related("casino")


def shown(lists: list[Waitlist]) -> list[Waitlist]:
    """The lists with what the API says of each: its status and how many wait (read
    together, however many)."""
    now = selectors.lists_now(lists)
    for waitlist in lists:
        waitlist.status, waitlist.waiting = now.status(waitlist), len(now.order[waitlist.pk])
    return lists


def logged(request, entries: list[Entry]) -> list[Entry]:
    """The privacy log: each rated player among the entries answered, read through the
    API by the caller."""
    players.players_read(actor=request.user, players=[e.player_id for e in entries],
                         channel="api", sight="listed")
    return entries


def entries_shown(waitlist: Waitlist, only: set[int] | None = None) -> list[Entry]:
    order = selectors.waiting_ids(waitlist)
    called = selectors.last_calls(order)
    found = Entry.objects.in_bulk(order if only is None else list(only))
    for entry in found.values():
        entry.position = order.index(entry.pk) + 1 if entry.pk in order else None
        entry.called_at = called.get(entry.pk)
        entry.state = ("called" if entry.called_at else "waiting") if entry.position else \
            "off the list"
    return [found[pk] for pk in (order if only is None else sorted(found))]


class WaitlistViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                      mixins.CreateModelMixin, viewsets.GenericViewSet):
    serializer_class = WaitlistOutput
    permission_classes = [holding("cardroom.view_waitlist", KEEPERS)]
    filterset_fields = ["game", "structure"]

    def get_queryset(self):
        return lists_of(self.request.user)

    def list(self, request, *args, **kwargs):
        rows = shown(list(self.filter_queryset(self.get_queryset())))
        page = self.paginate_queryset(rows)
        if page is not None:
            return self.get_paginated_response(WaitlistOutput(page, many=True).data)
        return Response(WaitlistOutput(rows, many=True).data)

    def retrieve(self, request, *args, **kwargs):
        return Response(WaitlistOutput(shown([self.get_object()])[0]).data)

    @extend_schema(request=WaitlistInput, responses={201: WaitlistOutput})
    def create(self, request, *args, **kwargs):
        payload = WaitlistInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = dict(payload.validated_data)
        casino = casino_for(request.user, data.pop("casino", None))
        feeds = data.pop("feeds", None)
        feeds = get_object_or_404(lists_of(request.user), pk=feeds) if feeds else None
        made = services.waitlist_open(actor=request.user, casino=casino, feeds=feeds, **data)
        return Response(WaitlistOutput(shown([made])[0]).data, status=status.HTTP_201_CREATED)


class EntriesView(APIView):
    permission_classes = [holding("cardroom.view_entry", KEEPERS)]

    @extend_schema(responses={200: WaitingEntryOutput(many=True)})
    def get(self, request, pk: int):
        waitlist = get_object_or_404(lists_of(request.user), pk=pk)
        return Response(WaitingEntryOutput(logged(request, entries_shown(waitlist)),
                                           many=True).data)

    @extend_schema(request=WaitlistJoinInput, responses={201: WaitingEntryOutput})
    def post(self, request, pk: int):
        waitlist = get_object_or_404(lists_of(request.user), pk=pk)
        payload = WaitlistJoinInput(data=request.data)
        payload.is_valid(raise_exception=True)
        entry, created = services.entry_join(
            actor=request.user, waitlist=waitlist,
            idempotency_key=request.headers.get("Idempotency-Key", "")[:80],
            **payload.validated_data)
        [entry] = logged(request, entries_shown(waitlist, {entry.pk}))
        return Response(WaitingEntryOutput(entry).data,
                        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class EntryActionView(APIView):
    """POST .../entries/{entry}/call/ (nothing), seat/ ({table, seat}), remove/
    ({reason}): the entry as it stands after."""

    permission_classes = [holding("cardroom.add_entrystep", KEEPERS)]
    action_name = ""

    @extend_schema(request=None, responses={201: WaitingEntryOutput})
    def post(self, request, pk: int, entry: int):
        waitlist = get_object_or_404(lists_of(request.user), pk=pk)
        found = get_object_or_404(Entry.objects.filter(waitlist=waitlist)
                                  .select_related("waitlist__casino"), pk=entry)
        if self.action_name == "call":
            services.entry_call(actor=request.user, entry=found)
        elif self.action_name == "seat":
            payload = SeatingInput(data=request.data)
            payload.is_valid(raise_exception=True)
            table = get_object_or_404(Table.objects.filter(casino=waitlist.casino),
                                      pk=payload.validated_data["table"])
            services.entry_seat(actor=request.user, entry=found, table=table,
                                seat=payload.validated_data["seat"])
        else:
            payload = RemovalInput(data=request.data)
            payload.is_valid(raise_exception=True)
            services.entry_remove(actor=request.user, entry=found,
                                  reason=payload.validated_data["reason"])
        [after] = logged(request, entries_shown(waitlist, {found.pk}))
        return Response(WaitingEntryOutput(after).data, status=status.HTTP_201_CREATED)
