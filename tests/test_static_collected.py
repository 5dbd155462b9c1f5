"""Static files under production settings (issue 44, point 21): without collectstatic's
manifest every page answers 500, so `check --deploy` says so (casino.E005); the image's
own collectstatic runs with the settings it is given."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.checks.registry import registry

from casino.checks import static_files_collected

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"}


@pytest.fixture
def production_storage(settings, tmp_path):
    settings.STORAGES = {**settings.STORAGES, "staticfiles": MANIFEST}
    settings.STATIC_ROOT = tmp_path
    return tmp_path


def test_check_deploy_names_the_missing_manifest_and_the_command(production_storage):
    found = static_files_collected(None)

    assert [problem.id for problem in found] == ["casino.E005"]
    assert found[0].is_serious()
    assert "static files were not collected" in found[0].msg
    assert str(production_storage) in found[0].msg
    assert "collectstatic --noinput" in found[0].hint


def test_check_deploy_is_quiet_once_collectstatic_wrote_its_manifest(production_storage):
    (production_storage / "staticfiles.json").write_text(
        json.dumps({"paths": {}, "version": "1.1", "hash": ""}))

    assert static_files_collected(None) == []


def test_files_served_from_their_folders_need_no_manifest(settings, tmp_path):
    settings.STORAGES = {**settings.STORAGES, "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
    settings.STATIC_ROOT = tmp_path

    assert static_files_collected(None) == []


def test_it_is_a_deployment_check():
    assert static_files_collected in registry.get_checks(include_deployment_checks=True)
    assert static_files_collected not in registry.get_checks()


def test_the_images_collectstatic_runs_with_the_settings_it_gives(tmp_path):
    """The Dockerfile's line as written (its environment, its command), dry: it failed
    before, its settings lacking LEDGER_ANCHOR_KEYS, so no image could be built."""
    dockerfile = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    line = next(line for line in dockerfile.splitlines()
                if line.startswith("RUN ") and "collectstatic" in line)
    words = shlex.split(line.removeprefix("RUN "))
    env = dict(word.split("=", 1) for word in words if re.match(r"^[A-Z_]+=", word))
    command = [word for word in words if not re.match(r"^[A-Z_]+=", word)]
    assert command[:2] == ["python", "manage.py"]
    keep = {k: v for k, v in os.environ.items() if not k.startswith(
        ("DATABASE", "REDIS", "DEBUG", "SECRET", "LEDGER", "FIELD", "ALLOWED", "STATIC"))}
    done = subprocess.run([sys.executable, *command[1:], "--dry-run"], cwd=ROOT,
                          env={**keep, **env, "CASINO_VAR_DIR": str(tmp_path)},
                          capture_output=True, text=True, timeout=300, check=False)

    assert done.returncode == 0, done.stderr[-2000:]
    assert "static files copied" in done.stdout


def test_the_deployment_guide_runs_collectstatic():
    guide = (ROOT / "docs/deploy.md").read_text()

    assert "python manage.py collectstatic --noinput" in guide
