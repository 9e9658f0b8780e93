#!/usr/bin/env bash
# The token service under hostile clients (issue 26), on loopback only.
#
#   Benchmarks/service-hostile.sh            (from the repository root)
#
# Builds identityctl in release mode (SKIP_BUILD=1 reuses it), installs wrk (Debian's package) when
# missing, starts `identityctl serve` with config.example.yaml's apps at `body_limit: 1MiB` on
# 127.0.0.1 and a free port, and prints four lines (every process it starts it stops):
#
#   slowloris: p99_ms=A slowloris_p99_ms=B ratio=B/A slow_connections=N slow_closed=C rounds=R
#     normal traffic's p99 (wrk, POST credentials) alone and while N connections (default 500)
#     send a request head one byte every 3 s (reconnecting when closed, as the attack does), in R
#     alternating rounds (default 3; each round's figures on stderr), medians of the rounds;
#     slow_closed counts the slow connections the server closed at their head deadline, over all rounds.
#   largest_body: body_bytes=L status=S normal_ms=X largest_ms=Y cost_ratio=Y/X
#     the mean latency of a normal credentials request and of one whose body is the largest allowed
#     (a `name` filling body_limit: refused with value_too_long before any signing), one connection each.
#   events: body_bytes=L events=E status=200 answer_bytes=A answer_limit=2L ms=T
#     the events route with the largest allowed body of Helpshift events: the answer is at most
#     twice body_limit (past it, one limit_exceeded line ends it).
#   drain: answered=R answered_with_close=W non2xx=0 lost=0 refused_new_connections=C exit=0 exited_after_s=T
#     20 kept-alive connections driven as wrk -c20 drives them, SIGTERM after 3 s: `lost` counts
#     requests written and never answered, `refused_new_connections` the connections refused after the
#     listener closed (nothing was sent on them: not lost). (wrk counts those refusals as read errors.)
#
# Environment: DURATION (seconds per wrk run, default 10), SLOW (slow connections, default 500), ROUNDS (3),
# SKIP_BUILD=1, BIN (another identityctl, e.g. a debug build, with SKIP_BUILD=1).
set -euo pipefail

DURATION="${DURATION:-10}"
ROUNDS="${ROUNDS:-3}"
SLOW="${SLOW:-500}"
case "$DURATION$SLOW$ROUNDS" in *[!0-9]*) echo "DURATION, SLOW and ROUNDS must be whole numbers" >&2; exit 2 ;; esac
[ -f Package.swift ] && [ -f config.example.yaml ] || { echo "run from the repository root" >&2; exit 2; }

if ! command -v wrk >/dev/null 2>&1; then
    echo "installing wrk (Debian package)" >&2
    if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
    $SUDO apt-get update -qq >&2 && $SUDO apt-get install -y -qq wrk >&2
fi
if [ "${SKIP_BUILD:-0}" != 1 ]; then swift build -c release --product identityctl >&2; fi
BIN="${BIN:-$(swift build -c release --show-bin-path)/identityctl}"

# WORK, the secrets, start NAME ARGS... and the cleanup of every process started.
source Benchmarks/serve-common.sh
sed 's/body_limit: 64KiB/body_limit: 1MiB/' config.example.yaml >"$WORK/config.yaml"
LIMIT=1048576

# lua FILE BODY: a wrk script posting BODY with the API key.
lua() {
    printf 'wrk.method = "POST"\nwrk.body = io.open("%s"):read("*a")\nwrk.headers["Content-Type"] = "application/json"\nwrk.headers["Authorization"] = "Bearer %s"\n' \
        "$2" "$DEMO_API_KEY" >"$1"
}
p99() {
    awk '$1 == "99%" { v = $2; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 }; printf "%.3f", v }' "$1"
}
mean_ms() {
    awk '$1 == "Latency" { v = $2; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 }; printf "%.3f", v; exit }' "$1"
}

start service serve --config "$WORK/config.yaml" --log-level warning
URL="http://127.0.0.1:$PORT/v1/apps/demo/providers/zendesk-chat/credentials"
printf '%s' '{"user_id":"load-user-1","email":"load.user@example.com","name":"Load User"}' >"$WORK/normal.json"
lua "$WORK/normal.lua" "$WORK/normal.json"
wrk -t1 -c16 -d2s -s "$WORK/normal.lua" "$URL" >/dev/null

# 1. Slowloris: p99 of normal traffic alone and with SLOW slow connections, in ROUNDS alternating
# rounds (other load on the machine hits both sides alike); the medians are printed.
cat >"$WORK/slow.py" <<'PY'
import asyncio, sys
port, count, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
closed = 0
async def slow(index):
    global closed
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while loop.time() < end:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            await asyncio.sleep(1); continue
        writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        try:
            while loop.time() < end:
                await asyncio.sleep(3)
                writer.write(b"X"); await writer.drain()
                if reader.at_eof(): raise ConnectionError
        except (ConnectionError, OSError):
            closed += 1
        finally:
            writer.close()
async def main():
    await asyncio.gather(*(slow(i) for i in range(count)))
    print(closed)
asyncio.run(main())
PY
for round in $(seq "$ROUNDS"); do
    wrk -t1 -c16 -d"$DURATION"s --latency -s "$WORK/normal.lua" "$URL" >"$WORK/alone-$round.txt"
    python3 "$WORK/slow.py" "$PORT" "$SLOW" "$((DURATION + 4))" >"$WORK/slow-$round.txt" 2>&1 &
    SLOW_PID=$!
    PIDS+=("$SLOW_PID")
    sleep 3
    wrk -t1 -c16 -d"$DURATION"s --latency -s "$WORK/normal.lua" "$URL" >"$WORK/slowloris-$round.txt"
    wait "$SLOW_PID" || true
    echo "  round $round: p99_ms=$(p99 "$WORK/alone-$round.txt") slowloris_p99_ms=$(p99 "$WORK/slowloris-$round.txt") slow_closed=$(tail -1 "$WORK/slow-$round.txt")" >&2
