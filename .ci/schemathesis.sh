#!/usr/bin/env bash
# Schemathesis against `identityctl serve` (issue 26): a short seeded run of the service's OpenAPI
# document (Sources/IdentityBridgeHummingbird/openapi.yaml, the contract the routes serve), with the
# API key, positive and negative data, for each provider of config.example.yaml's `demo` app.
# Fails on any 5xx and on any response off the schema (status, content type, headers, body), and
# on a method a path does not serve that is not 405 with `Allow`. Loopback only; it stops the server.
#
#   bash .ci/schemathesis.sh     (from the repository root; EXAMPLES per operation and mode, default 12)
set -euo pipefail
cd "$(dirname "$0")/.."
EXAMPLES="${EXAMPLES:-12}"
SEED="${SEED:-26}"
VERSION="4.32.5"

VENV=".build/schemathesis-venv"
if [ ! -x "$VENV/bin/schemathesis" ] || ! "$VENV/bin/schemathesis" --version | grep -q "$VERSION"; then
    if ! python3 -m venv --help >/dev/null 2>&1 || ! python3 -c 'import ensurepip' 2>/dev/null; then
        if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
        $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-venv
    fi
    rm -rf "$VENV"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q "schemathesis==$VERSION"
fi

swift build --product identityctl
BIN="$(swift build --show-bin-path)/identityctl"

WORK="$(mktemp -d)"
SERVER=""
cleanup() {
    if [ -n "$SERVER" ] && kill -0 "$SERVER" 2>/dev/null; then
        kill -TERM "$SERVER" 2>/dev/null || true
        for _ in $(seq 1 100); do kill -0 "$SERVER" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$SERVER" 2>/dev/null || true
    fi
    [ -z "$SERVER" ] || wait "$SERVER" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

random() { head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n'; }
export DEMO_API_KEY="schemathesis-$(random)"
export HELPSHIFT_SECRET="$(random)" HELPSHIFT_IDENTITY_SECRET="$(random)" ZENDESK_SUPPORT_SECRET="$(random)"
export ZENDESK_CHAT_ACCOUNT_KEY="$(random)" ZENDESK_CHAT_SECRET="$(random)"
export ZENDESK_MESSAGING_KEY_ID="app_$(random)" ZENDESK_MESSAGING_SECRET="$(random)"

"$BIN" serve --config config.example.yaml --host 127.0.0.1 --port 0 --log-level warning >"$WORK/serve.out" 2>"$WORK/serve.err" &
SERVER=$!
PORT=""
for _ in $(seq 1 300); do
    PORT="$(sed -n 's/.*"event":"listening".*"port":\([0-9]*\).*/\1/p' "$WORK/serve.out" | head -1)"
    [ -n "$PORT" ] && break
    kill -0 "$SERVER" 2>/dev/null || { cat "$WORK/serve.err"; echo "serve did not start"; exit 1; }
    sleep 0.1
done
[ -n "$PORT" ] || { echo "serve did not print its listening line"; exit 1; }

CHECKS="not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance"
CHECKS="$CHECKS,response_schema_conformance,unsupported_method,allow_header_conformance"
status=0
for provider in helpshift zendesk-support zendesk-chat zendesk-messaging; do
    printf '[parameters]\n"path.app" = "demo"\n"path.provider" = "%s"\n' "$provider" >"$WORK/schemathesis.toml"
    echo "--- schemathesis: app demo, provider $provider"
    "$VENV/bin/schemathesis" --no-color --config-file "$WORK/schemathesis.toml" run Sources/IdentityBridgeHummingbird/openapi.yaml \
        --url "http://127.0.0.1:$PORT" -H "Authorization: Bearer $DEMO_API_KEY" --checks "$CHECKS" --mode all \
        --phases examples,coverage,fuzzing --max-examples "$EXAMPLES" --seed "$SEED" --generation-deterministic \
        --request-timeout 10 || status=1
done
kill -0 "$SERVER" 2>/dev/null || { echo "serve exited during the run"; cat "$WORK/serve.err"; exit 1; }
exit $status
