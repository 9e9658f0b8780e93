#!/usr/bin/env bash
# The Vapor front end (issue 34): the package's default traits resolve no Vapor; Examples/VaporMount (IdentityBridge
# with its `Vapor` trait) builds the README's Vapor mount, which must be the README's block line for line, and runs
# the contract suite: the same requests to the Hummingbird routes and to the Vapor routes, the same answers and the
# same request counters. The mount itself compiles and links no Hummingbird module (issue 58).
#
# It builds in the package's own build folder (.build) when one is there: the dependencies the main build compiled
# (SwiftNIO, swift-crypto, Hummingbird, jwt-kit...) are reused, and only Vapor's own packages and IdentityBridge's
# modules (other traits, so other flags) compile: about 70 s on 2 cores against a cold build of everything. That
# recompiles IdentityBridge's modules for the next `swift build` of the package, which is why `.ci/run` runs this
# last. `VAPOR_SCRATCH=DIR` builds elsewhere.
set -euo pipefail
cd "$(dirname "$0")/.."
fixture=Examples/VaporMount
scratch="${VAPOR_SCRATCH:-$PWD/.build}"
fail() { echo "vapor.sh: $*" >&2; exit 1; }

# The default traits leave Vapor out: the package's own dependency graph has none of its packages.
if swift package show-dependencies | grep -E "/vapor/(vapor|routing-kit|console-kit)\.git"; then
    fail "Vapor was resolved with the default traits (it is off by default)"
fi
echo "vapor.sh: the default traits resolve no Vapor"

# The service core (issue 58) imports no server framework, and its target depends on none.
if grep -rnE --include="*.swift" "^(@_exported )?(public |package |internal )?import (Hummingbird|HummingbirdCore|Vapor)\b" Sources/IdentityBridgeService; then
    fail "IdentityBridgeService imports a server framework (above)"
fi
core_deps="$(swift package describe --type json | python3 -c '
import json, sys
targets = {t["name"]: t for t in json.load(sys.stdin)["targets"]}
print(" ".join(sorted(set(targets["IdentityBridgeService"].get("product_dependencies", [])))))')"
case " $core_deps " in *" Hummingbird"* | *" Vapor "*) fail "IdentityBridgeService depends on a server framework: $core_deps" ;; esac
echo "vapor.sh: IdentityBridgeService imports no Hummingbird or Vapor; its products: $core_deps"

# The README's Vapor block is the fixture's app, line for line.
python3 - "$fixture/Sources/VaporMount/main.swift" <<'PY'
import re, sys
readme = open("README.md", encoding="utf-8").read()
blocks = re.findall(r"```swift\n(.*?)```", readme, re.S)
app = open(sys.argv[1], encoding="utf-8").read()
if app not in blocks:
    sys.exit("vapor.sh: no Swift block of README.md is " + sys.argv[1] + " (mend one to match the other)")
code = [l for l in app.splitlines() if l.strip() and not l.startswith(("import ", "//"))]
if len(code) > 10:
    sys.exit(f"vapor.sh: the README's Vapor mount is {len(code)} lines of code (at most 10)")
print(f"vapor.sh: the README's Vapor mount is {sys.argv[1]} ({len(code)} lines of code)")
PY

# The README's mount, built alone (issue 58), compiles and links no Hummingbird: SwiftPM builds a product's own
# dependency graph only, and the link file list names every module's objects the app links.
swift build --package-path "$fixture" --scratch-path "$scratch" --product VaporMount
bin="$(swift build --package-path "$fixture" --scratch-path "$scratch" --show-bin-path)"
modules="$(sed -n 's#.*/\([^/]*\)\.build/.*#\1#p' "$bin/VaporMount.product/Objects.LinkFileList" | sort -u)"
[ -n "$modules" ] || fail "no module in $bin/VaporMount.product/Objects.LinkFileList"
if grep -i hummingbird <<<"$modules"; then fail "the Vapor mount links a Hummingbird module (above)"; fi
grep -qx IdentityBridgeService <<<"$modules" || fail "the Vapor mount does not link IdentityBridgeService"
echo "vapor.sh: the Vapor mount links $(wc -l <<<"$modules") modules, none of them Hummingbird's:" $modules

swift build --package-path "$fixture" --scratch-path "$scratch" --build-tests
swift test --package-path "$fixture" --scratch-path "$scratch" --skip-build
