"""API plumbing shared by every app: the error shape of docs/API.md, how amounts are
read (casino.common.parsers reads the bodies)."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import models
from drf_spectacular.contrib.knox_auth_token import KnoxTokenScheme
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularSwaggerSplitView
from knox import views as knox_views
from knox.models import AuthToken
from rest_framework import exceptions, serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from casino.common.amounts import DecimalStringField
from casino.common.errors import IdempotencyKeyReused, error_detail
from casino.common.parsers import JSONParser
from casino.common.tokens import TokenAuthentication, sweep_expired_tokens


class Conflict(exceptions.APIException):
    status_code = 409
    default_detail = "The request conflicts with one already recorded."
    default_code = "conflict"


def exception_handler(exc, context):
    # Services raise Django's ValidationError (they are not DRF-aware); present it
    # in DRF's {"field": ["message"]} shape rather than letting it become a 500.
    if isinstance(exc, IdempotencyKeyReused):
        exc = Conflict(error_detail(exc))
    elif isinstance(exc, exceptions.UnsupportedMediaType):
        # The contract is JSON in and out; pages post their forms to the pages.
        sent = getattr(context.get("request"), "content_type", "") or "not named"
        exc = exceptions.UnsupportedMediaType(sent, detail=(
            f"This API reads JSON only: send the body as application/json (this one was "
            f"{sent.split(';')[0]})."))
    elif isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(error_detail(exc))
    return drf_exception_handler(exc, context)


# POST /api/v1/auth/token/. DRF's view names its own parsers; these are the API's. (No
# docstring: the schema would show it as the operation's description.)
LOCKED_OUT = ("Too many failed logins for this user name from this device, or for many "
              "user names from it: logins from this device are refused for a while. "
              "Another device still works, and a pit supervisor can unlock you at once.")


class TokenScheme(KnoxTokenScheme):
    """The schema shows the service's token check as knox's (casino.common.tokens)."""

    target_class = "casino.common.tokens.TokenAuthentication"


class TokenView(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]
    parser_classes = [JSONParser]
    serializer_class = AuthTokenSerializer

    @extend_schema(request=AuthTokenSerializer, responses={
        200: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT, 429: OpenApiTypes.OBJECT})
    def post(self, request, *args, **kwargs):
        credentials = AuthTokenSerializer(data=request.data, context={"request": request})
        try:
            credentials.is_valid(raise_exception=True)
        except exceptions.ValidationError:
            # django-axes marks the request it was handed: DRF's, not Django's.
            if request.__dict__.get("axes_locked_out"):
                return Response({"detail": LOCKED_OUT}, status=429)
            raise
        # A token per device (tablet, workstation), each expiring after REST_KNOX's TTL.
        sweep_expired_tokens(credentials.validated_data["user"])
        instance, token = AuthToken.objects.create(credentials.validated_data["user"])
        return Response({"token": token, "expiry": instance.expiry})


class ApiDocsView(SpectacularSwaggerSplitView):
    """The browsable API docs, for staff with a role (SERVE_PERMISSIONS, as the schema it
    reads): someone not logged in is sent to the login page, as by any page."""

    def handle_exception(self, exc):
        if isinstance(exc, exceptions.NotAuthenticated):
            return redirect_to_login(self.request.get_full_path())
        return super().handle_exception(exc)


class LogoutView(knox_views.LogoutView):
    """Revoke the token this request came with (the device logs out)."""

    authentication_classes = [TokenAuthentication]

    @extend_schema(request=None, responses={204: None})
    def post(self, request, format=None):
        return super().post(request, format)


# The project's model serializers read model decimals as plain decimal strings. (No
# docstring: drf-spectacular would show it on every component of the schema.)
class ModelSerializer(serializers.ModelSerializer):

    serializer_field_mapping = {**serializers.ModelSerializer.serializer_field_mapping,
                                models.DecimalField: DecimalStringField}


def _article(noun: str) -> str:
    return "an" if noun[0] in "aeiou" else "a"


def worded(noun: str, **extra: str) -> dict[str, str]:
    """A number or amount field's refusals in words a page can show as they are: "The
    pot can be at most 100000000.00." rather than DRF's "Ensure this value is ..."."""
    return {"required": f"Give the {noun}.", "null": f"Give the {noun}.",
            "invalid": f"The {noun} must be a number.",
            "min_value": f"The {noun} must be at least {{min_value}}.",
            "max_value": f"The {noun} can be at most {{max_value}}.",
            "max_string_length": f"The {noun} is too long.",
            "plain": f"'{{input}}' is not {_article(noun)} {noun}: write it like 10 or 12.50.",
            "max_decimal_places": f"The {noun} has at most {{max_decimal_places}} decimal "
                                  "places.",
            "max_digits": f"The {noun} is too large.",
            "max_whole_digits": f"The {noun} is too large.", **extra}
