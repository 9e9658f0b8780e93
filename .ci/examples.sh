#!/usr/bin/env bash
# Issue 25: Examples/IntercomKind, a fifth vendor as an out-of-tree package (public API only): build it and
# run its tests (conformance kit, scenario files, and intercom-server over loopback checked by Python's
# hmac and PyJWT). PyJWT goes into a venv the test finds through INTERCOM_PYTHON.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-fixtures/IntercomKind
venv=.build-fixtures/pyjwt-venv
if [ ! -x "$venv/bin/python" ]; then
    # Debian ships `venv` without ensurepip until python3-venv is installed (as .ci/schemathesis.sh does).
    if ! python3 -m venv --help >/dev/null 2>&1 || ! python3 -c 'import ensurepip' 2>/dev/null; then
        if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
        $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-venv
    fi
    python3 -m venv "$venv"
fi
"$venv/bin/python" -c "import jwt" 2>/dev/null || "$venv/bin/python" -m pip install -q PyJWT
swift build --build-tests --package-path Examples/IntercomKind --scratch-path "$scratch"
INTERCOM_PYTHON="$PWD/$venv/bin/python" swift test --skip-build --package-path Examples/IntercomKind --scratch-path "$scratch"
