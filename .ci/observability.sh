#!/usr/bin/env bash
# Issue 49: what identity-server tells an operator (metrics, alert rules, dashboard, spans, JSON log lines), checked
# end to end on loopback:
#
#   bash .ci/observability.sh SERVER_BINARY      (from the repository root)
#
#   1. .ci/alert-rules.sh: promtool check and unit tests of deploy/prometheus/identity-server.rules.yaml;
#   2. an OTLP/HTTP receiver (.ci/otlp_receiver.py, its self-test first) that writes each span as a JSON line;
#   3. identity-server with a temporary configuration (.ci/observability_load.py setup: API keys, zendesk-chat and
#      zendesk-support, an HS256 session-token issuer and a jwks_url one), --metrics-port 0 --log-format json and
#      OTLP tracing to the receiver: /metrics answers 404 on the service listener and 200 on the metrics listener,
#      where every family has # HELP, and which serves nothing but /metrics, /healthz and /readyz;
#   4. Prometheus scraping the metrics listener every second (job identity-server) with the rules file loaded;
#   5. a load of a few hundred requests (.ci/observability_load.py run), each with its own traceparent and
#      X-Request-Id: API keys right and wrong, session tokens valid, expired, tampered, of an unpublished key and of an
#      issuer whose keys are not there yet (503), verify, jwt, an unknown app and provider, a 422; the metrics then
#      hold every documented family; then an invalid configuration and SIGHUP: a refused reload, scraped 3 times;
#   6. .ci/prometheus_check.py: every dashboard query and alert expression returns series, with metric and label
#      names Prometheus stored (and its self-test: a renamed metric and a misspelt grouping label are named);
#   7. SIGTERM (the server flushes its spans and exits 0), then .ci/trace_check.py: one server span per request,
#      child of the caller's span, with the documented attributes and children; the JSON log lines; no sensitive
#      value in a span, a log line or the metrics (and its self-test).
# Every process it starts it stops (Benchmarks/serve-common.sh's cleanup); everything listens on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
BIN="${1:?usage: .ci/observability.sh SERVER_BINARY}"
[ -x "$BIN" ] || { echo "observability.sh: $BIN is not an executable" >&2; exit 1; }
BIN="$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")"
# opentelemetry-proto, PyJWT, cryptography and PyYAML (pinned in .ci/requirements.txt) from the CI venv of .ci/install.sh.
venv="${CI_VENV:-$(bash .ci/install.sh | sed -n 's/^venv=//p')}"
PY="$venv/bin/python"
source Benchmarks/serve-common.sh

# fail MESSAGE: says what failed, with the last lines of each log of the run, and exits 1 (the cleanup stops the rest).
fail() {
    echo "observability.sh: FAILED: $*" >&2
    local log
    for log in "$WORK"/server.out "$WORK"/server.err "$WORK"/receiver.err "$WORK"/prometheus.log; do
        [ -s "$log" ] && { echo "--- last lines of $(basename "$log"):" >&2; tail -5 "$log" >&2; }
    done
    exit 1
}
command -v prometheus >/dev/null || fail "no prometheus on PATH: apt-get install prometheus (.ci/install.sh installs it)"
RULES=deploy/prometheus/identity-server.rules.yaml
DASHBOARD=deploy/grafana/identity-server.json
[ -f "$RULES" ] && [ -f "$DASHBOARD" ] || fail "$RULES and $DASHBOARD are needed"

# wait_for WHAT SECONDS COMMAND...: runs COMMAND every 0.1 s until it succeeds, or fails naming WHAT.
wait_for() {
    local what="$1" seconds="$2"; shift 2
    for _ in $(seq 1 $((seconds * 10))); do "$@" >/dev/null && return 0; sleep 0.1; done
    fail "$what (waited ${seconds}s)"
}
status_of() { curl -s -o /dev/null -w '%{http_code}' "$1"; }

echo "== alert rules: promtool check rules, promtool test rules (.ci/alert-rules.sh)"
bash .ci/alert-rules.sh

