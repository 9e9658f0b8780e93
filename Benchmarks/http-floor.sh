#!/usr/bin/env bash
# The HTTP floor under the token service (issue 27), in one run, on loopback only: how much of the
# gap between the service and the Go peer is NIO's own HTTP/1 path, how much Hummingbird's async
# per-request path adds over it, and how much our route adds over a bare Hummingbird route.
# Sides, each loaded with the same request (../shared/peers/post.lua's JSON body, `wrk -t1 -cCONN`)
# in alternating rounds:
#   nio      `http-floor nio`: a bare NIO HTTP/1 handler answering a fixed body of the shape and size
#            of the service's zendesk-chat credentials answer;
#   hb       `http-floor hummingbird`: a bare Hummingbird 2 route (default settings) answering the same bytes;
#   service  the release `identity-server --config config.example.yaml` (POST .../zendesk-chat/credentials,
#            API key, info log, metrics), as Benchmarks/peer-compare.sh runs it;
#   go       ../shared/peers' Go service (net/http, minting the JWT), when it and `go` are present;
#   before   with BEFORE_BIN (another identity-server build, e.g. the main an issue started from), that build run
#            as the service side is, measured in the same rounds.
#
#   Benchmarks/http-floor.sh            (from the repository root)
#
# Its last line (rates: requests per second; cpu_us: server CPU per request, utime + stime from /proc):
#   http-floor: nio_rps=.. hb_rps=.. service_rps=.. go_rps=.. hb_vs_nio=.. service_vs_hb=.. go_vs_nio=..
#     service_vs_go=.. [service_vs_before=..] nio_cpu_us=.. hb_cpu_us=.. service_cpu_us=.. go_cpu_us=.. [before_cpu_us=..]
#     service_cpu_over_hb=.. [before_cpu_over_hb=..] p99_ms nio=.. hb=.. service=.. go=.. errors=..
# (service_cpu_over_hb: the service's CPU a request over the bare Hummingbird route's; issue 58's target is 1.10 at most.)
# Before it, on stderr: each round, the answers' sizes, the CPU split between the NIO event loop
# threads and the rest, and the load average at the start and the end.
#
# Environment: ROUNDS (default 3), SECS (seconds per round and side, default 4), CONN (connections,
# default 32), PEERS (default ../shared/peers), SKIP_BUILD=1 to reuse the release builds, BIN (an
# identity-server; default: the release one, built unless SKIP_BUILD=1), FLOOR (an http-floor binary;
# default: Benchmarks' release one, built unless SKIP_BUILD=1), PROFILE=1: after the rounds, one more
# round per Swift side under `perf record` (software clock, call graphs), whose report (by library,
# then the top functions) goes to stderr and, with PROFILE_DIR, the recordings and reports to that directory.
set -euo pipefail

ROUNDS="${ROUNDS:-3}"
SECS="${SECS:-4}"
CONN="${CONN:-32}"
PEERS="${PEERS:-../shared/peers}"
case "$ROUNDS$SECS$CONN" in *[!0-9]*) echo "ROUNDS, SECS and CONN must be whole numbers" >&2; exit 2 ;; esac
[ -f Package.swift ] && [ -f config.example.yaml ] && [ -f Benchmarks/Package.swift ] || { echo "run from the repository root" >&2; exit 2; }
command -v wrk >/dev/null 2>&1 || { echo "needs wrk (apt-get install wrk)" >&2; exit 2; }

# WORK, real secrets (the Go peer reads the same ZENDESK_CHAT_SECRET), release_binary, peer_body,
# start, peer, build_go_peer, wrk_script, ticks, and the cleanup of every process started.
source Benchmarks/serve-common.sh

[ -n "${FLOOR:-}" ] || FLOOR="$(release_binary http-floor Benchmarks)"
[ -n "${BIN:-}" ] || BIN="$(release_binary identity-server)"
peer_body
wrk_script "$WORK/service.lua" "wrk.headers[\"Authorization\"] = \"Bearer $DEMO_API_KEY\""
wrk_script "$WORK/plain.lua"

ROUTE=/v1/apps/demo/providers/zendesk-chat/credentials
declare -A URL LUA SERVER
SIDES=(nio hb service)
BIN="$FLOOR" start nio nio
URL[nio]="http://127.0.0.1:$PORT$ROUTE"; LUA[nio]="$WORK/plain.lua"; SERVER[nio]=$PID
BIN="$FLOOR" start hb hummingbird
URL[hb]="http://127.0.0.1:$PORT$ROUTE"; LUA[hb]="$WORK/plain.lua"; SERVER[hb]=$PID
start service --config config.example.yaml
URL[service]="http://127.0.0.1:$PORT$ROUTE"; LUA[service]="$WORK/service.lua"; SERVER[service]=$PID
if [ -n "${BEFORE_BIN:-}" ]; then
    BIN="$BEFORE_BIN" start before --config config.example.yaml
    URL[before]="http://127.0.0.1:$PORT$ROUTE"; LUA[before]="$WORK/service.lua"; SERVER[before]=$PID; SIDES+=(before)
fi
if build_go_peer && peer go "$WORK/gopeer"; then
    URL[go]="http://127.0.0.1:$PORT/chat"; LUA[go]="$WORK/plain.lua"; SERVER[go]=$PID; SIDES+=(go)
fi

