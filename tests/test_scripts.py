"""The shell scripts (.ci/run, bin/) survive `set -o pipefail`.

A pipe into a reader that stops early (`head`, `grep -q`, `grep -m`) closes the pipe
while the writer may still be writing: the writer dies of SIGPIPE, pipefail turns its
status 141 into the pipeline's, and `set -e` stops the whole run (it stopped CI on fresh
machines at `docker-compose version | head -n 1`).
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted([ROOT / ".ci" / "run", *(ROOT / "bin").iterdir()])
EARLY_EXIT_READER = re.compile(
    r"(?<!\|)\|(?!\|)\s*(head\b|grep\s+(-\w*[qml]\w*|--quiet|--max-count|--files-with))")


def pipelines(text: str) -> list[str]:
    """The script's commands, with a pipe continued on the next line joined to it."""
    text = re.sub(r"\|\s*\\?\n\s*", "| ", text)
    return [line for line in text.splitlines() if not line.lstrip().startswith("#")]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_pipe_ends_in_a_reader_that_stops_early(script):
    offending = [line.strip() for line in pipelines(script.read_text())
                 if EARLY_EXIT_READER.search(line)]

    assert offending == [], f"{script.name}: capture the output instead of piping it into " \
                            f"a reader that stops early: {offending}"


def test_the_check_finds_the_pattern_that_stopped_ci():
    old_lines = "docker-compose version | head -n 1\n" \
                "psql -tAc 'SELECT 1' |\n  grep -q 1 || createdb casino_ci\n"

    assert [bool(EARLY_EXIT_READER.search(line)) for line in pipelines(old_lines)] == \
        [True, True]


def test_every_script_runs_under_pipefail():
    for script in (ROOT / ".ci" / "run", ROOT / "bin" / "_bootstrap.sh"):
        assert "set -euo pipefail" in script.read_text(), script
