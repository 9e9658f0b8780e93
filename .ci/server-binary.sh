#!/usr/bin/env bash
# Issue 24: the deployed server binary (`identity-server`, release) links no test code. Reads its symbols
# with nm and fails when a simulator, the conformance kit, the scenario runner or the identityctl command
# library shows up. The same check run on identityctl (which links them for `demo` and `run`) must find
# them: that shows the check can fail. Usage: .ci/server-binary.sh [BINARY] (default: builds the release one).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
if ! command -v nm >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq binutils >/dev/null
fi

# Module names as they appear in mangled Swift symbols, and type names of the test kits.
forbidden='IdentityBridgeTesting|IdentityBridgeSimulators|IdentityBridgeCLI|ScenarioRunner|ProviderConformance|VendorSimulator'

# test_code BINARY: prints the count of symbols of test code in BINARY.
test_code() { nm "$1" 2>/dev/null | grep -cE "$forbidden" || true; }

binary=${1:-}
if [ -z "$binary" ]; then
    echo "== swift build -c release --product identity-server"
    swift build -c release --product identity-server 2>&1 | tail -3
    binary="$(swift build -c release --show-bin-path)/identity-server"
fi
[ -x "$binary" ] || { echo "server-binary.sh: FAILED: no $binary" >&2; exit 1; }

symbols=$(nm "$binary" | wc -l)
served=$(nm "$binary" | grep -c 'IdentityBridgeHummingbird' || true)
[ "$served" -gt 0 ] || { echo "server-binary.sh: FAILED: no IdentityBridgeHummingbird symbol in $binary (stripped?)" >&2; exit 1; }
found=$(test_code "$binary")
echo "$binary: $symbols symbols, $served of the token service, $found of test code"
if [ "$found" -ne 0 ]; then
    nm "$binary" | grep -E "$forbidden" | head -20 >&2
    echo "server-binary.sh: FAILED: the server binary links test code" >&2
    exit 1
fi

# The check can fail: identityctl links the simulators for `demo`.
control="$(dirname "$binary")/identityctl"
[ -x "$control" ] || control="$(swift build --show-bin-path)/identityctl"
if [ -x "$control" ]; then
    control_found=$(test_code "$control")
    echo "control: $control: $control_found symbols of test code (must be more than 0)"
    [ "$control_found" -gt 0 ] || { echo "server-binary.sh: FAILED: the check finds nothing in identityctl either" >&2; exit 1; }
    # Issue 36: `identityctl` (the demo) builds no HTTP server: no Hummingbird, no SwiftNIO, no jwt-kit (and, issue 48, no AsyncHTTPClient). The
    # server binary above holds them, so the same pattern shows it can find them.
    server_stack='Hummingbird|NIOPosix|NIOHTTP1|JWTKit|AsyncHTTPClient'
    stack=$(nm "$control" 2>/dev/null | grep -cE "$server_stack" || true)
    in_server=$(nm "$binary" 2>/dev/null | grep -cE "$server_stack" || true)
    echo "identityctl: $stack symbols of Hummingbird, SwiftNIO, jwt-kit or AsyncHTTPClient (must be 0; identity-server has $in_server)"
    [ "$in_server" -gt 0 ] || { echo "server-binary.sh: FAILED: the server-stack pattern finds nothing in identity-server" >&2; exit 1; }
    if [ "$stack" -ne 0 ]; then
        nm "$control" | grep -E "$server_stack" | head -5 >&2
        echo "server-binary.sh: FAILED: identityctl links the HTTP server stack" >&2
        exit 1
    fi
fi
echo "server-binary.sh: ok in $((SECONDS - start))s"
