#!/usr/bin/env bash
# The token service under hostile clients (issue 26), on loopback only.
#
#   Benchmarks/service-hostile.sh            (from the repository root)
#
# Builds identity-server in release mode (SKIP_BUILD=1 reuses it), installs wrk (Debian's package) when
# missing, starts `identity-server` with config.example.yaml's apps at `body_limit: 1MiB` on
# 127.0.0.1 and a free port, and prints four lines (every process it starts it stops):
#
#   slowloris: p99_ms=A control_p99_ms=C slowloris_p99_ms=B ratio=B/A server_ratio=B/C slow_connections=N
#              slow_closed=K slow_client_cpu_s=S server_cpu_s=X/Y rounds=R
#     normal traffic's p99 (wrk -t1 -c16, POST credentials) alone (A); while the slow client runs
#     against a sink of its own, a listening socket nobody accepts from (C: the control, what the
#     client itself costs on the shared cores); and while it runs against the server (B). The slow
#     client is one non-blocking selector loop: N connections (default 500) each send a request head
#     one byte every 3 s, reconnecting when closed, as the attack does. R alternating rounds (default
#     3; each round's figures on stderr), medians. server_ratio separates the server's cost from the
#     client's. slow_closed: slow connections the server closed at their head deadline (all rounds);
#     slow_client_cpu_s: the client's own CPU seconds per round; server_cpu_s: the server's CPU seconds
#     during the wrk run alone / with the slow connections (medians).
#   largest_body: body_bytes=L status=S normal_ms=X largest_ms=Y cost_ratio=Y/X
#     the mean latency of a normal credentials request and of one whose body is the largest allowed
#     (a `name` filling body_limit: refused with value_too_long before any signing), one connection each.
#   events: body_bytes=L lines=E status=200 mapped=M answer_bytes=A normal_ms=X largest_ms=Y cost_ratio=Y/X
#     the events route: the mean latency of a one-event request and of the largest allowed body of
#     Helpshift events (E lines; M = 100 are mapped, then one limit_exceeded line), one connection each.
#   drain: answered=R answered_with_close=W non2xx=0 lost=0 refused_new_connections=C exit=0 exited_after_s=T
#     20 kept-alive connections driven as wrk -c20 drives them, SIGTERM after 3 s: `lost` counts
#     requests written and never answered, `refused_new_connections` the connections refused after the
#     listener closed (nothing was sent on them: not lost). (wrk counts those refusals as read errors.)
#
# Environment: DURATION (seconds per wrk run, default 10), SLOW (slow connections, default 500), ROUNDS (3),
# SKIP_BUILD=1, BIN (another identity-server, e.g. a debug build, with SKIP_BUILD=1).
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
if [ "${SKIP_BUILD:-0}" != 1 ]; then swift build -c release --product identity-server >&2; fi
BIN="${BIN:-$(swift build -c release --show-bin-path)/identity-server}"

# WORK, the secrets, start NAME ARGS... and the cleanup of every process started.
source Benchmarks/serve-common.sh
sed 's/body_limit: 64KiB/body_limit: 1MiB/' config.example.yaml >"$WORK/config.yaml"
LIMIT=1048576

# lua FILE BODY [TYPE]: a wrk script posting BODY (Content-Type TYPE, default JSON) with the API key.
lua() {
    printf 'wrk.method = "POST"\nwrk.body = io.open("%s"):read("*a")\nwrk.headers["Content-Type"] = "%s"\nwrk.headers["Authorization"] = "Bearer %s"\n' \
        "$2" "${3:-application/json}" "$DEMO_API_KEY" >"$1"
}
p99() {
    awk '$1 == "99%" { v = $2; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 }; printf "%.3f", v }' "$1"
}
mean_ms() {
    awk '$1 == "Latency" { v = $2; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 }; printf "%.3f", v; exit }' "$1"
}

start service --config "$WORK/config.yaml" --log-level warning
URL="http://127.0.0.1:$PORT/v1/apps/demo/providers/zendesk-chat/credentials"
printf '%s' '{"user_id":"load-user-1","email":"load.user@example.com","name":"Load User"}' >"$WORK/normal.json"
lua "$WORK/normal.lua" "$WORK/normal.json"
wrk -t1 -c16 -d2s -s "$WORK/normal.lua" "$URL" >/dev/null

