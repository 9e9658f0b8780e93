#!/usr/bin/env bash
# Schemathesis against `identity-server` (issue 26): a short seeded run of the service's OpenAPI
# document (Sources/IdentityBridgeService/openapi.yaml, the contract the routes serve), with the
# API key, positive and negative data, for each provider of config.example.yaml's `demo` app.
# Fails on any 5xx and on any response off the schema (status, content type, headers, body), and
# on a method a path does not serve that is not 405 with `Allow`. Loopback only; it stops the server.
#
#   bash .ci/schemathesis.sh     (from the repository root; EXAMPLES per operation and mode, default 12;
#                                 SKIP_BUILD=1 uses the debug identity-server already built)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
EXAMPLES="${EXAMPLES:-12}"
SEED="${SEED:-26}"
# schemathesis (pinned in .ci/requirements.txt) from the CI venv that .ci/install.sh makes.
VENV="${CI_VENV:-$(bash .ci/install.sh | sed -n 's/^venv=//p')}"

[ "${SKIP_BUILD:-0}" = 1 ] || swift build --product identity-server
BIN="$(swift build --show-bin-path)/identity-server"

# WORK, the secrets, start NAME ARGS... and the cleanup (the server is stopped on exit).
PREFIX=schemathesis
source Benchmarks/serve-common.sh
start service --config config.example.yaml --log-level warning

CHECKS="not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance"
CHECKS="$CHECKS,response_schema_conformance,unsupported_method,allow_header_conformance"
status=0
for provider in helpshift zendesk-support zendesk-chat zendesk-messaging; do
    printf '[parameters]\n"path.app" = "demo"\n"path.provider" = "%s"\n' "$provider" >"$WORK/schemathesis.toml"
    echo "--- schemathesis: app demo, provider $provider"
    # From the work directory: Schemathesis keeps its cache (.schemathesis/) there, not in the clone.
    (cd "$WORK" && "$VENV/bin/schemathesis" --no-color --config-file "$WORK/schemathesis.toml" run \
        "$ROOT/Sources/IdentityBridgeService/openapi.yaml" \
        --url "http://127.0.0.1:$PORT" -H "Authorization: Bearer $DEMO_API_KEY" --checks "$CHECKS" --mode all \
        --phases examples,coverage,fuzzing --max-examples "$EXAMPLES" --seed "$SEED" \
        --request-timeout 10) || status=1
done
kill -0 "$PID" 2>/dev/null || { echo "identity-server exited during the run"; cat "$WORK/service.err"; exit 1; }
exit $status
