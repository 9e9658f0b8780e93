#!/usr/bin/env bash
# Examples/AppBridges: first .ci/standins.py (the stand-ins against the vendors' interfaces); then, for each vendor SDK, the session module's port implemented with the SDK's own calls (the
# bridges an app team copies), compiled against stand-in modules with the vendors' module names, type names and
# signatures, in a package that uses IdentityBridge's public API only (every package trait off). Builds it in its
# own scratch folder and runs its tests (per vendor: a login through the bridge reaches the stand-in SDK and the
# provider reports the user; a refusal is the provider's error), then checks that every Swift block of the
# DocC article "In the app" that names an Examples/AppBridges file is that file's code, line for line, and that
# each vendor's walk-through from Package.swift to a logged-in SDK stays under 30 lines.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
package=Examples/AppBridges
scratch=.build-fixtures/AppBridges
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# The stand-ins say what the vendors ship: every public declaration is in the excerpt of the vendor's interface
# (Examples/AppBridges/Interfaces), every enum case and protocol requirement is there; and the check fails on a
# changed label (either side), a removed enum case and a dropped optional.
python3 .ci/standins.py
python3 .ci/standins.py --self-test
swift build --build-tests --package-path "$package" --scratch-path "$scratch" 2>&1 | tee "$log"
# Code an app team copies compiles without a warning.
if grep -E "^($PWD/)?$package/[^:]*\.swift:[0-9]+:[0-9]+: warning:" "$log"; then
    echo "bridges: compiler warnings in $package (above)"
    exit 1
fi
# Messaging's test against a real identity-server runs only where IDENTITY_SERVER_BIN names one (.ci/app-half.sh sets it).
if [ -n "${CI:-}" ] && [ ! -x "${IDENTITY_SERVER_BIN:-}" ]; then
    echo "bridges: IDENTITY_SERVER_BIN names no executable identity-server (run .ci/app-half.sh, which sets it)"
    exit 1
fi
swift test --skip-build --package-path "$package" --scratch-path "$scratch" 2>&1 | tee "$log"
tests=$(grep -oE 'Test run with [0-9]+ tests?' "$log" | tail -1 | grep -oE '[0-9]+')

python3 - Sources/IdentityBridgeClient/IdentityBridgeClient.docc/InTheApp.md <<'PY'
import re, sys

article = sys.argv[1]
lines = open(article, encoding="utf-8").read().split("\n")
failures, shown, section, per_section = [], 0, None, {}
i = 0
while i < len(lines):
    if lines[i].startswith("### "):
        section = lines[i][4:].strip()
    if not lines[i].startswith("```swift"):
        i += 1
        continue
    start = i
    i += 1
    body = []
    while not lines[i].startswith("```"):
        body.append(lines[i])
        i += 1
    j = start - 1
    while j >= 0 and not lines[j].strip():
        j -= 1
    path = re.search(r"(Examples/AppBridges/[\w/.+-]+\.swift)", lines[j]) if lines[j].lstrip().startswith("<!-- snippet:") else None
    if not path:
        continue
    shown += 1
    per_section[section] = per_section.get(section, 0) + len(body)
    source = [l.strip() for l in open(path.group(1), encoding="utf-8").read().split("\n")]
    block = [l.strip() for l in body]
    if not any(source[k:k + len(block)] == block for k in range(len(source) - len(block) + 1)):
        failures.append(f"{article}:{start + 1}: the block is not {path.group(1)}'s code, line for line")
for name in ("Zendesk Messaging", "Zendesk Chat", "Zendesk Support", "Helpshift"):
    count = per_section.get(name, 0)
    if not 0 < count < 30:
        failures.append(f"{article}: section '{name}' shows {count} lines of Swift from Examples/AppBridges (1 to 29 expected)")
for failure in failures:
    print(f"bridges.sh: {failure}", file=sys.stderr)
if failures:
    sys.exit(1)
print(f"bridges.sh: {shown} Swift blocks of {article} are Examples/AppBridges' code; lines per vendor: "
      + ", ".join(f"{k} {v}" for k, v in per_section.items() if k in ('Zendesk Messaging', 'Zendesk Chat', 'Zendesk Support', 'Helpshift')))
PY
echo "bridges.sh: $package built and ${tests:-?} tests passed; the article's blocks match; ok in $((SECONDS - start)) s"
