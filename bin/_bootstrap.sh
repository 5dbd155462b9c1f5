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

# bin/demo numbers its steps (STEPS: how many): a line as each begins, its time as it ends.
STEP=0
STEP_BEGAN=$SECONDS
step() {
  STEP=$((STEP + 1))
  STEP_BEGAN=$SECONDS
  if [ -n "${STEPS:-}" ]; then echo "Step $STEP/$STEPS: $* ..."; else echo "$* ..."; fi
}
step_done() {
  echo "  done in $((SECONDS - STEP_BEGAN)) s"
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
# bin/demo installs what the service needs; bin/test (INSTALL_EXTRAS=dev) its test tools
# too. A stamp per pyproject.toml says it is done; the test tools' stamp covers the service.
SUM="$(cksum < pyproject.toml | cut -d' ' -f1)"
STAMP="$VENV/.installed${INSTALL_EXTRAS:+-$INSTALL_EXTRAS}-$SUM"
if [ -f "$STAMP" ] || [ -f "$VENV/.installed-dev-$SUM" ]; then
  step "the service is installed in .venv already"
else
  step "installing the service${INSTALL_EXTRAS:+ and its test tools} into .venv (the first" \
       "time only: half a minute for the service, more with the test tools)"
  # pip 21.3 or newer installs a project in place from pyproject.toml (PEP 660); an
  # older one is upgraded first. No byte-compiling of every file of every library up
  # front (a third of the time): Python compiles the modules it imports, once.
  "$VENV/bin/python" -c 'import pip, sys; sys.exit(tuple(map(int, pip.__version__.split(".")[:2])) < (21, 3))' ||
    "$VENV/bin/python" -m pip install --quiet --upgrade pip
  "$VENV/bin/python" -m pip install --quiet --no-compile -e ".${INSTALL_EXTRAS:+[$INSTALL_EXTRAS]}"
  rm -f "$VENV"/.installed-*
  touch "$STAMP"
  step_done
fi
export PATH="$VENV/bin:$PATH"

# bin/demo and bin/test, without DATABASE_URL: the embedded PostgreSQL under var/
# (casino/embedded.py), started or joined for this command, whose process id holds it
# (the scripts exec their last command, which keeps that id); it stops within seconds of
# the last holder ending. The settings only read DATABASE_URL and never start a server.
use_embedded_database_unless_set() {
  if [ -z "${DATABASE_URL:-}" ]; then
    step "starting the embedded PostgreSQL in ${CASINO_VAR_DIR:-var}/pgdata (DATABASE_URL" \
         "is unset; a few seconds)"
    DATABASE_URL="$(python -m casino.embedded start --holder $$)"
    export DATABASE_URL
    step_done
  else
    step "using the database at DATABASE_URL"
  fi
}
