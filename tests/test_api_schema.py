import pytest

pytestmark = pytest.mark.django_db


def test_the_openapi_schema_is_served(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")

    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    assert {"/api/v1/casinos/", "/api/v1/tables/", "/api/v1/auth/token/"} <= set(schema["paths"])


def test_the_api_docs_load_their_assets_locally(client):
    response = client.get("/api/docs/")

    assert response.status_code == 200
    page = response.content.decode()
    assert "swagger-ui" in page
    assert "cdn" not in page.lower()
    assert "/static/drf_spectacular_sidecar/" in page
