#!/usr/bin/env bash
# The app half ships in an app: what an iOS, macOS or Linux app links needs no system library, no configuration
# loader and no signing code.
#   1. `swift package describe`: the model's closure holds no package product, no system library and not the
#      signing code; each app-half target's closure holds no system library, no Yams, no configuration module
#      and no signing code.
#   2. With libyaml's and OpenSSL's headers hidden (as on iOS, which has neither; .ci/hidden-headers.sh, a private
#      mount namespace: needs root, as CI runs), .ci/bridges.sh: the bridges an app copies (Examples/AppBridges,
#      public API only, every package trait off) build against the vendor SDKs' stand-ins and pass their tests.
#      That build compiles every app-half target of step 1 (the bridges link the model and the four session
#      modules, their tests the client), so it is also the app half's build without the system headers; the
#      closures of step 1 hold no trait-conditioned dependency, so the default traits would compile the same
#      modules.
set -euo pipefail
cd "$(dirname "$0")/.."

# The model, the client and every vendor's app half (`<Vendor>Session`).
app_targets=(IdentityBridgeModel IdentityBridgeClient HelpshiftSession ZendeskChatSession ZendeskSupportSession ZendeskMessagingSession)

swift package describe --type json >"${TMPDIR:-/tmp}/identitybridge-describe.json"
python3 - "${TMPDIR:-/tmp}/identitybridge-describe.json" "${app_targets[@]}" <<'EOF'
import json, sys

described = json.load(open(sys.argv[1]))
targets = {t["name"]: t for t in described["targets"]}


def closure(name):
    seen, stack = set(), [name]
    while stack:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        stack.extend(targets[current].get("target_dependencies", []))
    return seen


failures = []
model = closure("IdentityBridgeModel")
for name in sorted(model):
    if targets[name].get("product_dependencies"):
        failures.append(f"IdentityBridgeModel's closure: {name} depends on {targets[name]['product_dependencies']}")
for name in sys.argv[2:]:
    for member in sorted(closure(name)):
        target = targets[member]
        if target["type"] == "system-target":
            failures.append(f"{name}'s closure holds the system library {member}")
        if member in ("IdentityBridge", "IdentityBridgeSigning"):
            failures.append(f"{name}'s closure holds {member} (configuration or signing code: backend half)")
        if "Yams" in target.get("product_dependencies", []):
            failures.append(f"{name}'s closure holds Yams (through {member})")
for failure in failures:
    print(f"app-half: {failure}")
if failures:
    sys.exit(1)
print(f"app-half: closures of {', '.join(sys.argv[2:])}: no system library, no Yams, no configuration, no signing code")
EOF

# The bridges' tests start a real identity-server (Messaging's onInvalidAuth answered with a JWT it mints): the
# one the main package built (.ci/run's swift test built it), built now if missing, before the headers are hidden.
IDENTITY_SERVER_BIN="${IDENTITY_SERVER_BIN:-$(swift build --show-bin-path)/identity-server}"
[ -x "$IDENTITY_SERVER_BIN" ] || swift build --product identity-server
export IDENTITY_SERVER_BIN
bash .ci/hidden-headers.sh bash .ci/bridges.sh
for target in "${app_targets[@]}"; do
    if [ -z "$(find .build-fixtures/AppBridges -path "*/debug/Modules/$target.swiftmodule" -print -quit)" ]; then
        echo "app-half: $target was not compiled by the bridges' build (.build-fixtures/AppBridges)"
        exit 1
    fi
done
echo "app-half: ${app_targets[*]} and the bridges (Examples/AppBridges) built, and the bridges tested, with /usr/include/yaml.h and /usr/include/openssl hidden"
