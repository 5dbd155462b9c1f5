"""docker-compose.yml is valid for production (Debian's docker-compose checks it)."""

import os
import shutil
import subprocess
from pathlib import Path

import yaml

from tests.conftest import missing_service

ROOT = Path(__file__).resolve().parent.parent
SECRETS = {"SECRET_KEY": "k" * 60, "ALLOWED_HOSTS": "casino.example",
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

    assert set(result.stdout.split()) == {"db", "redis", "migrate", "web", "worker", "beat"}


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
            for name, service in services.items() if name not in ("db", "redis")}
    assert urls.pop("migrate") == "postgres://casino_owner:owner-pw@db:5432/casino"
    assert set(urls.values()) == {"postgres://casino_app:app-pw@db:5432/casino"}
    assert any("init-roles.sh" in volume for volume in services["db"]["volumes"])


def test_the_ledger_anchors_go_to_a_volume_the_database_never_mounts():
    services = yaml.safe_load(compose("config", env_overrides=SECRETS).stdout)["services"]
    mounts = {name: [str(v) for v in service.get("volumes", [])]
              for name, service in services.items()}
    assert any("anchors:/app/anchors" in v or "/app/anchors" in v for v in mounts["worker"])
    assert not any("anchors" in v for v in mounts["db"])
    assert services["worker"]["environment"]["LEDGER_ANCHOR_FILE"].startswith("/app/anchors/")

    result = compose("config", "-q", env_overrides={
        k: v for k, v in SECRETS.items() if k != "LEDGER_ANCHOR_KEYS"})
    assert result.returncode != 0
    assert "set LEDGER_ANCHOR_KEYS in .env" in result.stderr
