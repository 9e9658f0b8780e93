#!/usr/bin/env bash
# The consumer fixture, Examples/PluginConsumer: a package that depends on IdentityBridge by relative path
# with every package trait off (`traits: []`) and applies IdentityConfigPlugin. One build folder, checked:
#   - the consumer builds with typed constants from a good identity.yaml, issues a credential of each built-in
#     kind, and compiles no simulator, test kit or command-line module;
#   - the HMAC under every credential matches RFC 4231's vectors on the swift-crypto path (SystemLibcrypto off),
#     and the Zendesk Chat JWT it issued verifies with Python's hmac;
#   - its dependency graph holds no HTTP client or server package (no AsyncHTTPClient, Hummingbird, SwiftNIO);
#   - the YAML alias bound refuses an alias bomb (used as a mapping key) in this build, which links no system
#     library (.ci/run runs this script with libyaml's and OpenSSL's headers hidden);
#   - with TokenService off, the package's executables (and every library target they reach) still build:
#     SwiftPM's rule that every combination of traits builds; they say which trait they need;
#   - BrokenConsumer's identity.yaml fails `swift build` at its line and column (with --full: two identity files in
#     one target are an error naming both);
#   - `swift package identity-config validate` checks the targets it is given and a PATH, and fails on a broken
#     file; with --full, also every target in a run with no --target.
#
#   .ci/plugins.sh           # on every change (.ci/run): one validate run, no two-file target
#   .ci/plugins.sh --full    # .ci/full: both validate runs and the two-file target
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
full=0
case "${1:-}" in
    --full) full=1 ;;
    "") ;;
    *) echo "usage: .ci/plugins.sh [--full]" >&2; exit 2 ;;
esac
consumer=Examples/PluginConsumer
scratch=.build-fixtures/PluginConsumer
log=$(mktemp)
second="$consumer/Sources/BrokenConsumer/identity.yml"
trap 'rm -f "$log" "$second"' EXIT

fail() {
    echo "plugins.sh: FAILED: $*" >&2
    sed 's/^/    /' "$log" >&2
    exit 1
}
build() { swift build --package-path "$consumer" --scratch-path "$scratch" "$@" >"$log" 2>&1; }
# Each section's header carries the seconds since the script started.
section() { echo "== $* ($((SECONDS - start)) s)"; }

expected="$PWD/$consumer/Sources/BrokenConsumer/identity.yaml:9:25: error: 'token_lifetime' of zendesk-chat provider is '10m' (600s)"

# SwiftPM builds a command plugin's tool in a build database of its own that shares the tool's modules with the
# build plugin's (swiftlang/swift-package-manager 7210, 7886), so a `validate` run compiles the checker's C code
# (BoringSSL) again, and so does any build that re-plans the build plugin's tool after it or after a change to the
# package graph (a file added to a target: about 90 s). The order below is the cheapest measured on 2 cores, as
# .ci/run runs it (headers hidden): `validate` first in the fresh folder (272 s), then the consumer (364 s), then
# the rest (20 s): 657 s, against 796 s (390 + 184 + 19 + 201 s) with `validate` last. On every change: one run
# covering --target, a PATH and a failing target. With --full (.ci/full), at the end: the run over every target
# with no --target, --target with a PATH, and a target holding two files (added, then removed).
validate() {
    local started=$SECONDS status=0
    swift package --package-path "$consumer" --scratch-path "$scratch" identity-config validate "$@" >"$log" 2>&1 || status=$?
    cat "$log"
    echo "(validate: $((SECONDS - started)) s)"
    grep -q "^Checking with IdentityBridge's IdentityConfigTool (the built-in kinds)." "$log" || fail "not IdentityBridge's checker"
    return "$status"
}

section "$consumer: identity-config validate --target TrickyNames --target BrokenConsumer PATH (exit non-zero: BrokenConsumer)"
if validate --target TrickyNames --target BrokenConsumer ../../config.example.yaml; then
    fail "validate passed with BrokenConsumer's identity.yaml"
fi
grep -q "TrickyNames/identity.yaml: ok: 3 apps, 5 provider instances" "$log" || fail "no summary for TrickyNames' identity.yaml"
grep -q "config.example.yaml: ok: " "$log" || fail "no summary for the PATH"
grep -qF "$expected" "$log" || fail "no '$expected' from validate"
if grep -q "PluginConsumer/identity.yaml" "$log"; then fail "--target checked a target it was not given"; fi

section "$consumer: swift build --product PluginConsumer (traits: [])"
build --product PluginConsumer || fail "the consumer does not build"

section "$consumer: its dependency graph (traits: []) holds no HTTP client or server package (issue 48: AsyncHTTPClient is the token service's)"
swift package --package-path "$consumer" --scratch-path "$scratch" show-dependencies >"$log" 2>&1 || fail "show-dependencies failed"
cat "$log"
if grep -E "async-http-client|hummingbird|swift-nio|vapor" "$log"; then fail "a consumer with the service trait off resolves the package above"; fi

section "$consumer: run (one credential per kind, instances named by generated constants, RFC 4231 vectors)"
swift run --skip-build --package-path "$consumer" --scratch-path "$scratch" PluginConsumer >"$log" 2>&1 || fail "the consumer did not run"
cat "$log"
for kind in helpshift zendesk-support zendesk-chat zendesk-messaging; do
    grep -q "^demo/$kind ($kind): {" "$log" || fail "no $kind credential"
