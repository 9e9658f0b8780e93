#!/usr/bin/env bash
# What .ci/run needs beyond Swift, installed only when missing, so a machine that ran CI once skips it:
#   Debian packages: libssl-dev (the core links it on Linux), pkg-config, binutils (nm),
#     nginx and wrk (the rolling rotation), jq (the guides' commands), prometheus (promtool and a server for the
#     alert rules and the dashboard), python3-venv;
#   Python tools (.ci/requirements.txt, pinned) in one venv outside the clone, reused while the requirements
#     file is unchanged: $IDENTITYBRIDGE_CI_VENV, default ~/.cache/identitybridge-ci/venv-<hash of the file>.
# Prints the venv's path as its last line (`venv=PATH`); .ci/run exports it as CI_VENV.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=()
[ -f /usr/include/openssl/sha.h ] || packages+=(libssl-dev)
command -v pkg-config >/dev/null || packages+=(pkg-config)
command -v nm >/dev/null || packages+=(binutils)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || packages+=(nginx)
command -v wrk >/dev/null || packages+=(wrk)
command -v jq >/dev/null || packages+=(jq)   # the identityctl guide's commands (.ci/docs-check.sh)
# promtool (the alert rules' checks and unit tests, .ci/alert-rules.sh) and a Prometheus that scrapes identity-server
# and runs the dashboard's and the rules' queries (.ci/observability.sh); Debian's package brings both.
command -v promtool >/dev/null || packages+=(prometheus)
python3 -c 'import ensurepip' 2>/dev/null || packages+=(python3-venv)
if [ ${#packages[@]} -gt 0 ]; then
    sudo_cmd=""
    if [ "$(id -u)" != 0 ]; then sudo_cmd="sudo"; fi
    echo "install: apt-get install ${packages[*]}" >&2
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${packages[@]}" >/dev/null
fi

hash="$(sha256sum .ci/requirements.txt | cut -c1-12)"
venv="${IDENTITYBRIDGE_CI_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/identitybridge-ci/venv-$hash}"
if [ ! -f "$venv/.complete" ]; then
    echo "install: Python tools into $venv" >&2
    rm -rf "$venv"
    mkdir -p "$(dirname "$venv")"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q -r .ci/requirements.txt
    touch "$venv/.complete"
fi
echo "venv=$venv"
