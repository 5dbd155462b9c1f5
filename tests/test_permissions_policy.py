"""Every response carries a Permissions-Policy denying the device and sensor features,
which no page uses (static/js): pages, the API, refusals and static files alike."""

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.django_db
STATIC_JS = Path(__file__).resolve().parent.parent / "static" / "js"
DENIED = ("camera", "microphone", "geolocation", "payment", "usb", "serial", "hid", "midi",
          "display-capture")


def denies_every_device(response) -> bool:
    policy = dict(part.strip().split("=", 1)
                  for part in response["Permissions-Policy"].split(","))
    return all(policy.get(feature) == "()" for feature in DENIED)


def test_every_kind_of_response_denies_the_devices(client, api, supervisor, live_table):
    answers = {"login page": client.get("/login/")}
    client.force_login(supervisor)
    answers |= {
        "page": client.get("/pit/"),
        "API": api.as_user(supervisor).get("/api/v1/tables/"),
        "API refusal": api.as_user(None).get("/api/v1/tables/"),
        "page not found": client.get("/no-such-page/"),
        "health": client.get("/healthz"),
        "static file": client.get("/static/js/print.js"),
    }

    assert {name: answer.status_code for name, answer in answers.items()} == {
        "page": 200, "login page": 200, "API": 200, "API refusal": 401,
        "page not found": 404, "health": 200, "static file": 200}
    assert [name for name, answer in answers.items() if not denies_every_device(answer)] == []


# What a script would call to use a feature the policy denies: a page that needs one
# must allow it in PERMISSIONS_POLICY (casino/settings.py) first.
USES_A_DENIED_FEATURE = re.compile(
    r"getUserMedia|getDisplayMedia|geolocation|PaymentRequest|navigator\.(usb|serial|hid|"
    r"bluetooth|requestMIDIAccess|wakeLock|share|credentials)|requestFullscreen|"
    r"requestPictureInPicture|Accelerometer|Gyroscope|Magnetometer|IdleDetector|"
    r"getScreenDetails|queryLocalFonts|getGamepads|requestMediaKeySystemAccess")


def test_no_page_script_uses_a_denied_feature():
    using = {path.name: USES_A_DENIED_FEATURE.findall(path.read_text())
             for path in STATIC_JS.glob("*.js")}

    assert using
    assert {name: found for name, found in using.items() if found} == {}
