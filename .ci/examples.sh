#!/usr/bin/env bash
# Issue 25: Examples/IntercomKind, a fifth vendor as an out-of-tree package (public API only): build it and
# run its tests (conformance kit, scenario files, and intercom-server over loopback checked by Python's
# hmac and PyJWT). PyJWT goes into a venv the test finds through INTERCOM_PYTHON. Then
# `swift package identity-config validate` there: it must check with the example's own checker (product
# identity-config-checker, which knows `intercom`), accept its configurations and refuse a broken intercom
# setting at its FILE:LINE:COLUMN. (The build itself checked IntercomConfigDemo's identity.yaml with the
# example's IntercomConfigPlugin.)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-fixtures/IntercomKind
# PyJWT (pinned in .ci/requirements.txt) from the CI venv of .ci/install.sh.
venv="${CI_VENV:-$(bash .ci/install.sh | sed -n 's/^venv=//p')}"
swift build --build-tests --package-path Examples/IntercomKind --scratch-path "$scratch"
INTERCOM_PYTHON="$venv/bin/python" swift test --skip-build --package-path Examples/IntercomKind --scratch-path "$scratch"

example=Examples/IntercomKind
log=$(mktemp)
trap 'rm -f "$log"' EXIT
fail() {
    echo "examples.sh: FAILED: $*" >&2
    sed 's/^/    /' "$log" >&2
    exit 1
}
# One run for the good and the broken file: each run rebuilds the tool modules twice (the command's own tool
# and the package's build-plugin tool share them but SwiftPM builds them in two build databases), ~1 min each.
echo "== $example: swift package identity-config validate: the package's checker, good files ok, broken intercom setting at 10:23"
broken="$PWD/$example/Tests/IntercomKindTests/Fixtures/broken-identity.yaml"
if swift package --package-path "$example" --scratch-path "$scratch" identity-config validate \
    Tests/IntercomKindTests/Fixtures/config.yaml "$broken" >"$log" 2>&1; then
    fail "validate passed a 2d jwt_lifetime"
fi
grep -q "^Checking with identity-config-checker, the checker of IntercomKind" "$log" || fail "not the example's checker"
grep -q "IntercomConfigDemo/identity.yaml: ok: 1 app, 2 provider instances" "$log" || fail "no summary for IntercomConfigDemo"
grep -q "Fixtures/config.yaml: ok: 1 app, 3 provider instances" "$log" || fail "no summary for Fixtures/config.yaml"
grep -F "$broken:10:23: error: 'jwt_lifetime' of intercom provider is '2d'" "$log" || fail "no $broken:10:23 error"