echo "== OTLP receiver"
"$PY" .ci/otlp_receiver.py --self-test
"$PY" .ci/otlp_receiver.py "$WORK/spans.jsonl" >"$WORK/receiver.out" 2>"$WORK/receiver.err" &
RECEIVER_PID=$!
PIDS+=("$RECEIVER_PID")
wait_for "the OTLP receiver did not print its listening line" 10 grep -q '"listening"' "$WORK/receiver.out"
RECEIVER_PORT="$(sed -n 's/.*"port": *\([0-9]*\).*/\1/p' "$WORK/receiver.out" | head -1)"
echo "observability: OTLP receiver on 127.0.0.1:$RECEIVER_PORT"

echo "== identity-server with --metrics-port 0 --log-format json, tracing to the receiver"
JWKS_PORT="$(free_port)"
"$PY" .ci/observability_load.py setup "$WORK/obs" "$JWKS_PORT"
env OTEL_EXPORTER_OTLP_ENDPOINT="http://127.0.0.1:$RECEIVER_PORT" OTEL_TRACES_SAMPLER=always_on OTEL_BSP_SCHEDULE_DELAY=200 \
    "$BIN" --config "$WORK/obs/config.yaml" --host 127.0.0.1 --port 0 --metrics-host 127.0.0.1 --metrics-port 0 \
    --log-format json --watch-interval 1 >"$WORK/server.out" 2>"$WORK/server.err" &
SERVER_PID=$!
PIDS+=("$SERVER_PID")
listening() {
    kill -0 "$SERVER_PID" 2>/dev/null || fail "identity-server exited before it listened"
    [ "$(grep -c '"event":"listening"' "$WORK/server.out")" -ge 2 ]
}
wait_for "identity-server did not print its two listening lines" 30 listening
PORT="$(grep '"event":"listening"' "$WORK/server.out" | grep -v '"listener":"metrics"' | sed -n 's/.*"port":\([0-9]*\).*/\1/p')"
METRICS_PORT="$(grep '"listener":"metrics"' "$WORK/server.out" | sed -n 's/.*"port":\([0-9]*\).*/\1/p')"
[ -n "$PORT" ] && [ -n "$METRICS_PORT" ] && [ "$PORT" != "$METRICS_PORT" ] || fail "listening lines: $(cat "$WORK/server.out")"
head -1 "$WORK/server.out" | grep -q "^{\"event\":\"listening\",\"host\":\"127.0.0.1\",\"port\":$PORT}\$" \
    || fail "the first line is not the service's listening line: $(head -2 "$WORK/server.out")"
grep '"listener":"metrics"' "$WORK/server.out" | grep -q '"host":"127.0.0.1"' || fail "the metrics listener is not on 127.0.0.1"
SERVICE="http://127.0.0.1:$PORT"
METRICS="http://127.0.0.1:$METRICS_PORT"
echo "observability: service listener :$PORT, metrics listener :$METRICS_PORT"
[ "$(status_of "$SERVICE/metrics")" = 404 ] || fail "the service listener answers /metrics $(status_of "$SERVICE/metrics"), not 404"
[ "$(status_of "$METRICS/metrics")" = 200 ] || fail "the metrics listener answers /metrics $(status_of "$METRICS/metrics")"
for path in /healthz /readyz; do
    [ "$(status_of "$METRICS$path")" = 200 ] || fail "the metrics listener answers $path $(status_of "$METRICS$path")"
done
# The metrics listener serves nothing else: a service route is 404 there (not 405 with an Allow it does not honour).
credentials_path=/v1/apps/obs/providers/chat/credentials
answer="$(curl -s -o /dev/null -w '%{http_code}' -X POST "$METRICS$credentials_path")"
[ "$answer" = 404 ] || fail "the metrics listener answers POST $credentials_path $answer, not 404"
answer="$(curl -s -o /dev/null -w '%{http_code}' "$METRICS$credentials_path")"
[ "$answer" = 404 ] || fail "the metrics listener answers GET $credentials_path $answer, not 404"
curl -s "$METRICS/metrics" >"$WORK/metrics-start.txt"
"$PY" .ci/observability_load.py metrics "$WORK/metrics-start.txt"

