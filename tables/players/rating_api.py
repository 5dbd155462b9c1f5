"""/api/v1/ratings/ and POST /api/v1/tables/{id}/ratings/ (docs/api.md, "Players and
ratings"): the pit and a table's dealers seat a player, pause, resume and close his
rating; hosts and supervisors read ratings with their figures. Writes go through the
services; the figures are computed from the records at each reading."""

from __future__ import annotations

import django_filters
from django.http import Http404
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.common.permissions import holding
from tables.floor.models import Table
from tables.players import selectors, services
from tables.players.figures import rating_figures, ratings_figures
from tables.players.models import Rating
from tables.players.serializers import RatingInput, RatingOutput

SEATERS = "Only supervisors and the table's dealers seat and unseat players."


def answered(rating: Rating, code: int = status.HTTP_200_OK) -> Response:
    """The rating as it stands after the write (read again: a change just made is not in
    what was read before it)."""
    rating = Rating.objects.select_related("table__casino").get(pk=rating.pk)
    rating.figures = rating_figures(rating)
    return Response(RatingOutput(rating).data, status=code)


class TableRatingsView(APIView):
    permission_classes = [holding("players.add_rating", SEATERS)]

    @extend_schema(request=RatingInput, responses={201: RatingOutput})
    def post(self, request, pk: int):
        payload = RatingInput(data=request.data)
        payload.is_valid(raise_exception=True)
        try:
            rating = services.rating_open(actor=request.user, table=Table(pk=pk),
                                          **payload.validated_data)
        except Table.DoesNotExist:
            raise Http404(f"There is no table number {pk} here.") from None
        return answered(rating, status.HTTP_201_CREATED)


class RatingFilter(django_filters.FilterSet):
    gaming_day = django_filters.DateFilter()

    class Meta:
        model = Rating
        fields = ["player", "table", "gaming_day"]


def _step(service):
    def act(self, request, pk=None):
        return answered(service(actor=request.user, rating=self.get_object()))
    act.__name__ = service.__name__.removeprefix("rating_")
    return action(detail=True, methods=["post"],
                  permission_classes=[holding("players.add_ratingchange", SEATERS)])(act)


@extend_schema_view(pause=extend_schema(request=None, responses={200: RatingOutput}),
                    resume=extend_schema(request=None, responses={200: RatingOutput}),
                    close=extend_schema(request=None, responses={200: RatingOutput}))
class RatingViewSet(mixins.RetrieveModelMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    serializer_class = RatingOutput
    filterset_class = RatingFilter
    queryset = Rating.objects.none()

    def get_queryset(self):
        return selectors.ratings_visible_to(self.request.user).prefetch_related("changes")

    def get_serializer(self, *args, **kwargs):
        ratings = list(args[0] if args and isinstance(args[0], list) else args[:1])
        worked = ratings_figures(ratings)  # the page's hands and house edges read at once
        for rating in ratings:
            rating.figures = worked[rating.pk]
        return super().get_serializer(*args, **kwargs)

    pause = _step(services.rating_pause)
    resume = _step(services.rating_resume)
    close = _step(services.rating_close)
