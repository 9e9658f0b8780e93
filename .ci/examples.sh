#!/usr/bin/env bash
# Issue 25: Examples/IntercomKind, a fifth vendor as an out-of-tree package (public API only): build it and
# run its tests (conformance kit, scenario files, and intercom-server over loopback checked by Python's
# hmac and PyJWT). PyJWT goes into a venv the test finds through INTERCOM_PYTHON.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-fixtures/IntercomKind
venv=.build-fixtures/pyjwt-venv
if [ ! -x "$venv/bin/python" ]; then python3 -m venv "$venv"; fi
"$venv/bin/python" -c "import jwt" 2>/dev/null || "$venv/bin/python" -m pip install -q PyJWT
swift build --build-tests --package-path Examples/IntercomKind --scratch-path "$scratch"
INTERCOM_PYTHON="$PWD/$venv/bin/python" swift test --skip-build --package-path Examples/IntercomKind --scratch-path "$scratch"
