#!/usr/bin/env bash
# Issue 48: identity-server against a real OpenID Connect provider (django-oidc-provider 0.9, .ci/oidc/), on loopback.
#
#   bash .ci/oidc-provider.sh [IDENTITY_SERVER_BIN]      (from the repository root; .ci/run runs it with the debug build)
#
# The service's one app accepts the provider's RS256 ID tokens (issuer_url: OpenID discovery) and nothing else (no API
# key). A load (.ci/oidc/load.py, 4 connections) runs from the first token to the end while the test:
#   1. rotates the provider's signing key ROTATIONS times (default 2), swapping the load's token for one signed by the
#      new key: the service fetches the key set at most once per rotation (its log lines `session keys fetched` with
#      reason=unknown_kid), and no request fails;
#   2. retires the old key each time: once the cache has moved on (max_age 5 s), a token signed by it is refused 401,
#      "not in the current key set";
#   3. stops the provider for DOWN_SECONDS (default 60): the load goes on with the cached keys (max_stale 5m) and
#      /readyz reports the issuer stale with the fetch error; restarted, the issuer is fresh again.
# At the end the load must count 0 failed requests. The figures are printed as `oidc: ...` lines (RESULTS.md has them).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${1:-${IDENTITY_SERVER_BIN:-$(swift build --show-bin-path)/identity-server}}"
PY="${CI_VENV:+$CI_VENV/bin/python}"
PY="${PY:-python3}"
ROTATIONS="${ROTATIONS:-2}"
DOWN_SECONDS="${DOWN_SECONDS:-60}"
source Benchmarks/serve-common.sh

fail() { echo "oidc-provider.sh: FAILED: $*" >&2; exit 1; }

# The provider: set up, served on a free port, awaited until its discovery document answers.
IDP="$WORK/idp"
IDP_PORT="$(free_port)"
"$PY" .ci/oidc/provider.py setup "$IDP" >/dev/null
start_provider() {
    "$PY" .ci/oidc/provider.py serve "$IDP" "$IDP_PORT" 2>>"$WORK/idp.log" &
    IDP_PID=$!
    PIDS+=("$IDP_PID")
    for _ in $(seq 1 100); do
        curl -sf "http://127.0.0.1:$IDP_PORT/openid/.well-known/openid-configuration" >/dev/null && return 0
        sleep 0.1
    done
    fail "the provider did not answer (see its log: $(tail -3 "$WORK/idp.log"))"
}
start_provider
token() { "$PY" .ci/oidc/provider.py token "$IDP" "$IDP_PORT"; }

cat >"$WORK/config.yaml" <<YAML
apps:
  demo:
    service:
      session_tokens:
        issuers:
          - issuer_url: http://127.0.0.1:$IDP_PORT/openid
            audience: identitybridge-app
            algorithms: [ RS256 ]
            keys_cache: { min_age: 5s, max_age: 5s, max_stale: 5m, refresh_interval: 10s, timeout: 5s }
    providers:
      - kind: zendesk-chat
        name: chat
        account_key: \${ZENDESK_CHAT_ACCOUNT_KEY}
        secret: \${ZENDESK_CHAT_SECRET}
YAML
start server --config "$WORK/config.yaml"
SERVICE="http://127.0.0.1:$PORT"
CREDENTIALS="$SERVICE/v1/apps/demo/providers/chat/credentials"
readyz_state() { curl -s "$SERVICE/readyz" | "$PY" -c 'import json,sys; k=json.load(sys.stdin)["session_keys"][0]; print(k["state"], "|", k.get("error", ""))'; }
post() { curl -s -o "$WORK/answer" -w '%{http_code}' -X POST -H "Authorization: Bearer $1" "$CREDENTIALS"; }
fetches() { cat "$WORK/server.out" "$WORK/server.err" | grep -c "session keys fetched" || true; }
kid_fetches() { cat "$WORK/server.out" "$WORK/server.err" | grep "session keys fetched" | grep -c unknown_kid || true; }

