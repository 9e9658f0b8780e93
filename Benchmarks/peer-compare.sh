#!/usr/bin/env bash
# The token service against the services a team would write instead, in one run, on loopback only:
# release `identity-server --config config.example.yaml` (POST .../zendesk-chat/credentials with its
# Bearer API key, one info log line per request, metrics) beside the Node peer and the Go peer of
# ../shared/peers/ (POST /chat; each side of the comparison is skipped when its peer or runtime is
# missing), with the same JSON body and `wrk -t1 -cCONN`, in alternating rounds, in two phases:
#   idle  the machine as it is;
#   busy  with one core kept busy by a busy-loop process this script starts and ends.
#
#   Benchmarks/peer-compare.sh            (from the repository root)
#
# One line per phase, the last two lines of its output (ratios: our requests per second over the peer's):
#   phase=idle service_rps=.. node_rps=.. go_rps=.. vs_node=.. vs_go=.. service_p99_ms=.. node_p99_ms=.. go_p99_ms=.. non2xx=..
#   phase=busy ...
# Goal (issue 27): vs_go >= 1.0, vs_node >= 2.0, service p99 no higher than either peer's, non2xx=0.
#
# Environment: ROUNDS (default 4), SECS (seconds per round and side, default 5), CONN (connections,
# default 32), PHASES (default "idle busy"), PEERS (default ../shared/peers), BIN (an identity-server;
# default: builds the release one unless SKIP_BUILD=1), SERVE_ARGS (more `serve` options), and for an
# A/B of a lever VARIANT_ENV (assignments, e.g. NIO_SINGLETON_GROUP_LOOP_COUNT=4) and/or
# VARIANT_ARGS: a second service side `variant` started with them, measured in the same rounds.
# TRACING=1 (issue 49) makes the variant the same server with tracing on at 100% (OTEL_TRACES_SAMPLER=always_on,
# spans batched and exported over OTLP/HTTP to a sink on loopback that this script starts and ends); BEFORE_BIN
# adds a side `before` (another identity-server build, e.g. the previous commit's) with the same arguments, so
# `vs_before` is this build's rate over that one's.
set -euo pipefail

ROUNDS="${ROUNDS:-4}"
SECS="${SECS:-5}"
CONN="${CONN:-32}"
PHASES="${PHASES:-idle busy}"
PEERS="${PEERS:-../shared/peers}"
case "$ROUNDS$SECS$CONN" in *[!0-9]*) echo "ROUNDS, SECS and CONN must be whole numbers" >&2; exit 2 ;; esac
[ -f Package.swift ] && [ -f config.example.yaml ] || { echo "run from the repository root" >&2; exit 2; }
command -v wrk >/dev/null 2>&1 || { echo "needs wrk (apt-get install wrk)" >&2; exit 2; }

# WORK, real secrets (the peers read the same ZENDESK_CHAT_SECRET), start NAME ARGS..., peer, wrk_script, cleanup.
source Benchmarks/serve-common.sh

[ -n "${BIN:-}" ] || BIN="$(release_binary identity-server)"
peer_body
wrk_script "$WORK/service.lua" "wrk.headers[\"Authorization\"] = \"Bearer $DEMO_API_KEY\""
wrk_script "$WORK/peer.lua"

declare -A URL LUA
SIDES=()
start service --config config.example.yaml ${SERVE_ARGS:-}
URL[service]="http://127.0.0.1:$PORT/v1/apps/demo/providers/zendesk-chat/credentials"; LUA[service]="$WORK/service.lua"; SIDES+=(service)
if [ -n "${BEFORE_BIN:-}" ]; then
    BIN="$BEFORE_BIN" start before --config config.example.yaml ${SERVE_ARGS:-}
    URL[before]="http://127.0.0.1:$PORT/v1/apps/demo/providers/zendesk-chat/credentials"; LUA[before]="$WORK/service.lua"; SIDES+=(before)
fi
if [ "${TRACING:-0}" = 1 ]; then
    # An OTLP/HTTP sink: answers every export 200 (an empty ExportTraceServiceResponse) and counts them.
    python3 -u -c '