echo "== Prometheus scraping the metrics listener every second, with $RULES"
PROM_PORT="$(free_port)"
PROM="http://127.0.0.1:$PROM_PORT"
cat >"$WORK/prometheus.yml" <<YAML
global: { scrape_interval: 1s, evaluation_interval: 1s }
rule_files: [ "$PWD/$RULES" ]
scrape_configs:
  - job_name: identity-server
    static_configs: [ { targets: [ "127.0.0.1:$METRICS_PORT" ] } ]
YAML
prometheus --config.file="$WORK/prometheus.yml" --storage.tsdb.path="$WORK/prometheus-data" \
    --web.listen-address="127.0.0.1:$PROM_PORT" --log.level=warn >"$WORK/prometheus.log" 2>&1 &
PROM_PID=$!
PIDS+=("$PROM_PID")
# query PROMQL: the number of series an instant query returns.
query() {
    curl -s --get "$PROM/api/v1/query" --data-urlencode "query=$1" | "$PY" -c '
import json, sys
try:
    answer = json.load(sys.stdin)
    print(len(answer["data"]["result"]) if answer.get("status") == "success" else -1)
except ValueError:
    print(-1)'
}
up() { [ "$(query 'up{job="identity-server"} == 1')" = 1 ]; }
wait_for "Prometheus did not scrape identity-server" 60 up
echo "observability: Prometheus on :$PROM_PORT scrapes the metrics listener"

echo "== load"
"$PY" .ci/observability_load.py run "$WORK/obs" "$SERVICE"
curl -s "$METRICS/metrics" >"$WORK/metrics.txt"
"$PY" .ci/observability_load.py metrics "$WORK/metrics.txt" --contract
sleep 3   # three more scrapes of the load's last counts

echo "== a refused reload: invalid YAML, then SIGHUP"
printf 'apps:\n  obs: [ this is not\n' >"$WORK/obs/config.yaml"
kill -HUP "$SERVER_PID"
refused() { [ "$(query 'identitybridge_config_reload_refused == 1')" = 1 ]; }
wait_for "Prometheus never saw identitybridge_config_reload_refused 1" 30 refused
scraped() { [ "$(query 'sum_over_time(identitybridge_config_reload_refused[1m]) >= 3')" = 1 ]; }
wait_for "Prometheus did not scrape the refused reload 3 times" 30 scraped
curl -s "$SERVICE/readyz" | grep -q '"reload_refused"' || fail "/readyz does not report the refused reload: $(curl -s "$SERVICE/readyz")"
grep -q '"reload refused"\|reload.*refused' "$WORK/server.err" || fail "no log line says the reload was refused"
echo "observability: reload refused: identitybridge_config_reload_refused 1 scraped 3 times, /readyz reports it"

echo "== the dashboard's and the alert rules' queries against Prometheus"
"$PY" .ci/prometheus_check.py "$PROM" "$DASHBOARD" "$RULES"
"$PY" .ci/prometheus_check.py --self-test "$PROM" "$DASHBOARD" "$RULES"

echo "== SIGTERM, then the spans and the log lines"
kill -TERM "$SERVER_PID"
code=0
wait "$SERVER_PID" || code=$?
[ "$code" = 0 ] || fail "identity-server exited $code after SIGTERM: $(tail -3 "$WORK/server.err")"
kill -TERM "$RECEIVER_PID"
wait "$RECEIVER_PID" || fail "the OTLP receiver exited non-zero: $(cat "$WORK/receiver.err")"
echo "observability: receiver: $(tail -1 "$WORK/receiver.err")"
"$PY" .ci/trace_check.py "$WORK/spans.jsonl" "$WORK/obs/sent.json" --log "$WORK/server.err" \
    --scan "$WORK/metrics.txt" --scan "$WORK/server.out"
"$PY" .ci/trace_check.py --self-test
echo "observability.sh: ok in $((SECONDS - start))s"