set_token() { printf '%s' "$1" >"$WORK/token.next" && mv "$WORK/token.next" "$WORK/token"; }
# The first fetch runs in the background (issue 59: the server listens at once); a token waits for it at most 1 s.
for _ in $(seq 1 100); do [ "$(readyz_state)" = "fresh | " ] && break; sleep 0.1; done
first="$(token)"
[ "$(post "$first")" = 200 ] || fail "a token of the provider was refused: $(cat "$WORK/answer")"
[ "$(readyz_state)" = "fresh | " ] || fail "/readyz: $(readyz_state)"
set_token "$first"
"$PY" .ci/oidc/load.py --url "$CREDENTIALS" --token-file "$WORK/token" --concurrency 4 --stop-file "$WORK/stop" \
    --max-seconds $((DOWN_SECONDS + 40 * ROTATIONS + 120)) >"$WORK/load.json" &
LOAD_PID=$!
PIDS+=("$LOAD_PID")
sleep 2

previous="$first"
for rotation in $(seq 1 "$ROTATIONS"); do
    old_kid="$("$PY" .ci/oidc/provider.py kids "$IDP" | head -1)"
    before="$(kid_fetches)"
    new_kid="$("$PY" .ci/oidc/provider.py rotate "$IDP")"
    next="$(token)"
    set_token "$next"
    sleep 3
    extra=$(($(kid_fetches) - before))
    echo "oidc: rotation $rotation: key $old_kid -> $new_kid under load; key set fetches for the new kid: $extra"
    [ "$extra" -le 1 ] || fail "rotation $rotation cost $extra fetches for one new kid"
    "$PY" .ci/oidc/provider.py retire "$IDP" "$old_kid"
    # The cache moves on at its next scheduled refresh (80 % of max_age 5 s); then the retired key's token is refused.
    sleep 7
    status="$(post "$previous")"
    [ "$status" = 401 ] && grep -q 'is not in the current key set' "$WORK/answer" \
        || fail "rotation $rotation: a token of the retired key answered $status: $(cat "$WORK/answer")"
    echo "oidc: rotation $rotation: the retired key's token, once the cache moved on: 401 $(cat "$WORK/answer")"
    # That refused token used the issuer's unknown-kid refresh for refresh_interval (10 s): the next rotation waits it
    # out, as a provider's rotations are far apart (one right after it failed 2,028 requests for 2 s in a CI run).
    sleep 10
    previous="$next"
done

kill -TERM "$IDP_PID"
wait "$IDP_PID" 2>/dev/null || true
echo "oidc: provider stopped for $DOWN_SECONDS s"
sleep $((DOWN_SECONDS / 2))
down="$(readyz_state)"
echo "oidc: /readyz while the provider is down: $down"
case "$down" in "stale | "?*) ;; *) fail "/readyz did not report the stale issuer with its error: $down" ;; esac
[ "$(post "$previous")" = 200 ] || fail "a login on the cached keys failed while the provider was down: $(cat "$WORK/answer")"
sleep $((DOWN_SECONDS - DOWN_SECONDS / 2))
start_provider
for _ in $(seq 1 100); do [ "$(readyz_state)" = "fresh | " ] && break; sleep 0.2; done
[ "$(readyz_state)" = "fresh | " ] || fail "the issuer did not become fresh again: $(readyz_state)"
echo "oidc: provider restarted: /readyz fresh again"

touch "$WORK/stop"
wait "$LOAD_PID" || true
load="$(cat "$WORK/load.json")"
echo "oidc: load: $load"
failed="$("$PY" -c 'import json,sys; print(json.loads(sys.argv[1])["failed"])' "$load")"
requests="$("$PY" -c 'import json,sys; print(json.loads(sys.argv[1])["requests"])' "$load")"
echo "oidc: $requests requests, $failed failed; key set fetches in all: $(fetches) (for an unknown kid: $(kid_fetches))"
[ "$failed" = 0 ] || fail "$failed requests failed under load"
[ "$requests" -gt 0 ] || fail "the load sent nothing"
echo "oidc-provider.sh: ok"