import http.server, sys
class Sink(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(200); self.send_header("Content-Type", "application/x-protobuf"); self.send_header("Content-Length", "0"); self.end_headers()
        sys.stderr.write("export\n")
    def log_message(self, *args): pass
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Sink)
print(server.server_address[1], flush=True)
server.serve_forever()' >"$WORK/sink.port" 2>"$WORK/sink.log" &
    PIDS+=($!)
    for _ in $(seq 1 100); do [ -s "$WORK/sink.port" ] && break; sleep 0.1; done
    VARIANT_ENV="OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:$(cat "$WORK/sink.port") OTEL_TRACES_SAMPLER=always_on ${VARIANT_ENV:-}"
fi
if [ -n "${VARIANT_ENV:-}${VARIANT_ARGS:-}" ]; then
    START_ENV="${VARIANT_ENV:-}" start variant --config config.example.yaml ${SERVE_ARGS:-} ${VARIANT_ARGS:-}
    URL[variant]="http://127.0.0.1:$PORT/v1/apps/demo/providers/zendesk-chat/credentials"; LUA[variant]="$WORK/service.lua"; SIDES+=(variant)
fi
# add_peer NAME COMMAND...: a side for one of the peers, when it starts.
add_peer() {
    local name="$1"; shift
    if peer "$name" "$@"; then URL[$name]="http://127.0.0.1:$PORT/chat"; LUA[$name]="$WORK/peer.lua"; SIDES+=("$name"); fi
}
if [ -f "$PEERS/node_chat_jwt.js" ] && command -v node >/dev/null 2>&1; then add_peer node node "$PEERS/node_chat_jwt.js"; fi
if build_go_peer; then add_peer go "$WORK/gopeer"; fi
echo "sides: ${SIDES[*]} (wrk -t1 -c$CONN, $ROUNDS rounds of ${SECS}s per side and phase)" >&2

for side in "${SIDES[@]}"; do wrk -t1 -c"$CONN" -d2s -s "${LUA[$side]}" "${URL[$side]}" >/dev/null 2>&1; done
: >"$WORK/all"
for phase in $PHASES; do
    BUSY=""
    if [ "$phase" = busy ]; then
        bash -c 'while :; do :; done' &
        BUSY=$!; PIDS+=("$BUSY")
    fi
    for _ in $(seq 1 "$ROUNDS"); do
        for side in "${SIDES[@]}"; do
            wrk -t1 -c"$CONN" -d"${SECS}s" -s "${LUA[$side]}" "${URL[$side]}" 2>&1 | sed -n "s/^WRK/$phase $side/p" >>"$WORK/all"
        done
    done
    if [ -n "$BUSY" ]; then kill "$BUSY"; wait "$BUSY" 2>/dev/null || true; fi
done

python3 - "$WORK/all" <<'PY'
import sys, statistics
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
for phase, side, req, dur, p99, err in rows:
    print(f"  {phase} {side}: {int(req) / (int(dur) / 1e6):.0f} req/s p99 {int(p99) / 1000:.2f} ms errors {err}", file=sys.stderr)
for phase in dict.fromkeys(r[0] for r in rows):
    agg = {}
    for _, side, req, dur, p99, err in (r for r in rows if r[0] == phase):
        a = agg.setdefault(side, {"req": 0, "dur": 0, "p99": [], "err": 0})
        a["req"] += int(req); a["dur"] += int(dur); a["p99"].append(int(p99) / 1000); a["err"] += int(err)
    rps = {k: v["req"] / (v["dur"] / 1e6) for k, v in agg.items()}
    p99 = {k: statistics.median(v["p99"]) for k, v in agg.items()}
    line = [f"phase={phase}"] + [f"{k}_rps={rps[k]:.0f}" for k in agg]
    line += [f"vs_{k}={rps['service'] / rps[k]:.2f}" for k in agg if k not in ("service", "variant")]
    line += [f"{k}_p99_ms={p99[k]:.2f}" for k in agg]
    if "variant" in agg: line += [f"variant_over_service={rps['variant'] / rps['service']:.2f}"]
    line += [f"non2xx={agg['service']['err']}"] + ([f"variant_non2xx={agg['variant']['err']}"] if "variant" in agg else [])
    print(" ".join(line))
PY
if [ "${TRACING:-0}" = 1 ]; then echo "tracing: the sink took $(grep -c export "$WORK/sink.log" || true) OTLP exports" >&2; fi
