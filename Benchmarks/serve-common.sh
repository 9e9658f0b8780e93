# Sourced (from the repository root) by Benchmarks/service-load.sh, Benchmarks/service-hostile.sh and
# .ci/schemathesis.sh, after they set BIN (the identityctl binary): a work directory, real
# (non-default) secrets in the environment, `start NAME ARGS...` for identityctl on 127.0.0.1 and a
# free port, and a cleanup on exit that stops every process `start` started (SIGTERM, then SIGKILL
# after 5 s) and removes the work directory. PREFIX names the API key (default `load`).
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

# start NAME ARGS...: starts identityctl (with the assignments of START_ENV in its environment), waits for its listening line, sets PORT and PID.
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

