# Sourced by bin/demo once the demo is loaded: serve it as staff will see the product,
# DEBUG off (its own 404, 403 and 500 pages, never Django's debug pages), static files
# by WhiteNoise from their folders (no collectstatic). Over plain HTTP on this machine:
# no redirect to HTTPS, no HSTS, cookies without Secure, and a secret key and a field
# encryption key of its own kept in the var directory (sessions and W-2Gs outlive a
# restart). Needs ROOT (bin/_bootstrap.sh).
VAR_DIR="${CASINO_VAR_DIR:-$ROOT/var}"
mkdir -p "$VAR_DIR"
if [ -z "${SECRET_KEY:-}" ]; then
  KEY_FILE="$VAR_DIR/demo-secret-key"
  if [ ! -s "$KEY_FILE" ]; then
    (umask 077 && python -c 'import secrets; print(secrets.token_urlsafe(48))' > "$KEY_FILE")
  fi
  SECRET_KEY="$(cat "$KEY_FILE")"
fi
source "$ROOT/bin/_demo_keys.sh"
export SECRET_KEY DEBUG=0 STATIC_FROM_SOURCE=1 SECURE_SSL_REDIRECT=0 SECURE_HSTS_SECONDS=0 \
  SECURE_COOKIES=0
export ALLOWED_HOSTS="${ALLOWED_HOSTS:-127.0.0.1,localhost,[::1]}"
