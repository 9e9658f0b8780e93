# Sourced (from the repository root) by Benchmarks/service-load.sh, Benchmarks/service-hostile.sh,
# Benchmarks/peer-compare.sh, Benchmarks/http-floor.sh and .ci/schemathesis.sh, after they set BIN
# (the identity-server binary): a work directory, real (non-default) secrets in the environment,
# `start NAME ARGS...` for $BIN on 127.0.0.1 and a free port, and a cleanup on exit that stops
# every process `start` or `peer` started (SIGTERM, then SIGKILL after 5 s) and removes the work
# directory. PREFIX names the API key (default `load`). For the load scripts also: `release_binary`,
# `peer_body`, `peer`, `build_go_peer`, `wrk_script` and `ticks` (below).
WORK="$(mktemp -d)"
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do
        if kill -0 "$pid" 2>/dev/null; then
            kill -TERM "$pid" 2>/dev/null || true
            for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
            kill -KILL "$pid" 2>/dev/null || true
        fi
        wait "$pid" 2>/dev/null || true
    done
    [ -n "${KEEP_WORK:-}" ] && cp -r "$WORK" "$KEEP_WORK"
    rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

# Real (non-default) secrets, so the service starts without --allow-development-secrets.
random() { head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n'; }
export DEMO_API_KEY="${PREFIX:-load}-$(random)"
export HELPSHIFT_SECRET="$(random)" HELPSHIFT_IDENTITY_SECRET="$(random)" ZENDESK_SUPPORT_SECRET="$(random)"
export ZENDESK_CHAT_ACCOUNT_KEY="$(random)" ZENDESK_CHAT_SECRET="$(random)"
export ZENDESK_MESSAGING_KEY_ID="app_$(random)" ZENDESK_MESSAGING_SECRET="$(random)"

# start NAME ARGS...: starts $BIN (with the assignments of START_ENV in its environment), waits for its listening line, sets PORT and PID.
start() {
    local name="$1"; shift
    env ${START_ENV:-} "$BIN" "$@" --host 127.0.0.1 --port 0 >"$WORK/$name.out" 2>"$WORK/$name.err" &
    PID=$!
    PIDS+=("$PID")
    for _ in $(seq 1 300); do
        if grep -q '"event":"listening"' "$WORK/$name.out" 2>/dev/null; then
            PORT="$(sed -n 's/.*"port":\([0-9]*\).*/\1/p' "$WORK/$name.out" | head -1)"
            return 0
        fi
        kill -0 "$PID" 2>/dev/null || { cat "$WORK/$name.err" >&2; echo "$name did not start" >&2; exit 1; }
        sleep 0.1
    done
    echo "$name did not print its listening line" >&2
    exit 1
}


# release_binary PRODUCT [PACKAGE_DIR]: the path of PRODUCT's release build (of the package at
# PACKAGE_DIR, default the repository), built first unless SKIP_BUILD=1.
release_binary() {
    local package="${2:-.}"
    [ "${SKIP_BUILD:-0}" = 1 ] || swift build --package-path "$package" -c release --product "$1" >&2
    echo "$(swift build --package-path "$package" -c release --show-bin-path)/$1"
}

# peer_body: sets BODY to the JSON body the peers take (../shared/peers/post.lua's, or the same default).
peer_body() {
    BODY='{"user_id":"u-1","email":"ann@example.com","name":"Ann Example"}'
    if [ -f "${PEERS:-../shared/peers}/post.lua" ]; then
        BODY="$(sed -n "s/^wrk.body *= *'\(.*\)'$/\1/p" "${PEERS:-../shared/peers}/post.lua")"
    fi
}

# free_port: a free TCP port on 127.0.0.1 (for servers that take their port as an argument).
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# peer NAME COMMAND...: starts one of ../shared/peers' services (COMMAND, with a free port appended);
# once it answers a POST of $BODY at /chat (10 s at most) sets PORT and PID and returns 0, otherwise
# says why on stderr and returns 1.
peer() {
    local name="$1" port; shift
    port="$(free_port)"
    "$@" "$port" >"$WORK/$name.out" 2>&1 &
    PID=$!
    PIDS+=("$PID")
    for _ in $(seq 1 100); do
        if curl -s -o /dev/null -X POST -d "$BODY" "http://127.0.0.1:$port/chat" 2>/dev/null; then PORT="$port"; return 0; fi
        sleep 0.1
    done
    echo "peer $name did not start: $(tail -2 "$WORK/$name.out")" >&2
    return 1
}

# build_go_peer: builds $PEERS/go_chat_jwt (../shared/peers' Go service) into $WORK/gopeer; returns 1
# when it, or `go`, is missing or the build fails.
build_go_peer() {
    [ -d "${PEERS:-../shared/peers}/go_chat_jwt" ] && command -v go >/dev/null 2>&1 || return 1
    (cd "${PEERS:-../shared/peers}/go_chat_jwt" && go build -o "$WORK/gopeer" .) >&2
}

# wrk_script FILE [LUA]: a wrk script POSTing $BODY as JSON (plus the LUA lines, e.g. a header) that
# prints one line when done: `WRK requests duration_us p99_us errors` (errors: non-2xx and socket errors).
wrk_script() {
    printf 'wrk.method = "POST"\nwrk.body = %s\nwrk.headers["Content-Type"] = "application/json"\n%s\n' "'$BODY'" "${2:-}" >"$1"
    cat >>"$1" <<'LUA'
done = function(s, lat, req)
  io.write(string.format("WRK %d %d %d %d\n", s.requests, s.duration, lat:percentile(99),
    s.errors.status + s.errors.connect + s.errors.read + s.errors.write + s.errors.timeout))
end
LUA
}

# ticks PID: the process's CPU clock ticks (utime + stime) as "total nio" (nio: its NIO event loop
# threads). The process's own counters include threads that have exited; the fields are read after
# the `(comm)` field.
ticks() {
    local total nio task
    total="$(sed 's/^.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }')"
    nio=0
    for task in /proc/"$1"/task/*; do
        case "$(cat "$task/comm" 2>/dev/null)" in
            NIO-*) nio=$(( nio + $(sed 's/^.*) //' "$task/stat" 2>/dev/null | awk '{ print $12 + $13 }') )) ;;
        esac
    done
    echo "$total $nio"
}
