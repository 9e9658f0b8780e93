#!/usr/bin/env bash
# Issue 14 (and issue 12's fixture): a package that depends on IdentityBridge by relative path and applies
# IdentityConfigPlugin builds with typed constants from a good identity.yaml, issues a credential of each
# built-in kind, compiles no simulator or test kit; a broken identity.yaml fails `swift build` at its line
# and column; `swift package identity-config validate` passes on the first and fails on the second.
# Each fixture builds in its own folder under .build-fixtures/ (ignored by git): SwiftPM cannot share one
# between two root packages.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
scratch=.build-fixtures/PluginConsumer
broken_scratch=.build-fixtures/PluginConsumerBroken
consumer=Examples/PluginConsumer
broken=Examples/PluginConsumerBroken
log=$(mktemp)
second="$broken/Sources/BrokenConsumer/identity.yml"
trap 'rm -f "$log" "$second"' EXIT

fail() {
    echo "plugins.sh: FAILED: $*" >&2
    sed 's/^/    /' "$log" >&2
    exit 1
}

echo "== $consumer: swift build"
# --product: a plain `swift build` also builds the executable products of dependencies (identityctl).
swift build --package-path "$consumer" --scratch-path "$scratch" --product PluginConsumer >"$log" 2>&1 || fail "the consumer does not build"

echo "== $consumer: run (one credential per kind, instances named by generated constants)"
swift run --skip-build --package-path "$consumer" --scratch-path "$scratch" PluginConsumer >"$log" 2>&1 || fail "the consumer did not run"
cat "$log"
for kind in helpshift zendesk-support zendesk-chat zendesk-messaging; do
    grep -q "^demo/$kind ($kind): {" "$log" || fail "no $kind credential"
done
grep -q "^tricky names: demo/zendesk-chat, demo/HelpShift.EU, my-app/default, my-app/self, 2fa/" "$log" || fail "tricky names"

echo "== $consumer: no simulator, test kit or CLI module compiled"
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

echo "== $broken: swift build must fail at identity.yaml:9:25"
if swift build --package-path "$broken" --scratch-path "$broken_scratch" --product BrokenConsumer >"$log" 2>&1; then fail "the broken consumer built"; fi
expected="$PWD/$broken/Sources/BrokenConsumer/identity.yaml:9:25: error: 'token_lifetime' of zendesk-chat provider is '10m' (600s)"
grep -qF "$expected" "$log" || fail "no '$expected' in the build output"
grep -F "identity.yaml:9:25" "$log"

echo "== $broken: identity.yaml and identity.yml in one target is a plugin error naming both"
cp "$broken/Sources/BrokenConsumer/identity.yaml" "$second"
if swift build --package-path "$broken" --scratch-path "$broken_scratch" --product BrokenConsumer >"$log" 2>&1; then fail "built with two files"; fi
rm -f "$second"
grep -q "error: .*BrokenConsumer holds both identity.yaml and identity.yml" "$log" || fail "no error naming both files"

echo "== $consumer: swift package identity-config validate (exit 0)"
swift package --package-path "$consumer" --scratch-path "$scratch" identity-config validate >"$log" 2>&1 || fail "validate failed on the consumer"
cat "$log"
grep -q "^Checking with IdentityBridge's IdentityConfigTool (the built-in kinds)." "$log" || fail "not IdentityBridge's checker"
grep -q "PluginConsumer/identity.yaml: ok: 1 app, 4 provider instances" "$log" || fail "no summary for the consumer's identity.yaml"
grep -q "TrickyNames/identity.yaml: ok: 3 apps, 5 provider instances" "$log" || fail "no summary for TrickyNames' identity.yaml"

echo "== $consumer: identity-config validate --target TrickyNames and a broken PATH (exit non-zero)"
if swift package --package-path "$consumer" --scratch-path "$scratch" identity-config validate --target TrickyNames \
    ../PluginConsumerBroken/Sources/BrokenConsumer/identity.yaml >"$log" 2>&1; then
    fail "validate passed with a broken PATH"
fi
grep -qF "$expected" "$log" || fail "no '$expected' from validate PATH"
if grep -q "PluginConsumer/identity.yaml" "$log"; then fail "--target TrickyNames checked another target"; fi

echo "== $broken: swift package identity-config validate (exit non-zero)"
if swift package --package-path "$broken" --scratch-path "$broken_scratch" identity-config validate >"$log" 2>&1; then
    fail "validate passed on the broken consumer"
fi
grep -qF "$expected" "$log" || fail "no '$expected' from validate"
cat "$log"

echo "plugins.sh: ok in $((SECONDS - start))s"
