"""docker-compose.yml is valid for production (Debian's docker-compose checks it), and
only its TLS proxy is reachable from outside, writing the headers the service trusts."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import yaml

from tests.conftest import missing_service

ROOT = Path(__file__).resolve().parent.parent
SECRETS = {"SECRET_KEY": "k" * 60, "ALLOWED_HOSTS": "casino.example",
           "FIELD_ENCRYPTION_KEYS": "a" * 43 + "=",
           "POSTGRES_PASSWORD": "pw", "OWNER_DB_PASSWORD": "owner-pw",
           "APP_DB_PASSWORD": "app-pw", "LEDGER_ANCHOR_KEYS": "compose:" + "a" * 40}


def compose(*args: str, env_overrides: dict[str, str]) -> subprocess.CompletedProcess:
    if not shutil.which("docker-compose"):
        missing_service("needs docker-compose (Debian: apt-get install docker-compose)")
    env = {k: v for k, v in os.environ.items() if k not in SECRETS}
    env.update(env_overrides)
    return subprocess.run(["docker-compose", "-f", "docker-compose.yml", *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=60, check=False)


def test_the_compose_file_is_valid():
    result = compose("config", "-q", env_overrides=SECRETS)

    assert result.returncode == 0, result.stderr


def test_the_compose_file_runs_the_whole_production_stack():
    result = compose("config", "--services", env_overrides=SECRETS)

    assert set(result.stdout.split()) == {"proxy", "db", "redis", "migrate", "web",
                                          "worker-settlement", "worker-exports", "beat"}


def test_every_long_running_service_has_a_health_check():
    result = compose("config", env_overrides=SECRETS)

    services = yaml.safe_load(result.stdout)["services"]
    without_check = [name for name, spec in services.items()
                     if name != "migrate" and "healthcheck" not in spec]
    assert without_check == []
    assert services["web"]["environment"]["DEBUG"] == "0"


def test_the_compose_file_refuses_to_start_without_a_secret_key():
    result = compose("config", "-q",
                     env_overrides={k: v for k, v in SECRETS.items() if k != "SECRET_KEY"})

    assert result.returncode != 0
    assert "set SECRET_KEY in .env" in result.stderr


def test_only_migrate_connects_as_the_owner_the_services_as_the_application_role():
    services = yaml.safe_load(compose("config", env_overrides=SECRETS).stdout)["services"]
    urls = {name: service.get("environment", {}).get("DATABASE_URL", "")
            for name, service in services.items() if name not in ("proxy", "db", "redis")}
    assert urls.pop("migrate") == "postgres://casino_owner:owner-pw@db:5432/casino"
    assert set(urls.values()) == {"postgres://casino_app:app-pw@db:5432/casino"}
    assert any("init-roles.sh" in volume for volume in services["db"]["volumes"])


def test_the_ledger_anchors_go_to_a_volume_the_database_never_mounts():
    services = yaml.safe_load(compose("config", env_overrides=SECRETS).stdout)["services"]
    mounts = {name: [str(v) for v in service.get("volumes", [])]
              for name, service in services.items()}
    # Both pools: sealing and anchoring run on the settlement queue, closing a day on exports.
    for pool in ("worker-settlement", "worker-exports"):
        assert any("/app/anchors" in v for v in mounts[pool])
        assert services[pool]["environment"]["LEDGER_ANCHOR_FILE"].startswith("/app/anchors/")
    assert not any("anchors" in v for v in mounts["db"])

    result = compose("config", "-q", env_overrides={
        k: v for k, v in SECRETS.items() if k != "LEDGER_ANCHOR_KEYS"})
    assert result.returncode != 0
    assert "set LEDGER_ANCHOR_KEYS in .env" in result.stderr


def test_only_the_proxy_publishes_ports_and_only_it_reaches_the_web_service():
    config = yaml.safe_load(compose("config", env_overrides=SECRETS).stdout)
    services, networks = config["services"], config["networks"]

    published = {name for name, service in services.items() if service.get("ports")}
    assert published == {"proxy"}
    assert {port["target"] for port in services["proxy"]["ports"]} == {80, 443}
    assert all(networks[name].get("internal") for name in services["web"]["networks"])
    beside_web = {name for name, service in services.items() if name != "web"
                  and set(service.get("networks", {"default": None}))
                  & set(services["web"]["networks"])}
    # The proxy, and the services that share the back network with it (no client).
    assert beside_web == {"proxy", "migrate", "worker-settlement", "worker-exports", "beat",
                          "db", "redis"}
    front = {name for name, service in services.items() if "front" in service["networks"]}
    assert front == {"proxy", "web"}


def test_the_web_service_trusts_one_proxy():
    services = yaml.safe_load(compose("config", env_overrides=SECRETS).stdout)["services"]

    assert services["web"]["environment"]["TRUSTED_PROXY_COUNT"] == "1"
    assert all("TRUSTED_PROXY_COUNT" not in service.get("environment", {})
               for name, service in services.items() if name != "web")


def test_the_proxy_overwrites_the_forwarded_headers_never_passes_a_clients_on():
    services = yaml.safe_load(compose("config", env_overrides=SECRETS).stdout)["services"]
    mounted = {volume.split(":")[1]: volume.split(":")[0]
               for volume in services["proxy"]["volumes"]}
    site = Path(mounted["/etc/nginx/conf.d/default.conf"]).read_text()
    directives = [" ".join(line.split()) for line in site.splitlines()
                  if line.strip() and not line.strip().startswith("#")]

    assert "proxy_set_header X-Forwarded-For $remote_addr;" in directives
    assert "proxy_set_header X-Forwarded-Proto https;" in directives
    for claim in ("X-Real-IP", "Forwarded", "X-Forwarded-Host"):
        assert f'proxy_set_header {claim} "";' in directives
    assert "proxy_add_x_forwarded_for" not in site  # appending would keep a client's value
    assert "$http_x_forwarded" not in site


def test_each_queue_has_its_own_worker_pool():
    services = yaml.safe_load(compose("config", env_overrides=SECRETS).stdout)["services"]

    def queues(name):
        command = services[name]["command"]
        return set(command[command.index("-Q") + 1].split(","))

    assert queues("worker-settlement") == {"settlement"}
    assert queues("worker-exports") == {"exports", "celery"}


# --- The scale shape: docker-compose.scale.yml over docker-compose.yml --------------------

SCALE_SECRETS = {**SECRETS, "REPLICATION_PASSWORD": "repl-pw"}


def scaled(*args: str, env_overrides: dict[str, str] = SCALE_SECRETS):
    return compose("-f", "docker-compose.scale.yml", *args, env_overrides=env_overrides)


def test_the_scale_shape_is_valid_and_has_every_part():
    assert scaled("config", "-q").returncode == 0
    services = set(scaled("config", "--services").stdout.split())
    assert services >= {"db", "db-replica", "pgbouncer", "redis", "redis-replica",
                        "sentinel-1", "sentinel-2", "sentinel-3", "web", "events",
                        "worker-settlement", "worker-exports", "beat", "proxy"}
    refused = scaled("config", "-q", env_overrides=SECRETS)
    assert "set REPLICATION_PASSWORD in .env" in refused.stderr


def test_in_the_scale_shape_the_service_goes_through_pgbouncer_the_replica_and_sentinel():
    services = yaml.safe_load(scaled("config").stdout)["services"]
    for name in ("web", "events", "worker-settlement", "worker-exports", "beat"):
        env = services[name]["environment"]
        assert env["DATABASE_URL"] == "postgres://casino_app:app-pw@pgbouncer:6432/casino"
        assert env["DATABASE_PGBOUNCER"] == "1"
        assert env["DATABASE_REPLICA_URL"].endswith("@db-replica:5432/casino")
        assert env["REDIS_SENTINELS"] == "sentinel-1:26379,sentinel-2:26379,sentinel-3:26379"
        assert not env["REDIS_URL"]
    # Only migrate connects as the owner, straight to the primary.
    assert services["migrate"]["environment"]["DATABASE_URL"].startswith(
        "postgres://casino_owner:")
    mounted = [str(volume) for volume in services["proxy"]["volumes"]]
    assert any("casino-scale.conf" in volume for volume in mounted)


def test_the_scale_proxy_sends_the_signs_and_boards_streams_to_the_asgi_service_unbuffered():
    conf = (ROOT / "deploy/nginx/casino-scale.conf").read_text()
    rule = "location ~ ^/(sign/[0-9]+|pit/board|cardroom/[0-9]+/board)/events$"
    pattern = re.compile(rule.split(" ", 2)[2].removesuffix(" {"))
    assert pattern.match("/sign/12/events")
    assert pattern.match("/pit/board/events")
    assert pattern.match("/cardroom/3/board/events")
    assert not pattern.match("/pit/board/")
    events = conf[conf.index(rule):]
    events = events[:events.index("}")]
    assert "proxy_pass http://casino_events;" in events
    assert "proxy_buffering off;" in events
    assert "server events:8001;" in conf


def test_the_settings_take_the_scale_shapes_environment(tmp_path):
    env = {**{k: v for k, v in os.environ.items() if not k.startswith(("REDIS", "DATABASE"))},
           **yaml.safe_load(scaled("config").stdout)["services"]["web"]["environment"]}
    env.update(FIELD_ENCRYPTION_KEYS="", DEBUG="1", CASINO_VAR_DIR=str(tmp_path))
    script = ("from django.conf import settings as s; print(sorted(s.DATABASES), "
              "s.DATABASE_PGBOUNCER, bool(s.REDIS_SENTINEL), s.CELERY_BROKER_URL[:11])")
    done = subprocess.run([os.sys.executable, "-c", "import django; django.setup(); " + script],
                          cwd=ROOT, env={**env, "DJANGO_SETTINGS_MODULE": "casino.settings"},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["['default',", "'replica']", "True", "True", "sentinel://"]
