#!/usr/bin/env bash
# Issue 59: identity-server against identity providers that fail, as real processes on loopback.
#
#   bash .ci/provider-faults.sh [IDENTITY_SERVER_BIN]     (from the repository root; .ci/run runs it with the debug build)
#
# Fake providers (.ci/provider_faults.py, one asyncio process, 127.0.0.1 only) refuse connections, accept and never
# answer (tarpit), answer slowly, answer 500, redirect in a loop, serve an oversized or a malformed key set, or drop
# the key in use; a host under .invalid does not resolve; the real OpenID provider of .ci/oidc-provider.sh
# (django-oidc-provider) is stopped and restarted. Each fault is met at the start (one to eight issuers) and while
# serving, under a bounded load (provider_faults.py load: 2 threads of API-key requests, 2 of session tokens). For
# each it prints one row of the table OperatingTheService.md carries: the time until the service listened, the
# API-key requests failed (must be 0), the session tokens' answers, the longest a session-token request took, the
# states /readyz reports and the alert expressions that hold. It fails when the service took 1 s or more to listen,
# when an API-key request failed, or when a session token waited over 2.5 s.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${1:-${IDENTITY_SERVER_BIN:-$(swift build --show-bin-path)/identity-server}}"
PY="${CI_VENV:+$CI_VENV/bin/python}"
PY="${PY:-python3}"
LOAD_SECONDS="${LOAD_SECONDS:-3}"
began=$SECONDS
source Benchmarks/serve-common.sh

fail() { echo "provider-faults.sh: FAILED: $*" >&2; exit 1; }
now_ms() { date +%s%3N; }

# The fake providers, one per mode, in the order of MODES below (their ports in $WORK/ports.json).
MODES=(ok tarpit slow 500 redirect oversized malformed drop ok tarpit tarpit tarpit 500 malformed drop slow)
"$PY" .ci/provider_faults.py providers "$WORK" "${MODES[@]}" 2>"$WORK/providers.log" &
PIDS+=("$!")
for _ in $(seq 1 100); do [ -f "$WORK/ports.json" ] && break; sleep 0.1; done
[ -f "$WORK/ports.json" ] || fail "the fake providers did not start: $(cat "$WORK/providers.log")"
mapfile -t PORTS < <("$PY" -c 'import json,sys; print("\n".join(map(str, json.load(open(sys.argv[1])))))' "$WORK/ports.json")
url() { echo "http://127.0.0.1:${PORTS[$1]}"; }   # the provider of MODES[$1]
refused_url() { echo "http://127.0.0.1:$(free_port)"; }   # a loopback port nothing listens on
mode() { curl -sf "$(url "$1")/_mode/$2" >/dev/null; }

# config ISSUER_URL... : the app demo with an API key and one issuer per URL (KEYS_CACHE applies to each).
KEYS_CACHE_DEFAULT="{ refresh_interval: 30s, timeout: 10s }"
config() {
    {
        printf 'apps:\n  demo:\n    service:\n      api_keys: [ "${DEMO_API_KEY}" ]\n      session_tokens:\n        issuers:\n'
        for issuer in "$@"; do
            printf '          - issuer_url: %s\n            audience: [ demo-app, identitybridge-app ]\n' "$issuer"
            printf '            keys_cache: %s\n' "${KEYS_CACHE:-$KEYS_CACHE_DEFAULT}"
        done
        printf '    providers:\n      - kind: zendesk-chat\n        name: chat\n'
        printf '        account_key: ${ZENDESK_CHAT_ACCOUNT_KEY}\n        secret: ${ZENDESK_CHAT_SECRET}\n'
    } >"$WORK/config.yaml"
}