done
median_p99() { for f in "$@"; do p99 "$f"; echo; done | sort -g | awk '{ v[NR] = $1 } END { printf "%.3f", (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
A="$(median_p99 "$WORK"/alone-*.txt)"
B="$(median_p99 "$WORK"/slowloris-*.txt)"
CLOSED="$(cat "$WORK"/slow-*.txt | awk '{ n += $1 } END { print n }')"
echo "slowloris: p99_ms=$A slowloris_p99_ms=$B ratio=$(awk -v a="$A" -v b="$B" 'BEGIN { printf "%.2f", (a > 0 ? b / a : 0) }') slow_connections=$SLOW slow_closed=$CLOSED rounds=$ROUNDS"

# 2. The largest allowed body against a normal one: mean latency, one connection each.
python3 -c "import sys; n = $LIMIT - len('{\"user_id\":\"u-1\",\"email\":\"a@example.com\",\"name\":\"\"}'); sys.stdout.write('{\"user_id\":\"u-1\",\"email\":\"a@example.com\",\"name\":\"' + 'n' * n + '\"}')" >"$WORK/largest.json"
lua "$WORK/largest.lua" "$WORK/largest.json"
STATUS="$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/json' -H "Authorization: Bearer $DEMO_API_KEY" --data-binary "@$WORK/largest.json" "$URL" || true)"
wrk -t1 -c1 -d3s --latency -s "$WORK/normal.lua" "$URL" >"$WORK/normal1.txt"
wrk -t1 -c1 -d3s --latency -s "$WORK/largest.lua" "$URL" >"$WORK/largest1.txt"
X="$(mean_ms "$WORK/normal1.txt")"
Y="$(mean_ms "$WORK/largest1.txt")"
echo "largest_body: body_bytes=$(wc -c <"$WORK/largest.json") status=$STATUS normal_ms=$X largest_ms=$Y cost_ratio=$(awk -v a="$X" -v b="$Y" 'BEGIN { printf "%.1f", (a > 0 ? b / a : 0) }')"

# The events route with the largest allowed body: its answer is bounded (twice body_limit).
python3 -c "import sys; line = '{\"name\":\"widgetToggle\",\"data\":{\"visible\":true}}\n'; sys.stdout.write(line * ($LIMIT // len(line)))" >"$WORK/events.ndjson"
EVENTS="$(curl -s -o "$WORK/events.out" -w '%{http_code} %{time_total}' -X POST -H 'Content-Type: application/x-ndjson' \
    -H "Authorization: Bearer $DEMO_API_KEY" --data-binary "@$WORK/events.ndjson" "http://127.0.0.1:$PORT/v1/apps/demo/providers/helpshift/events" || true)"
echo "events: body_bytes=$(wc -c <"$WORK/events.ndjson") events=$(grep -c . "$WORK/events.ndjson") status=${EVENTS% *}" \
    "answer_bytes=$(wc -c <"$WORK/events.out") answer_limit=$((2 * LIMIT)) ms=$(awk -v t="${EVENTS#* }" 'BEGIN { printf "%.1f", t * 1000 }')"

# 3. SIGTERM under load: 20 kept-alive connections (as wrk -c20: each sends its next request as soon
# as it has an answer, and reconnects after `Connection: close`), SIGTERM after 3 s. wrk itself cannot
# tell the two apart: it counts its reconnects refused after the listener closed as read errors.
python3 - "$PORT" "$DEMO_API_KEY" >"$WORK/drain.txt" 2>&1 <<'PY' &
import http.client, json, sys, threading, time
port, key = int(sys.argv[1]), sys.argv[2]
body = json.dumps({"user_id": "load-user-1", "email": "load.user@example.com", "name": "Load User"})
headers = {"Content-Type": "application/json", "Authorization": "Bearer " + key}
count = {"answered": 0, "answered_with_close": 0, "non2xx": 0, "lost": 0, "refused_new_connections": 0}
lock = threading.Lock()
def worker():
    local = dict.fromkeys(count, 0)
    deadline = time.time() + 15
    while time.time() < deadline:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            connection.connect()
        except OSError:
            local["refused_new_connections"] += 1
            break
        while time.time() < deadline:
            try:
                connection.request("POST", "/v1/apps/demo/providers/zendesk-chat/credentials", body, headers)
                response = connection.getresponse()
                response.read()
            except (OSError, http.client.HTTPException):
                local["lost"] += 1
                break
            local["answered" if 200 <= response.status < 300 else "non2xx"] += 1
            if response.getheader("Connection", "").lower() == "close":
                local["answered_with_close"] += 1
                break
        connection.close()
    with lock:
        for name in count: count[name] += local[name]
threads = [threading.Thread(target=worker) for _ in range(20)]
for thread in threads: thread.start()
for thread in threads: thread.join()
print(" ".join(f"{name}={value}" for name, value in count.items()))
PY
CLIENT_PID=$!
PIDS+=("$CLIENT_PID")
sleep 3
SIGNALLED=$(date +%s.%N)
kill -TERM "$PID"
EXIT=0
wait "$PID" || EXIT=$?
EXITED=$(date +%s.%N)
wait "$CLIENT_PID" || true
echo "drain: $(tail -1 "$WORK/drain.txt") exit=$EXIT exited_after_s=$(awk -v a="$SIGNALLED" -v b="$EXITED" 'BEGIN { printf "%.2f", b - a }')"
