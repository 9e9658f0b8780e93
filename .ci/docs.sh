#!/usr/bin/env bash
# Generates the DocC documentation of every library product target (swift-docc-plugin) and fails
# when the generation fails or prints any warning (a broken ``symbol`` link, an undocumented
# parameter, a compiler warning in the documented code, ...).
#
#   .ci/docs.sh                       # every library product target
#   .ci/docs.sh IdentityBridge ...    # only the named targets
#
# The archives land in .build/plugins/Swift-DocC/outputs/<Target>.doccarchive. Nothing is fetched:
# the plugin and the package's dependencies come from the resolved package graph.
set -euo pipefail
cd "$(dirname "$0")/.."

# The targets of the library products in Package.swift (keep in step with its `products:`), and the signing
# module, which is no product but whose public API `IdentityBridge` re-exports.
targets=(
    IdentityBridge
    IdentityBridgeStandard
    HelpshiftAdapter
    ZendeskSupportAdapter
    ZendeskChatAdapter
    ZendeskMessagingAdapter
    IdentityBridgeTesting
    IdentityBridgeSimulators
    IdentityBridgeHummingbird
    IdentityBridgeModel
    IdentityBridgeSigning
    IdentityBridgeClient
    HelpshiftSession
    ZendeskChatSession
    ZendeskSupportSession
    ZendeskMessagingSession
)
if [ "$#" -gt 0 ]; then targets=("$@"); fi

arguments=()
for target in "${targets[@]}"; do arguments+=(--target "$target"); done

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
start=$SECONDS

# One plugin run for all targets: the package is built once. --disable-sandbox: Linux has no
# plugin sandbox anyway; on macOS it avoids sandbox-exec failures inside already sandboxed CI.
status=0
swift package --disable-sandbox generate-documentation "${arguments[@]}" 2>&1 | tee "$log" || status=$?

elapsed=$((SECONDS - start))
# SwiftPM's note that a dependency's checkout holds files it does not build (swift-distributed-tracing's
# CMakeLists.txt, reached through Hummingbird) is about that package, not about our documentation.
dependency_note="^warning: '[^']*': found [0-9]* file(s) which are unhandled"
warnings="$(grep 'warning:' "$log" | grep -vc "$dependency_note" || true)"
if [ "$status" -ne 0 ]; then
    echo "docs: generate-documentation exited with status $status after ${elapsed}s" >&2
    exit "$status"
fi
if [ "$warnings" -ne 0 ]; then
    echo "docs: $warnings warning(s) in the documentation of ${targets[*]} (${elapsed}s):" >&2
    grep -v "$dependency_note" "$log" | grep -A2 'warning:' >&2 || true
    exit 1
fi
echo "docs: ${#targets[@]} targets documented with no warnings in ${elapsed}s (${targets[*]})"