# 1. Slowloris: p99 of normal traffic alone, while the slow client runs against a sink of its own
# (the control: what the client itself costs on the shared cores), and while it runs against the
# server, in ROUNDS alternating rounds (other load on the machine hits all three alike); medians.
cat >"$WORK/slow.py" <<'PY'
# The slow client: COUNT connections, each sending a request head one byte every 3 s (spread evenly
# over the 3 s), reconnecting when closed, in one non-blocking selector loop. PORT 0: a sink of our
# own (a listening socket never accepted from: the kernel takes the bytes), the control round.
# Prints: closed=C cpu_s=S (the connections the peer closed; this process's own CPU time).
import heapq, resource, selectors, socket, sys, time
port, count, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
sink = None
if port == 0:
    sink = socket.socket()
    sink.bind(("127.0.0.1", 0))
    sink.listen(count + 64)
    port = sink.getsockname()[1]
select = selectors.DefaultSelector()
closed = 0
def connect():
    s = socket.socket()
    s.setblocking(False)
    s.connect_ex(("127.0.0.1", port))
    return s
start = time.monotonic()
end = start + seconds
conns = []   # [socket, started]
due = []     # (next send time, connection index, socket)
for i in range(count):
    conns.append([connect(), False])
    select.register(conns[-1][0], selectors.EVENT_READ, i)
    due.append((start + 3.0 * i / count, i, id(conns[-1][0]), conns[-1][0]))
