"""The OpenAPI schema and its browsable docs: for staff with a role (a page session or a
token), refused to anyone else; every request body it describes is JSON."""

import pytest

pytestmark = pytest.mark.django_db
OPENAPI_JSON = "application/vnd.oai.openapi+json"


def test_the_openapi_schema_is_served(client, dealer):
    client.force_login(dealer)
    response = client.get("/api/schema/", HTTP_ACCEPT=OPENAPI_JSON)

    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    assert {"/api/v1/casinos/", "/api/v1/tables/", "/api/v1/auth/token/"} <= set(schema["paths"])


def test_an_outside_system_reads_the_schema_with_its_token(api, accountant):
    assert api.as_user(accountant).get("/api/schema/").status_code == 200


def test_the_schema_is_refused_without_a_login_or_a_role(client, api, outsider):
    anonymous = client.get("/api/schema/", HTTP_ACCEPT=OPENAPI_JSON)
    client.force_login(outsider)
    no_role = client.get("/api/schema/", HTTP_ACCEPT=OPENAPI_JSON)

    assert anonymous.status_code == 401
    assert anonymous.json() == {"detail": "Authentication credentials were not provided."}
    assert no_role.status_code == 403
    assert api.as_user(outsider).get("/api/schema/").status_code == 403


def test_the_docs_send_someone_not_logged_in_to_the_login_page(client, outsider):
    anonymous = client.get("/api/docs/")
    client.force_login(outsider)
    no_role = client.get("/api/docs/")

    assert (anonymous.status_code, anonymous["Location"]) == (302, "/login/?next=/api/docs/")
    assert no_role.status_code == 403
    assert "Your account has no role here" in no_role.content.decode()


def test_the_api_docs_load_their_assets_locally(client, supervisor):
    client.force_login(supervisor)
    response = client.get("/api/docs/")

    assert response.status_code == 200
    page = response.content.decode()
    assert "swagger-ui" in page
    assert "cdn" not in page.lower()
    assert "/static/drf_spectacular_sidecar/" in page


def test_every_request_body_the_schema_describes_is_json(api, supervisor):
    schema = api.as_user(supervisor).get("/api/schema/", HTTP_ACCEPT=OPENAPI_JSON).json()

    kinds = {kind for path in schema["paths"].values() for operation in path.values()
             if isinstance(operation, dict)
             for kind in operation.get("requestBody", {}).get("content", {})}
    assert kinds == {"application/json"}
