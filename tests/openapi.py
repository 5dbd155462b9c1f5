"""The OpenAPI schema for schemathesis, as /api/schema/ serves it."""

from __future__ import annotations

import json

import schemathesis
from django.core.wsgi import get_wsgi_application


def served_schema():
    """The schema /api/schema/ serves, made as its view makes it (drf-spectacular's
    generator): the view answers staff with a role only, and no one can log in while
    tests are being collected. Cases are called through WSGI, as from_wsgi's are."""
    from drf_spectacular.generators import SchemaGenerator
    from drf_spectacular.renderers import OpenApiJsonRenderer

    made = SchemaGenerator().get_schema(request=None, public=True)
    loaded = schemathesis.openapi.from_dict(json.loads(OpenApiJsonRenderer().render(made)))
    loaded.app = get_wsgi_application()
    loaded.location = "/api/schema/"
    return loaded
