#!/usr/bin/env bash
# Generates the DocC documentation of every library product target and fails when the generation fails or
# prints any warning (a broken ``symbol`` link, an undocumented parameter, a bad directive, ...).
#
#   .ci/docs.sh                            # every library product target, from the build that is there
#   .ci/docs.sh IdentityBridge ...         # only the named targets
#   .ci/docs.sh --plugin [TARGET...]       # the same through swift-docc-plugin (.ci/full; what a user runs)
#
# By default the symbol graphs come from `swift package dump-symbol-graph`, which extracts them from the modules
# the last build compiled (after `swift test`, nothing is compiled again), and each target's catalog is converted
# by `docc convert` with the arguments swift-docc-plugin 1.5 passes (extension blocks, public symbols, LMDB index,
# the target's name as fallback). The plugin asks SwiftPM for one target's symbol graph at a time, and each of
# those builds compiles the shared modules again: 280 s against about 60 s for the 16 targets on 2 cores. The
# compiler warnings the plugin's build showed are checked where the code is compiled: `.ci/run` fails on a
# warning in `Sources/` during `swift test`.
#
# The archives land in .build/docs/<Target>.doccarchive (with --plugin, in
# .build/plugins/Swift-DocC/outputs/). Nothing is fetched: the plugin and the package's dependencies come from
# the resolved package graph.
set -euo pipefail
cd "$(dirname "$0")/.."

plugin=0
if [ "${1:-}" = --plugin ]; then
    plugin=1
    shift
fi

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
    IdentityBridgeService
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

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
log="$work/log"
start=$SECONDS
status=0

if [ "$plugin" -eq 1 ]; then
    arguments=()
    for target in "${targets[@]}"; do arguments+=(--target "$target"); done
    # One plugin run for all targets. --disable-sandbox: Linux has no plugin sandbox anyway; on macOS it avoids
    # sandbox-exec failures inside already sandboxed CI.
    swift package --disable-sandbox generate-documentation "${arguments[@]}" 2>&1 | tee "$log" || status=$?
else
    swift package dump-symbol-graph --emit-extension-block-symbols >"$log" 2>&1 || status=$?
    graphs="$(sed -n 's/^Files written to //p' "$log" | tail -1)"
    if [ "$status" -ne 0 ] || [ ! -d "$graphs" ]; then
        cat "$log" >&2
        echo "docs: swift package dump-symbol-graph failed (status $status)" >&2
        exit 1
    fi
    # The toolchain's docc: on PATH on Linux, through xcrun with Xcode.
    docc_command=docc
    if ! command -v docc >/dev/null 2>&1 && command -v xcrun >/dev/null 2>&1; then docc_command="xcrun docc"; fi
    output=.build/docs
    mkdir -p "$output"
    for target in "${targets[@]}"; do
        mkdir -p "$work/$target"
        # The target's own graph and its extensions of other modules' types (Target@Other.symbols.json).
        cp "$graphs/$target.symbols.json" "$work/$target/" || { echo "docs: no symbol graph for $target" >&2; exit 1; }
        find "$graphs" -maxdepth 1 -name "$target@*.symbols.json" -exec cp {} "$work/$target/" \;
    done
    convert() {
        local target="$1" catalog=()
        if [ -d "Sources/$target/$target.docc" ]; then catalog=("Sources/$target/$target.docc"); fi
        rm -rf "$output/$target.doccarchive"
        if $docc_command convert "${catalog[@]}" --emit-lmdb-index --fallback-display-name "$target" \
            --fallback-bundle-identifier "$target" --additional-symbol-graph-dir "$work/$target" \
            --output-path "$output/$target.doccarchive" >"$work/$target.log" 2>&1; then
            echo "docs: $target: converted"
        else
            echo "docs: $target: docc convert failed" >>"$work/$target.log"
            echo "docs: $target: docc convert FAILED"
        fi
    }
    export -f convert
    export work output docc_command
    printf '%s\n' "${targets[@]}" | xargs -P 2 -I{} bash -c 'convert "$@"' _ {} | tee -a "$log"
    for target in "${targets[@]}"; do cat "$work/$target.log" >>"$log"; done
    if grep -q "docc convert FAILED" "$log"; then status=1; fi
fi

elapsed=$((SECONDS - start))
# SwiftPM's note that a dependency's checkout holds files it does not build (swift-distributed-tracing's
# CMakeLists.txt, reached through Hummingbird) is about that package, not about our documentation.
dependency_note="^warning: '[^']*': found [0-9]* file(s) which are unhandled"
warnings="$(grep 'warning:' "$log" | grep -vc "$dependency_note" || true)"
if [ "$status" -ne 0 ]; then
    grep -v "$dependency_note" "$log" | grep -B2 -A4 'error:\|FAILED' >&2 || true
    echo "docs: the documentation failed (status $status) after ${elapsed}s" >&2
    exit "$status"
fi
if [ "$warnings" -ne 0 ]; then
    echo "docs: $warnings warning(s) in the documentation of ${targets[*]} (${elapsed}s):" >&2
    grep -v "$dependency_note" "$log" | grep -A2 'warning:' >&2 || true
    exit 1
fi
echo "docs: ${#targets[@]} targets documented with no warnings in ${elapsed}s (${targets[*]})"
