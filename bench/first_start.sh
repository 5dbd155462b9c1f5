#!/usr/bin/env bash
# A newcomer's first start (issue 44, point 22): clone this checkout's HEAD into a fresh
# directory, run bin/demo there as the README says (its own .venv, the embedded
# PostgreSQL, no Redis) and time it until it says "Serving on"; print its step lines and
# times, then stop it (the embedded PostgreSQL stops with it).
#   bench/first_start.sh [port]        (docs/benchmarks.md: the latest figures)
set -euo pipefail
PORT="${1:-8000}"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
git clone --quiet "$HERE" "$WORK/clone"
git -C "$WORK/clone" checkout --quiet "$(git -C "$HERE" rev-parse HEAD)"
cd "$WORK/clone"
began=$SECONDS
# In a session of its own: the server's reloader child is stopped with it.
env -u DATABASE_URL -u REDIS_URL -u VIRTUAL_ENV -u DATABASE_CONNECT_AS_APP \
  setsid bin/demo "$PORT" > "$WORK/demo.log" 2>&1 &
demo=$!
until grep -q "^Serving on" "$WORK/demo.log"; do
  if ! kill -0 "$demo" 2>/dev/null; then
    cat "$WORK/demo.log"; echo "bin/demo ended before serving." >&2; exit 1
  fi
  sleep 1
done
served=$((SECONDS - began))
kill -- "-$demo"
wait "$demo" 2>/dev/null || true
grep -E "^Step |^  done in |^  day (1|7|14|21) of" "$WORK/demo.log"
echo "Serving $served s after bin/demo began on a fresh clone ($(nproc) cores)."
sleep 5  # the embedded PostgreSQL's watcher stops the server within seconds