# One request to each side: each must answer 200; the floors' answers should be as long as the service's.
declare -A ANSWER
for side in "${SIDES[@]}"; do
    ANSWER[$side]="$(curl -s -o /dev/null -w '%{http_code}:%{size_download}' -X POST -H 'Content-Type: application/json' \
        -H "Authorization: Bearer $DEMO_API_KEY" -d "$BODY" "${URL[$side]}")"
    case "${ANSWER[$side]}" in 200:*) ;; *) echo "$side answered ${ANSWER[$side]} (status:bytes), not 200" >&2; exit 1 ;; esac
done
sizes=()
for side in "${SIDES[@]}"; do sizes+=("$side=${ANSWER[$side]}"); done
for side in nio hb; do
    [ "${ANSWER[$side]}" = "${ANSWER[service]}" ] || echo "warning: $side's answer (${ANSWER[$side]}) is not the service's size (${ANSWER[service]})" >&2
done
echo "sides: ${SIDES[*]} (wrk -t1 -c$CONN, $ROUNDS rounds of ${SECS}s per side); answers (status:bytes): ${sizes[*]}" >&2
echo "load at start: $(uptime)" >&2

for side in "${SIDES[@]}"; do wrk -t1 -c"$CONN" -d2s -s "${LUA[$side]}" "${URL[$side]}" >/dev/null 2>&1; done
# Each round and side: "side requests duration_us p99_us errors total_ticks nio_ticks".
: >"$WORK/all"
for _ in $(seq 1 "$ROUNDS"); do
    for side in "${SIDES[@]}"; do
        before="$(ticks "${SERVER[$side]}")"
        result="$(wrk -t1 -c"$CONN" -d"${SECS}s" -s "${LUA[$side]}" "${URL[$side]}" 2>&1 | sed -n 's/^WRK //p')"
        after="$(ticks "${SERVER[$side]}")"
        [ -n "$result" ] || { echo "wrk gave no result for $side (${URL[$side]})" >&2; exit 1; }
        echo "$side $result $before $after" | awk '{ print $1, $2, $3, $4, $5, $8 - $6, $9 - $7 }' >>"$WORK/all"
    done
done
echo "load at end: $(uptime)" >&2

if [ "${PROFILE:-0}" = 1 ]; then
    command -v perf >/dev/null 2>&1 || { echo "PROFILE=1 needs perf (apt-get install linux-perf)" >&2; exit 2; }
    for side in "${SIDES[@]}"; do
        [ "$side" != go ] || continue
        perf record -q -e cpu-clock -F 999 -g -p "${SERVER[$side]}" -o "$WORK/$side.perf" -- sleep "$SECS" 2>/dev/null &
        recorder=$!
        wrk -t1 -c"$CONN" -d"${SECS}s" -s "${LUA[$side]}" "${URL[$side]}" >/dev/null 2>&1
        wait "$recorder" || true
        {
            echo "== profile $side: by library"
            perf report -i "$WORK/$side.perf" --stdio --no-children --sort dso --percent-limit 1 2>/dev/null | grep -v '^#' | grep -v '^$' | grep '%'
            echo "== profile $side: top functions (self)"
            perf report -i "$WORK/$side.perf" --stdio --no-children -g none --sort sym --percent-limit 1 2>/dev/null | grep '%' | head -25
        } >"$WORK/$side.report"
        cat "$WORK/$side.report" >&2
    done
    [ -z "${PROFILE_DIR:-}" ] || { mkdir -p "$PROFILE_DIR"; cp "$WORK"/*.perf "$WORK"/*.report "$PROFILE_DIR"/; }
fi

python3 - "$WORK/all" "$(getconf CLK_TCK)" <<'PY'
import sys, statistics
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
tick_us = 1e6 / int(sys.argv[2])
agg = {}
for side, req, dur, p99, err, cpu, nio in rows:
    print(f"  {side}: {int(req) / (int(dur) / 1e6):.0f} req/s p99 {int(p99) / 1000:.2f} ms errors {err}", file=sys.stderr)
    a = agg.setdefault(side, {"req": 0, "dur": 0, "p99": [], "err": 0, "cpu": 0, "nio": 0})
    a["req"] += int(req); a["dur"] += int(dur); a["p99"].append(int(p99) / 1000); a["err"] += int(err)
    a["cpu"] += int(cpu); a["nio"] += int(nio)
rps = {k: v["req"] / (v["dur"] / 1e6) for k, v in agg.items()}
cpu = {k: v["cpu"] * tick_us / max(v["req"], 1) for k, v in agg.items()}
nio = {k: v["nio"] * tick_us / max(v["req"], 1) for k, v in agg.items()}
print("cpu_us_per_request (NIO event loop threads / the rest): "
      + " ".join(f"{k}={nio[k]:.1f}/{max(cpu[k] - nio[k], 0):.1f}" for k in agg), file=sys.stderr)
ratio = lambda a, b: f"{a}_vs_{b}={rps[a] / rps[b]:.2f}" if a in rps and b in rps else None
line = ["http-floor:"] + [f"{k}_rps={rps[k]:.0f}" for k in agg]
line += [r for r in (ratio("hb", "nio"), ratio("service", "hb"), ratio("go", "nio"), ratio("service", "go"),
                     ratio("service", "before")) if r]
line += [f"{k}_cpu_us={cpu[k]:.1f}" for k in agg]
line += [f"{k}_cpu_over_hb={cpu[k] / cpu['hb']:.2f}" for k in ("service", "before") if k in cpu and cpu.get("hb")]
line += ["p99_ms"] + [f"{k}={statistics.median(agg[k]['p99']):.2f}" for k in agg]
line += [f"errors={sum(v['err'] for v in agg.values())}"]
print(" ".join(line))
PY