done
grep -q "^tricky names: demo/zendesk-chat, demo/HelpShift.EU, my-app/default, my-app/self, 2fa/" "$log" || fail "tricky names"
grep -qx "hash backend: swift-crypto" "$log" || fail "trait SystemLibcrypto is off, yet the hash backend is not swift-crypto"
grep -qx "rfc4231 case 2: 5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843" "$log" || fail "RFC 4231 case 2"
grep -qx "rfc4231 case 6: 60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54" "$log" || fail "RFC 4231 case 6"
grep -qx "alias bomb: an alias inside a mapping key; keys are compared whole, so an aliased key may expand without bound: write the key out." "$log" \
    || fail "the YAML alias bound did not refuse the alias bomb in a build without libyaml"
python3 - "$log" <<'PY' || fail "the Zendesk Chat JWT does not verify with Python's hmac"
import base64, hashlib, hmac, json, sys
line = next(l for l in open(sys.argv[1]) if l.startswith("demo/zendesk-chat (zendesk-chat): "))
token = json.loads(line.split(": ", 1)[1])["jwt"]
header, payload, signature = token.split(".")
secret = b"dev-only-zendesk-chat-secret-0123456789abcdef"  # identity.yaml's development default
expected = base64.urlsafe_b64encode(hmac.new(secret, f"{header}.{payload}".encode(), hashlib.sha256).digest()).rstrip(b"=")
assert hmac.compare_digest(expected.decode(), signature), "signature differs"
print("zendesk-chat JWT: HS256 signature verified by Python's hmac")
PY

section "$consumer: no simulator, test kit or CLI module compiled"
# Nothing compiled (no module, no object) and nothing linked into the consumer or the plugin's tool.
for module in IdentityBridgeSimulators IdentityBridgeTesting IdentityBridgeCLI ArgumentParser; do
    if [ -n "$(find "$scratch" -name "$module.swiftmodule" -o -path "*/$module.build/*.o" -o -path "*/$module-tool.build/*.o")" ]; then
        fail "$module was compiled for the consumer"
    fi
    if grep -q "/$module\(-tool\)\?\.build/" "$scratch"/debug/{PluginConsumer,IdentityConfigTool-tool}.product/Objects.LinkFileList; then
        fail "$module is linked into the consumer or the plugin's tool"
    fi
done
grep -q "/IdentityBridgeStandard.build/" "$scratch/debug/PluginConsumer.product/Objects.LinkFileList" \
    || fail "IdentityBridgeStandard is not linked into the consumer (wrong build folder?)"
[ ! -d "$scratch/checkouts/hummingbird" ] || fail "Hummingbird was resolved for a consumer with TokenService off"
[ ! -d "$scratch/checkouts/vapor" ] || fail "Vapor was resolved for a consumer with the Vapor trait off"

section "$consumer: swift build --product BrokenConsumer must fail at identity.yaml:9:25"
if build --product BrokenConsumer; then fail "the broken consumer built"; fi
grep -qF "$expected" "$log" || fail "no '$expected' in the build output"
grep -F "identity.yaml:9:25" "$log"

section "IdentityBridge's executables with every trait off (TokenService off: they build and say what they need)"
for product in identity-server identityctl; do
    build --product "$product" || fail "$product does not build with TokenService off"
    if "$scratch/debug/$product" --help >"$log" 2>&1; then fail "$product ran without TokenService"; fi
    grep -q "built without the package trait TokenService" "$log" || fail "$product does not name the trait it needs"
done

if [ "$full" -eq 1 ]; then
    section "$consumer: swift package identity-config validate: every target in one run (exit non-zero: BrokenConsumer)"
    if validate; then fail "validate passed with BrokenConsumer's identity.yaml"; fi
    grep -q "PluginConsumer/identity.yaml: ok: 1 app, 4 provider instances" "$log" || fail "no summary for the consumer's identity.yaml"
    grep -q "TrickyNames/identity.yaml: ok: 3 apps, 5 provider instances" "$log" || fail "no summary for TrickyNames' identity.yaml"
    grep -qF "$expected" "$log" || fail "no '$expected' from validate"

    section "$consumer: identity-config validate --target TrickyNames PATH (exit 0; no other target checked)"
    validate --target TrickyNames ../../config.example.yaml || fail "validate --target TrickyNames with a good PATH failed"
    grep -q "config.example.yaml: ok: " "$log" || fail "no summary for the PATH"
    if grep -q "PluginConsumer/identity.yaml\|BrokenConsumer" "$log"; then fail "--target TrickyNames checked another target"; fi

    section "$consumer: identity.yaml and identity.yml in one target is a plugin error naming both"
    cp "$consumer/Sources/BrokenConsumer/identity.yaml" "$second"
    if build --product BrokenConsumer; then fail "built with two files"; fi
    grep -q "error: .*BrokenConsumer holds both identity.yaml and identity.yml" "$log" || fail "no error naming both files"
    rm -f "$second"
fi

echo "plugins.sh: ok in $((SECONDS - start))s"
