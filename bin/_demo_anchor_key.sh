# Sourced by bin/demo (before the demo is loaded) and bin/_demo_serving.sh: the key that
# signs the ledgers' anchors, the demo's own, kept beside its data, so the anchors made
# while loading verify while serving. A casino keeps its key in its secrets store, never
# in the database (docs/deploy.md). Needs ROOT (bin/_bootstrap.sh).
if [ -z "${LEDGER_ANCHOR_KEYS:-}" ]; then
  ANCHOR_KEY_FILE="${CASINO_VAR_DIR:-$ROOT/var}/demo-anchor-key"
  mkdir -p "$(dirname "$ANCHOR_KEY_FILE")"
  if [ ! -s "$ANCHOR_KEY_FILE" ]; then
    (umask 077 && python -c 'import secrets; print(secrets.token_urlsafe(32))' > "$ANCHOR_KEY_FILE")
  fi
  LEDGER_ANCHOR_KEYS="demo:$(cat "$ANCHOR_KEY_FILE")"
  export LEDGER_ANCHOR_KEYS
fi
