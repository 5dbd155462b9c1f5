# Sourced by bin/demo (before it migrates and loads the demo) and bin/_demo_serving.sh:
# the demo's own keys, kept beside its data, so what is signed or encrypted while loading
# verifies and reads while serving. A casino keeps its keys in its secrets store, never in
# the database (docs/deploy.md). Needs ROOT (bin/_bootstrap.sh).
DEMO_KEYS_DIR="${CASINO_VAR_DIR:-$ROOT/var}"
mkdir -p "$DEMO_KEYS_DIR"
if [ -z "${LEDGER_ANCHOR_KEYS:-}" ]; then
  # The key that signs the ledgers' anchors.
  ANCHOR_KEY_FILE="$DEMO_KEYS_DIR/demo-anchor-key"
  if [ ! -s "$ANCHOR_KEY_FILE" ]; then
    (umask 077 && python -c 'import secrets; print(secrets.token_urlsafe(32))' > "$ANCHOR_KEY_FILE")
  fi
  LEDGER_ANCHOR_KEYS="demo:$(cat "$ANCHOR_KEY_FILE")"
  export LEDGER_ANCHOR_KEYS
fi
if [ -z "${FIELD_ENCRYPTION_KEYS:-}" ]; then
  # The W-2G TIN's key. The development key after it still reads what a demo loaded
  # before this key existed stored under it.
  FIELD_KEY_FILE="$DEMO_KEYS_DIR/demo-field-key"
  if [ ! -s "$FIELD_KEY_FILE" ]; then
    (umask 077 && python -c 'from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())' > "$FIELD_KEY_FILE")
  fi
  DEV_FIELD_KEY="$(python -c 'from casino.config import DEV_FIELD_ENCRYPTION_KEY as k; print(k)')"
  FIELD_ENCRYPTION_KEYS="$(cat "$FIELD_KEY_FILE"),$DEV_FIELD_KEY"
  export FIELD_ENCRYPTION_KEYS
fi
