#!/usr/bin/env bash
# Load test of the token service against a bare Hummingbird route, on loopback only.
# (Against the Node and Go services a team would write instead: Benchmarks/peer-compare.sh.)
#
#   Benchmarks/service-load.sh            (from the repository root)
#
# Builds identity-server and the Benchmarks package's bare-serve in release mode, installs wrk (Debian's package) when missing, starts
# `identity-server --config config.example.yaml` on 127.0.0.1 with a free port and drives
# POST /v1/apps/demo/providers/zendesk-chat/credentials with a Bearer API key and a JSON body; and
# does the same against `bare-serve` (Benchmarks/Sources/bare-serve: a bare Hummingbird route at the same path template
# answering a constant JSON body of the same size), with the same request, connections and duration. Every process it starts it stops.
# Its last line:
#   service_rps=X bare_rps=Y ratio=Z errors=N p99_ms=P bare_p99_ms=Q rss_start_kib=A rss_end_kib=B
# Targets: ratio >= 0.9, errors 0, p99 within 1.5x of the bare route's, RSS flat.
# Before it, on stderr, the server CPU each side spends per request (utime + stime from /proc, in
# microseconds; `nio` is the NIO event loop threads, `other` the rest, mostly the Swift concurrency pool
# that runs the handlers):
#   cpu_us_per_request: service=X (nio=A other=B) bare=Y (nio=C other=D) extra=Z
# and, from a third server measured in the same rounds, how close the route's purpose alone gets to
# the bare route on this machine: `bare-serve --config ...` does only the credentials
# route's required work (compare the API key, read the JSON body, issue the credential, answer it as
# the service does) with no routing to instances, uniform errors, metrics or logs:
#   minimal_rps=X minimal_ratio=Y minimal_errors=N minimal_cpu_us_per_request=Z
#
# Environment: DURATION (seconds per side, default 10), ROUNDS (the sides alternate in this many
# rounds of DURATION/ROUNDS seconds, default 5, so that other load on the machine hits both alike),
# WARMUP (seconds, default 2), CONNECTIONS (default 16), THREADS (wrk threads, default 1),
# SKIP_BUILD=1 to reuse the release build.
set -euo pipefail

DURATION="${DURATION:-10}"
WARMUP="${WARMUP:-2}"
CONNECTIONS="${CONNECTIONS:-16}"
THREADS="${THREADS:-1}"
ROUNDS="${ROUNDS:-5}"
case "$DURATION$WARMUP$CONNECTIONS$THREADS$ROUNDS" in *[!0-9]*) echo "DURATION, WARMUP, CONNECTIONS and THREADS must be whole numbers" >&2; exit 2 ;; esac
[ "$DURATION" -ge 1 ] && [ "$DURATION" -le 300 ] || { echo "DURATION must be 1..300 seconds" >&2; exit 2; }
[ "$ROUNDS" -ge 1 ] && [ "$ROUNDS" -le "$DURATION" ] || { echo "ROUNDS must be 1..DURATION" >&2; exit 2; }

[ -f Package.swift ] && [ -f config.example.yaml ] || { echo "run from the repository root" >&2; exit 2; }

if ! command -v wrk >/dev/null 2>&1; then
    echo "installing wrk (Debian package)" >&2
    if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
    $SUDO apt-get update -qq >&2 && $SUDO apt-get install -y -qq wrk >&2
fi

if [ "${SKIP_BUILD:-0}" != 1 ]; then
    swift build -c release --product identity-server >&2
    swift build --package-path Benchmarks -c release --product bare-serve >&2
fi
BIN="$(swift build -c release --show-bin-path)/identity-server"
BARE_BIN="$(swift build --package-path Benchmarks -c release --show-bin-path)/bare-serve"

# WORK, the secrets, start NAME ARGS... and the cleanup of every process started.
source Benchmarks/serve-common.sh

stop() {
    kill -TERM "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}

rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }

BODY='{"user_id":"load-user-1","email":"load.user@example.com","name":"Load User"}'
cat >"$WORK/post.lua" <<LUA
wrk.method = "POST"
wrk.body = '$BODY'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $DEMO_API_KEY"
LUA

# run URL DURATION: wrk's report into $WORK/wrk.txt.
run() {
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$2"s --latency -s "$WORK/post.lua" "$1" >"$WORK/wrk.txt"
}
rps() { awk '/^Requests\/sec:/ { printf "%.0f", $2 }' "$WORK/wrk.txt"; }
requests() { awk '/ requests in / { print $1 }' "$WORK/wrk.txt"; }
# measure NAME URL PID: one round; appends "rps p99 errors requests total_ticks nio_ticks" to $WORK/NAME.rounds.
measure() {
    local before after
    before="$(ticks "$3")"
    run "$2" "$ROUND_SECONDS"
    after="$(ticks "$3")"
    echo "$(rps) $(p99) $(errors) $(requests) $before $after" |
        awk '{ print $1, $2, $3, $4, $7 - $5, $8 - $6 }' >>"$WORK/$1.rounds"
}
# The 99th percentile in milliseconds.
p99() {
    awk '$1 == "99%" { v = $2; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 }; printf "%.3f", v }' "$WORK/wrk.txt"
}
errors() {
    awk '/Non-2xx or 3xx responses:/ { n += $NF } /Socket errors:/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+,?$/) { gsub(",", "", $i); n += $i } } END { print n + 0 }' "$WORK/wrk.txt"
}

# Both servers run; the sides alternate in ROUNDS rounds so that other load on the machine hits both alike.
start service --config config.example.yaml --log-level warning
SERVICE_PID=$PID
SERVICE_URL="http://127.0.0.1:$PORT/v1/apps/demo/providers/zendesk-chat/credentials"
SIZE="$(python3 - "$SERVICE_URL" "$DEMO_API_KEY" "$BODY" <<'PY'
import sys, urllib.request
request = urllib.request.Request(sys.argv[1], data=sys.argv[3].encode(), method="POST",
    headers={"Content-Type": "application/json", "Authorization": "Bearer " + sys.argv[2]})