# launch: starts identity-server over $WORK/config.yaml, polling every 10 ms; sets SERVICE, SERVER_PID, LISTEN_MS.
launch() {
    local started
    started="$(now_ms)"
    "$BIN" --config "$WORK/config.yaml" --host 127.0.0.1 --port 0 --log-format json >"$WORK/server.out" 2>"$WORK/server.err" &
    SERVER_PID=$!
    PIDS+=("$SERVER_PID")
    for _ in $(seq 1 1500); do
        if grep -q '"event":"listening"' "$WORK/server.out" 2>/dev/null; then
            LISTEN_MS=$(($(now_ms) - started))
            SERVICE="http://127.0.0.1:$(sed -n 's/.*"port":\([0-9]*\).*/\1/p' "$WORK/server.out" | head -1)"
            return 0
        fi
        kill -0 "$SERVER_PID" 2>/dev/null || fail "identity-server exited: $(cat "$WORK/server.err")"
        sleep 0.01
    done
    fail "identity-server did not listen within 15 s"
}
stop_server() { kill -TERM "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; }

# tokens ISSUER...: one RS256 token (kid k1) per issuer, a line each, in $WORK/tokens.
tokens() { for issuer in "$@"; do "$PY" .ci/provider_faults.py token "$WORK" "$issuer"; done >"$WORK/tokens"; }
credentials() { echo "$SERVICE/v1/apps/demo/providers/chat/credentials"; }
readyz_states() {
    curl -s "$SERVICE/readyz" | "$PY" -c '
import collections, json, sys
ready = json.load(sys.stdin)
states = collections.Counter(k["state"] for k in ready.get("session_keys", []))
print(ready.get("status", "?") + ": " + ", ".join(f"{n} {s}" for s, n in sorted(states.items())))'
}
first_error() { curl -s "$SERVICE/readyz" | "$PY" -c '
import json, sys
errors = [k["error"] for k in json.load(sys.stdin).get("session_keys", []) if "error" in k]
print(errors[0] if errors else "")'; }

ROWS=()
# row NAME ISSUERS LOAD_JSON: checks the figures and keeps the table row.
row() {
    local name="$1" issuers="$2" load="$3" api_failed api_requests session max_ms ready alerts error
    api_failed="$("$PY" -c 'import json,sys; print(json.loads(sys.argv[1])["api_key"]["failed"])' "$load")"
    api_requests="$("$PY" -c 'import json,sys; print(json.loads(sys.argv[1])["api_key"]["requests"])' "$load")"
    session="$("$PY" -c 'import json,sys; s=json.loads(sys.argv[1])["session"]; print(" ".join(f"{k}:{v}" for k,v in sorted(s["statuses"].items())))' "$load")"
    max_ms="$("$PY" -c 'import json,sys; print(json.loads(sys.argv[1])["session"]["max_ms"])' "$load")"
    ready="$(readyz_states)"
    alerts="$("$PY" .ci/provider_faults.py alerts "$SERVICE")"
    error="$(first_error)"
    echo "faults: $name: issuers=$issuers listen_ms=${LISTEN_MS:-} api_key_failed=$api_failed/$api_requests session=[$session] session_max_ms=$max_ms readyz=[$ready] error=[$error] alerts=[$alerts]"
    ROWS+=("| $name | $issuers | ${LISTEN_MS:-} | $api_failed of $api_requests | $session | $max_ms | $ready | $alerts |")
    [ "$api_requests" -gt 0 ] || fail "$name: the load sent no API-key request"
    [ "$api_failed" = 0 ] || fail "$name: $api_failed API-key requests failed: $load"
    [ -z "${LISTEN_MS:-}" ] || [ "$LISTEN_MS" -lt 1000 ] || fail "$name: the service took $LISTEN_MS ms to listen"
    "$PY" -c 'import json,sys; sys.exit(0 if json.loads(sys.argv[1])["session"]["max_ms"] < 2500 else 1)' "$load" \
        || fail "$name: a session token waited over 2.5 s: $load"
    case "$error" in *errno* | *"error set"* | *"NIO"* | *"HTTPClientError"*) fail "$name: a library's text in /readyz: $error" ;; esac
}

# start_fault NAME ISSUER_URL...: the service starts with these issuers, serves LOAD_SECONDS of load; one row.
start_fault() {
    local name="$1"; shift
    config "$@"
    tokens "$@"
    launch
    local load
    load="$("$PY" .ci/provider_faults.py load "$(credentials)" "$DEMO_API_KEY" "$WORK/tokens" "$LOAD_SECONDS")"
    row "$name (at start)" "$#" "$load"
    # A refused session token's series in a real scrape and its JSON log line: under the provider its path names.
    curl -s "$SERVICE/metrics" | grep '^identitybridge_http_requests_total{.*status="503"' | sed 's/^/faults:   scraped: /' || true
    cat "$WORK/server.out" "$WORK/server.err" | grep '"message":"request"' | grep '"status":"503"' | head -1 \
        | sed 's/^/faults:   logged: /' || true
    stop_server
}

# serve_fault NAME INDEX MODE: the service serves a good provider's tokens under load; after 1 s the provider turns MODE.
serve_fault() {
    local name="$1" index="$2" fault="$3" issuer load_pid
    issuer="$(url "$index")"
    mode "$index" ok
    KEYS_CACHE="{ min_age: 1s, max_age: 1s, max_stale: 10m, refresh_interval: 2s, timeout: 2s }" config "$issuer"
    tokens "$issuer"
    launch
    LISTEN_MS=""
    "$PY" .ci/provider_faults.py load "$(credentials)" "$DEMO_API_KEY" "$WORK/tokens" "$((LOAD_SECONDS + 2))" >"$WORK/load.json" &
    load_pid=$!
    PIDS+=("$load_pid")
    sleep 1
    mode "$index" "$fault"
    wait "$load_pid"
    row "$name (while serving)" 1 "$(cat "$WORK/load.json")"
    stop_server
}

echo "== at start"
start_fault "connection refused" "$(refused_url)"
start_fault "four issuers refusing" "$(refused_url)" "$(refused_url)" "$(refused_url)" "$(refused_url)"
start_fault "four tarpits (accept, never answer)" "$(url 1)" "$(url 9)" "$(url 10)" "$(url 11)"
start_fault "slow answer (1.5 s)" "$(url 2)"
start_fault "HTTP 500" "$(url 3)"
start_fault "redirect loop" "$(url 4)"
start_fault "oversized key set (100 KB)" "$(url 5)"
start_fault "malformed key set" "$(url 6)"
start_fault "DNS does not resolve (.invalid)" "https://idp.identitybridge.invalid"
start_fault "eight issuers: seven faults and a good one" "$(refused_url)" "$(url 1)" "$(url 2)" "$(url 3)" \
    "$(url 4)" "$(url 6)" "https://idp.identitybridge.invalid" "$(url 0)"

echo "== while serving"
serve_fault "turns tarpit" 8 tarpit
serve_fault "turns HTTP 500" 12 500
serve_fault "turns malformed" 13 malformed
serve_fault "drops the key in use" 14 drop

echo "== the real OpenID provider (django-oidc-provider), stopped and restarted"
IDP="$WORK/idp"
IDP_PORT="$(free_port)"
"$PY" .ci/oidc/provider.py setup "$IDP" >/dev/null
start_idp() {
    "$PY" .ci/oidc/provider.py serve "$IDP" "$IDP_PORT" 2>>"$WORK/idp.log" &
    IDP_PID=$!
    PIDS+=("$IDP_PID")
    for _ in $(seq 1 100); do
        curl -sf "http://127.0.0.1:$IDP_PORT/openid/.well-known/openid-configuration" >/dev/null && return 0
        sleep 0.1
    done
    fail "the OpenID provider did not answer: $(tail -3 "$WORK/idp.log")"
}
stop_idp() { kill -TERM "$IDP_PID" 2>/dev/null || true; wait "$IDP_PID" 2>/dev/null || true; }
start_idp
"$PY" .ci/oidc/provider.py token "$IDP" "$IDP_PORT" >"$WORK/tokens"
stop_idp
# Down at the start: the service listens at once, its tokens are 503; restarted, the issuer is fetched on the back-off.
config "http://127.0.0.1:$IDP_PORT/openid"
launch
load="$("$PY" .ci/provider_faults.py load "$(credentials)" "$DEMO_API_KEY" "$WORK/tokens" "$LOAD_SECONDS")"
row "OpenID provider down (at start)" 1 "$load"
restarted="$(now_ms)"
start_idp
for _ in $(seq 1 400); do case "$(readyz_states)" in *"1 fresh"*) break ;; esac; sleep 0.05; done
case "$(readyz_states)" in *"1 fresh"*) ;; *) fail "the issuer did not become fresh after the provider restarted" ;; esac
echo "faults: OpenID provider restarted: the issuer fresh after $(($(now_ms) - restarted)) ms (the start's back-off)"
load="$("$PY" .ci/provider_faults.py load "$(credentials)" "$DEMO_API_KEY" "$WORK/tokens" "$LOAD_SECONDS")"
LISTEN_MS=""
row "OpenID provider restarted" 1 "$load"
"$PY" -c 'import json,sys; s=json.loads(sys.argv[1])["session"]; sys.exit(0 if s["failed"] == 0 else 1)' "$load" \
    || fail "session tokens failed once the provider was back: $load"
