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
ROOT="$PWD"
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

# WORK, the secrets, start NAME ARGS... and the cleanup (the server is stopped on exit).
PREFIX=schemathesis
source Benchmarks/serve-common.sh
start service serve --config config.example.yaml --log-level warning

CHECKS="not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance"
CHECKS="$CHECKS,response_schema_conformance,unsupported_method,allow_header_conformance"
status=0
for provider in helpshift zendesk-support zendesk-chat zendesk-messaging; do
    printf '[parameters]\n"path.app" = "demo"\n"path.provider" = "%s"\n' "$provider" >"$WORK/schemathesis.toml"
    echo "--- schemathesis: app demo, provider $provider"
    # From the work directory: Schemathesis keeps its cache (.schemathesis/) there, not in the clone.
    (cd "$WORK" && "$ROOT/$VENV/bin/schemathesis" --no-color --config-file "$WORK/schemathesis.toml" run \
        "$ROOT/Sources/IdentityBridgeHummingbird/openapi.yaml" \
        --url "http://127.0.0.1:$PORT" -H "Authorization: Bearer $DEMO_API_KEY" --checks "$CHECKS" --mode all \
        --phases examples,coverage,fuzzing --max-examples "$EXAMPLES" --seed "$SEED" \
        --request-timeout 10) || status=1
done
kill -0 "$PID" 2>/dev/null || { echo "serve exited during the run"; cat "$WORK/service.err"; exit 1; }
exit $status
