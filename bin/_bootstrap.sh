# Sourced by bin/demo and bin/test: make sure .venv exists and holds the project.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

find_python() {
  for candidate in "${PYTHON:-}" python3.13 python3.12 python3.11 python3; do
    [ -n "$candidate" ] || continue
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      echo "$candidate"; return 0
    fi
  done
  echo "This service needs Python 3.11 or newer; none was found on PATH." >&2
  return 1
}

VENV="$ROOT/.venv"
if [ ! -x "$VENV/bin/python" ]; then
  PY="$(find_python)"
  echo "Creating a virtual environment in .venv with $PY ..."
  "$PY" -m venv "$VENV" || {
    echo "Could not create a virtual environment (on Debian: apt-get install python3-venv)." >&2
    exit 1
  }
fi
STAMP="$VENV/.installed-$(cksum < pyproject.toml | cut -d' ' -f1)"
if [ ! -f "$STAMP" ]; then
  echo "Installing the service and its test tools into .venv (first run takes a minute) ..."
  "$VENV/bin/python" -m pip install --quiet --upgrade pip
  "$VENV/bin/python" -m pip install --quiet -e ".[dev]"
  rm -f "$VENV"/.installed-*
  touch "$STAMP"
fi
export PATH="$VENV/bin:$PATH"

# bin/demo and bin/test, without DATABASE_URL: the embedded PostgreSQL under var/
# (casino/embedded.py), started or joined for this command, whose process id holds it
# (the scripts exec their last command, which keeps that id); it stops within seconds of
# the last holder ending. The settings only read DATABASE_URL and never start a server.
use_embedded_database_unless_set() {
  if [ -z "${DATABASE_URL:-}" ]; then
    DATABASE_URL="$(python -m casino.embedded start --holder $$)"
    export DATABASE_URL
    echo "DATABASE_URL is unset: the embedded PostgreSQL in ${CASINO_VAR_DIR:-var}/pgdata" >&2
  fi
}