with urllib.request.urlopen(request, timeout=10) as response:
    assert response.status == 200, response.status
    print(len(response.read()))
PY
)"
BIN="$BARE_BIN" start bare --body-size "$SIZE"
BARE_PID=$PID
BARE_URL="http://127.0.0.1:$PORT/v1/apps/demo/providers/zendesk-chat/credentials"
BIN="$BARE_BIN" start minimal --config config.example.yaml --app demo --provider zendesk-chat
MINIMAL_PID=$PID
MINIMAL_URL="http://127.0.0.1:$PORT/v1/apps/demo/providers/zendesk-chat/credentials"
# The minimal route must answer what the service answers (the same keys, app, kind and provider, of the
# same size), or the comparison would weigh a route that does something else.
python3 - "$SERVICE_URL" "$MINIMAL_URL" "$DEMO_API_KEY" "$BODY" <<'PY'
import json, sys, urllib.request
def post(url):
    request = urllib.request.Request(url, data=sys.argv[4].encode(), method="POST",
        headers={"Content-Type": "application/json", "Authorization": "Bearer " + sys.argv[3]})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200, (url, response.status)
        return response.read()
served, answered = post(sys.argv[1]), post(sys.argv[2])
s, m = json.loads(served), json.loads(answered)
assert sorted(m) == sorted(s), ("keys", sorted(m), sorted(s))
assert all(m[k] == s[k] for k in ("app", "kind", "provider")), "app, kind or provider differ"
assert len(answered) == len(served), ("size", len(answered), len(served))
PY

run "$SERVICE_URL" "$WARMUP"
run "$BARE_URL" "$WARMUP"
run "$MINIMAL_URL" "$WARMUP"
RSS_START="$(rss_kib "$SERVICE_PID")"
ROUND_SECONDS=$(( DURATION / ROUNDS )); [ "$ROUND_SECONDS" -ge 1 ] || ROUND_SECONDS=1
: >"$WORK/service.rounds"; : >"$WORK/bare.rounds"; : >"$WORK/minimal.rounds"
for round in $(seq 1 "$ROUNDS"); do
    measure service "$SERVICE_URL" "$SERVICE_PID"
    measure bare "$BARE_URL" "$BARE_PID"
    measure minimal "$MINIMAL_URL" "$MINIMAL_PID"
done
RSS_END="$(rss_kib "$SERVICE_PID")"
echo "rounds (rps p99_ms errors requests cpu_ticks nio_ticks): service: $(tr '\n' ';' <"$WORK/service.rounds") bare: $(tr '\n' ';' <"$WORK/bare.rounds") minimal: $(tr '\n' ';' <"$WORK/minimal.rounds")" >&2
# Server CPU per request over all rounds: "total nio other" in microseconds.
cpu() { awk -v hz="$(getconf CLK_TCK)" '{ n += $4; t += $5; i += $6 } END { u = 1e6 / hz / (n > 0 ? n : 1); printf "%.1f %.1f %.1f", t * u, i * u, (t - i) * u }' "$1"; }
read -r SERVICE_CPU SERVICE_NIO SERVICE_OTHER <<<"$(cpu "$WORK/service.rounds")"
read -r BARE_CPU BARE_NIO BARE_OTHER <<<"$(cpu "$WORK/bare.rounds")"
echo "cpu_us_per_request: service=$SERVICE_CPU (nio=$SERVICE_NIO other=$SERVICE_OTHER) bare=$BARE_CPU (nio=$BARE_NIO other=$BARE_OTHER) extra=$(awk -v s="$SERVICE_CPU" -v b="$BARE_CPU" 'BEGIN { printf "%.1f", s - b }')" >&2
# Mean requests per second, median p99, summed errors.
summary() {
    local median
    median="$(awk '{ print $2 }' "$1" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')"
    awk -v p99="$median" '{ r += $1; e += $3 } END { printf "%.0f %s %d", r / NR, p99, e }' "$1"
}
read -r SERVICE_RPS SERVICE_P99 SERVICE_ERRORS <<<"$(summary "$WORK/service.rounds")"
read -r BARE_RPS BARE_P99 BARE_ERRORS <<<"$(summary "$WORK/bare.rounds")"
read -r MINIMAL_RPS _ MINIMAL_ERRORS <<<"$(summary "$WORK/minimal.rounds")"
read -r MINIMAL_CPU _ <<<"$(cpu "$WORK/minimal.rounds")"
stop "$SERVICE_PID"
stop "$BARE_PID"
stop "$MINIMAL_PID"

# ratio RPS: RPS over the bare route's.
ratio() { awk -v s="$1" -v b="$BARE_RPS" 'BEGIN { printf "%.2f", (b > 0 ? s / b : 0) }'; }
RATIO="$(ratio "$SERVICE_RPS")"
echo "minimal_rps=$MINIMAL_RPS minimal_ratio=$(ratio "$MINIMAL_RPS") minimal_errors=$MINIMAL_ERRORS minimal_cpu_us_per_request=$MINIMAL_CPU" >&2
echo "body_bytes=$SIZE bare_errors=$BARE_ERRORS connections=$CONNECTIONS duration_s=$DURATION" >&2
echo "service_rps=$SERVICE_RPS bare_rps=$BARE_RPS ratio=$RATIO errors=$SERVICE_ERRORS p99_ms=$SERVICE_P99 bare_p99_ms=$BARE_P99 rss_start_kib=$RSS_START rss_end_kib=$RSS_END"
