"""/api/v1/players/{id}/comps/ (a player's comp ledger and balance at a casino; a comp
given) and /api/v1/comps/ (the comps, approve/ and decline/ for a supervisor). Writes go
through the services; reading a player's comps is logged like reading his record."""

from __future__ import annotations

import django_filters
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.common.permissions import holding
from casino.house.staff import casino_for
from tables.comps import selectors, services
from tables.comps.models import Comp
from tables.comps.serializers import CompInput, CompOutput, DecisionInput, LedgerOutput
from tables.players import services as players
from tables.players.models import Sight
from tables.players.selectors import players_visible_to

GIVERS = "Only hosts and supervisors give comps."
READERS = "Only hosts and supervisors read a player's comps."
DECIDERS = "Only a pit supervisor approves or declines a comp over a limit."


def ledger_of(player, casino) -> dict:
    account = selectors.account_of(player, casino)
    entries = (account.entries.select_related("figures").order_by("-id")[:200]
               if account.pk else [])
    comps = selectors.comps_visible_to_account(account)
    return {"player": player.pk, "casino": casino.pk, "currency": casino.currency,
            "balance": account.balance, "entries": entries, "comps": comps}


class PlayerCompsView(APIView):
    def get_permissions(self):
        perm, words = (("comps.add_comp", GIVERS) if self.request.method == "POST"
                       else ("comps.view_compaccount", READERS))
        return [holding(perm, words)()]

    def _player(self, request, pk: int):
        player = get_object_or_404(players_visible_to(request.user), pk=pk)
        players.players_read(actor=request.user, players=[player], channel="api",
                             sight=Sight.OPENED)
        return player

    @extend_schema(responses={200: LedgerOutput})
    def get(self, request, pk: int):
        player = self._player(request, pk)
        casino = casino_for(request.user, request.query_params.get("casino"))
        return Response(LedgerOutput(ledger_of(player, casino)).data)

    @extend_schema(request=CompInput, responses={201: CompOutput})
    def post(self, request, pk: int):
        player = self._player(request, pk)
        payload = CompInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = dict(payload.validated_data)
        casino = casino_for(request.user, data.pop("casino", None))
        comp = services.comp_give(actor=request.user, player=player, casino=casino, **data)
        comp = selectors.comps_visible_to(request.user).get(pk=comp.pk)
        return Response(CompOutput(comp).data, status=status.HTTP_201_CREATED)


def _decide(approved: bool):
    def act(self, request, pk=None):
        payload = DecisionInput(data=request.data)
        payload.is_valid(raise_exception=True)
        comp = services.comp_decide(actor=request.user, comp=self.get_object(),
                                    approved=approved, note=payload.validated_data.get(
                                        "note", ""))
        comp = selectors.comps_visible_to(request.user).get(pk=comp.pk)
        return Response(CompOutput(comp).data)
    act.__name__ = "approve" if approved else "decline"
    return extend_schema(request=DecisionInput, responses={200: CompOutput})(action(
        detail=True, methods=["post"],
        permission_classes=[holding("comps.add_compdecision", DECIDERS)])(act))


class CompFilter(django_filters.FilterSet):
    player = django_filters.NumberFilter(field_name="account__player")
    casino = django_filters.NumberFilter(field_name="account__casino")
    gaming_day = django_filters.DateFilter()

    class Meta:
        model = Comp
        fields = ["player", "casino", "kind", "gaming_day"]


class CompViewSet(mixins.RetrieveModelMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    """GET /api/v1/comps/?status=waiting: those a supervisor may decide."""

    serializer_class = CompOutput
    filterset_class = CompFilter
    queryset = Comp.objects.none()

    def get_queryset(self):
        if self.request.query_params.get("status") == "waiting":
            return selectors.waiting_for(self.request.user)
        return selectors.comps_visible_to(self.request.user)

    approve = _decide(True)
    decline = _decide(False)
