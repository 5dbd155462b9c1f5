"""The service's addresses and ``POST /bench/nothing/``: token authentication, a permission
check and a JSON answer, nothing else. What every recording costs beyond it is its own."""

from django.urls import path
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.urls import urlpatterns as service_urls


class Nothing(APIView):
    permission_classes = [IsAuthenticated]

    def post(self, request):
        return Response({"ok": True})


urlpatterns = [path("bench/nothing/", Nothing.as_view()), *service_urls]
