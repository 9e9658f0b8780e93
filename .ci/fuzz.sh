#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (AddressSanitizer) and runs each for FUZZ_SECONDS (default 30)
# on a copy of its seed corpus in Fuzz/Corpus/<target>/. Prints one summary line per target and fails
# when any target crashes, breaks an invariant, times out or runs out of memory; the input that did is
# kept under Fuzz/.build/fuzz-artifacts/.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fuzz="$root/Fuzz"
seconds="${FUZZ_SECONDS:-30}"
targets=(${FUZZ_TARGETS:-FuzzJSON FuzzJWT FuzzBase64URL FuzzConfiguration FuzzScenario})
scratch="$fuzz/.build"
artifacts="$scratch/fuzz-artifacts"

start=$(date +%s)
mkdir -p "$scratch"
echo "fuzz: building ${#targets[@]} targets (debug, -sanitize=fuzzer,address)"
(cd "$fuzz" && swift build -c debug --scratch-path "$scratch" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library >"$scratch/fuzz-build.log" 2>&1) || {
    tail -40 "$scratch/fuzz-build.log"
    echo "fuzz: build failed"
    exit 1
}
bin="$(cd "$fuzz" && swift build -c debug --scratch-path "$scratch" --show-bin-path)"
echo "fuzz: built in $(($(date +%s) - start)) s"

mkdir -p "$artifacts"
failed=0
summary=()
for target in "${targets[@]}"; do
    corpus="$(mktemp -d)"
    cp -R "$fuzz/Corpus/$target/." "$corpus/"
    log="$artifacts/$target.log"
    status=0
    # Swift's own crash backtracer would hold a crashing process for a long time; libFuzzer and
    # AddressSanitizer report crashes themselves.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" \
        "$bin/$target" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
        -print_final_stats=1 -artifact_prefix="$artifacts/$target-" >"$log" 2>&1 || status=$?
    runs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)"
    entries="$(find "$corpus" -type f | wc -l | tr -d ' ')"
    rm -rf "$corpus"
    if [[ $status -eq 0 ]]; then
        summary+=("fuzz: $target: ok: ${runs:-?} runs in ${seconds} s, corpus ${entries} inputs")
    else
        failed=1
        artifact="$(grep -o "Test unit written to .*" "$log" | sed 's/Test unit written to //' | tail -1 || true)"
        summary+=("fuzz: $target: FAILED (exit $status) after ${runs:-?} runs; input: ${artifact:-none}; log: $log")
        grep -E "invariant broken|ERROR: AddressSanitizer|ERROR: libFuzzer|Fatal error|SUMMARY" "$log" | head -5 | sed 's/^/    /' || true
    fi
done
printf '%s\n' "${summary[@]}"
echo "fuzz: total $(($(date +%s) - start)) s"
exit $failed