stop_server
# Down while serving: the cached keys go on serving (max_stale 10m); /readyz shows the issuer stale.
KEYS_CACHE="{ min_age: 1s, max_age: 1s, max_stale: 10m, refresh_interval: 2s, timeout: 2s }" config "http://127.0.0.1:$IDP_PORT/openid"
launch
LISTEN_MS=""
"$PY" .ci/provider_faults.py load "$(credentials)" "$DEMO_API_KEY" "$WORK/tokens" "$((LOAD_SECONDS + 2))" >"$WORK/load.json" &
load_pid=$!
PIDS+=("$load_pid")
sleep 1
stop_idp
wait "$load_pid"
load="$(cat "$WORK/load.json")"
row "OpenID provider stopped (while serving)" 1 "$load"
"$PY" -c 'import json,sys; s=json.loads(sys.argv[1])["session"]; sys.exit(0 if s["failed"] == 0 else 1)' "$load" \
    || fail "session tokens failed while the cached keys should serve: $load"
start_idp
stop_server

echo
echo "| fault | issuers | listening after (ms) | API-key requests failed | session-token answers | longest session-token request (ms) | /readyz | alert expressions that hold |"
echo "|---|---|---|---|---|---|---|---|"
printf '%s\n' "${ROWS[@]}"
echo "provider-faults.sh: ok in $((SECONDS - began)) s"