heapq.heapify(due)
while True:
    now = time.monotonic()
    if now >= end:
        break
    # Reads: a peer close (EOF or reset) means reconnect.
    for key, _ in select.select(timeout=max(0.0, min(0.05, (due[0][0] - now) if due else 0.05))):
        i = key.data
        s = conns[i][0]
        try:
            data = s.recv(4096)
        except BlockingIOError:
            continue
        except OSError:
            data = b""
        if not data:
            closed += 1
            select.unregister(s); s.close()
            conns[i] = [connect(), False]
            select.register(conns[i][0], selectors.EVENT_READ, i)
            heapq.heappush(due, (now + 1.0, i, id(conns[i][0]), conns[i][0]))
    now = time.monotonic()
    while due and due[0][0] <= now:
        when, i, _, s = heapq.heappop(due)
        c = conns[i]
        if c[0] is not s:
            continue   # reconnected since: its own entry is in the heap
        heapq.heappush(due, (when + 3.0, i, id(s), s))
        try:
            c[0].send(b"X" if c[1] else b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
            c[1] = True
        except OSError:
            pass   # not connected yet, or reset: the read side sees it
usage = resource.getrusage(resource.RUSAGE_SELF)
print(f"closed={closed} cpu_s={usage.ru_utime + usage.ru_stime:.2f}")
PY
# cpu_s PID: the process's user+system CPU seconds so far.
cpu_s() { awk -v hz="$(getconf CLK_TCK)" '{ printf "%.2f", ($14 + $15) / hz }' "/proc/$1/stat"; }
# slow_round NAME TARGET_PORT: normal traffic while the slow client runs against TARGET_PORT.
slow_round() {
    python3 "$WORK/slow.py" "$2" "$SLOW" "$((DURATION + 4))" >"$WORK/$1.slow" 2>&1 &
    SLOW_PID=$!
    PIDS+=("$SLOW_PID")
    sleep 3
    local before; before="$(cpu_s "$PID")"
    wrk -t1 -c16 -d"$DURATION"s --latency -s "$WORK/normal.lua" "$URL" >"$WORK/$1.txt"
    echo "$(awk -v a="$before" -v b="$(cpu_s "$PID")" 'BEGIN { printf "%.2f", b - a }')" >"$WORK/$1.cpu"
    wait "$SLOW_PID" || true
}
for round in $(seq "$ROUNDS"); do
    before="$(cpu_s "$PID")"
    wrk -t1 -c16 -d"$DURATION"s --latency -s "$WORK/normal.lua" "$URL" >"$WORK/alone-$round.txt"
    echo "$(awk -v a="$before" -v b="$(cpu_s "$PID")" 'BEGIN { printf "%.2f", b - a }')" >"$WORK/alone-$round.cpu"
    slow_round "sink-$round" 0
    slow_round "slowloris-$round" "$PORT"
    echo "  round $round: p99_ms=$(p99 "$WORK/alone-$round.txt") sink_p99_ms=$(p99 "$WORK/sink-$round.txt")" \
        "slowloris_p99_ms=$(p99 "$WORK/slowloris-$round.txt") slow_client: sink $(cat "$WORK/sink-$round.slow")," \
        "server $(cat "$WORK/slowloris-$round.slow"); server_cpu_s: alone $(cat "$WORK/alone-$round.cpu")," \
        "sink $(cat "$WORK/sink-$round.cpu"), slowloris $(cat "$WORK/slowloris-$round.cpu")" >&2
done
median() { sort -g | awk '{ v[NR] = $1 } END { printf "%.3f", (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
median_p99() { for f in "$@"; do p99 "$f"; echo; done | median; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (a > 0 ? b / a : 0) }'; }
A="$(median_p99 "$WORK"/alone-*.txt)"
C="$(median_p99 "$WORK"/sink-*.txt)"
B="$(median_p99 "$WORK"/slowloris-*.txt)"
CLOSED="$(cat "$WORK"/slowloris-*.slow | sed -n 's/.*closed=\([0-9]*\).*/\1/p' | awk '{ n += $1 } END { print n }')"
CLIENT_CPU="$(cat "$WORK"/slowloris-*.slow | sed -n 's/.*cpu_s=\([0-9.]*\).*/\1/p' | median)"
SERVER_CPU="$(cat "$WORK"/slowloris-*.cpu | median)"
ALONE_CPU="$(cat "$WORK"/alone-*.cpu | median)"
echo "slowloris: p99_ms=$A control_p99_ms=$C slowloris_p99_ms=$B ratio=$(ratio "$A" "$B") server_ratio=$(ratio "$C" "$B")" \
    "slow_connections=$SLOW slow_closed=$CLOSED slow_client_cpu_s=$CLIENT_CPU server_cpu_s=$ALONE_CPU/$SERVER_CPU rounds=$ROUNDS"

# 2. The largest allowed body against a normal one: mean latency, one connection each.
python3 -c "import sys; n = $LIMIT - len('{\"user_id\":\"u-1\",\"email\":\"a@example.com\",\"name\":\"\"}'); sys.stdout.write('{\"user_id\":\"u-1\",\"email\":\"a@example.com\",\"name\":\"' + 'n' * n + '\"}')" >"$WORK/largest.json"
lua "$WORK/largest.lua" "$WORK/largest.json"
STATUS="$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/json' -H "Authorization: Bearer $DEMO_API_KEY" --data-binary "@$WORK/largest.json" "$URL" || true)"
wrk -t1 -c1 -d3s --latency -s "$WORK/normal.lua" "$URL" >"$WORK/normal1.txt"
wrk -t1 -c1 -d3s --latency -s "$WORK/largest.lua" "$URL" >"$WORK/largest1.txt"
X="$(mean_ms "$WORK/normal1.txt")"
Y="$(mean_ms "$WORK/largest1.txt")"
echo "largest_body: body_bytes=$(wc -c <"$WORK/largest.json") status=$STATUS normal_ms=$X largest_ms=$Y cost_ratio=$(awk -v a="$X" -v b="$Y" 'BEGIN { printf "%.1f", (a > 0 ? b / a : 0) }')"

# The events route: a one-event request against the largest allowed body of Helpshift events (at most
# VendorEventLines.maxEvents lines are mapped; the rest is answered by one limit_exceeded line).
EVENTS_URL="http://127.0.0.1:$PORT/v1/apps/demo/providers/helpshift/events"
python3 -c "import sys; line = '{\"name\":\"widgetToggle\",\"data\":{\"visible\":true}}\n'; sys.stdout.write(line * ($LIMIT // len(line)))" >"$WORK/events.ndjson"
head -1 "$WORK/events.ndjson" >"$WORK/event1.ndjson"
lua "$WORK/events.lua" "$WORK/events.ndjson" application/x-ndjson
lua "$WORK/event1.lua" "$WORK/event1.ndjson" application/x-ndjson
STATUS="$(curl -s -o "$WORK/events.out" -w '%{http_code}' -X POST -H 'Content-Type: application/x-ndjson' \
    -H "Authorization: Bearer $DEMO_API_KEY" --data-binary "@$WORK/events.ndjson" "$EVENTS_URL" || true)"
wrk -t1 -c1 -d3s --latency -s "$WORK/event1.lua" "$EVENTS_URL" >"$WORK/event1.txt"
wrk -t1 -c1 -d3s --latency -s "$WORK/events.lua" "$EVENTS_URL" >"$WORK/events.txt"
X="$(mean_ms "$WORK/event1.txt")"
Y="$(mean_ms "$WORK/events.txt")"
echo "events: body_bytes=$(wc -c <"$WORK/events.ndjson") lines=$(grep -c . "$WORK/events.ndjson") status=$STATUS" \
    "mapped=$(grep -vc '"error"' "$WORK/events.out") answer_bytes=$(wc -c <"$WORK/events.out") normal_ms=$X largest_ms=$Y" \
    "cost_ratio=$(awk -v a="$X" -v b="$Y" 'BEGIN { printf "%.1f", (a > 0 ? b / a : 0) }')"

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
