#!/usr/bin/env bash
# Issue 24: a rolling secret rotation across three identity-server instances behind nginx, with no failed
# request. From the repository root: Benchmarks/rollout.sh [--short]. It installs nginx and wrk when
# missing, builds the server in release mode (or uses SERVER_BIN), then runs Benchmarks/rollout.py: wrk
# drives credentials, verify and Zendesk Support jwt requests through nginx while the Zendesk Chat secret,
# the Zendesk Messaging signing key and the API key rotate, each in the README's two steps, one instance at
# a time, by swapping each instance's Kubernetes-style `..data` folder (no signal). Everything listens on
# 127.0.0.1 and every process it starts is ended. --short: less traffic between the steps (CI).
# Last line: requests=N non2xx=0 socket_errors=0 rotations=3 max_reload_ms=M (exit 1 on any failure).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=full
case "${1:-}" in
--short) mode=short ;;
"") ;;
*) echo "usage: Benchmarks/rollout.sh [--short]" >&2; exit 2 ;;
esac

missing=()
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v wrk >/dev/null || missing+=(wrk)
command -v python3 >/dev/null || missing+=(python3)
if [ ${#missing[@]} -gt 0 ]; then
    sudo_cmd=""
    if [ "$(id -u)" != 0 ]; then sudo_cmd="sudo"; fi
    echo "rollout: installing ${missing[*]}" >&2
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi
export PATH="$PATH:/usr/sbin"

if [ -z "${SERVER_BIN:-}" ]; then
    echo "rollout: swift build -c release --product identity-server" >&2
    swift build -c release --product identity-server >&2
    SERVER_BIN="$(swift build -c release --show-bin-path)/identity-server"
fi
export SERVER_BIN ROLLOUT_MODE=$mode
exec python3 Benchmarks/rollout.py
