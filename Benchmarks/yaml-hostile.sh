#!/usr/bin/env bash
# The YAML alias bound under hostile configurations, side by side: each hostile file is given to two
# release `identity-server` builds in turn (`--config FILE --port 0`: the configuration is refused, the
# process exits), and the wall time and peak memory of each run are printed; the last lines give the
# worst input's time for each build and their ratio.
#   BEFORE_BIN=<a previous release identity-server> [BIN=.build/release/identity-server] [ROUNDS=3] \
#     bash Benchmarks/yaml-hostile.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/identity-server}
BEFORE_BIN=${BEFORE_BIN:?set BEFORE_BIN to a previous release identity-server}
ROUNDS=${ROUNDS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work" <<'PY'
import sys
folder = sys.argv[1]
def write(name, text):
    open(f"{folder}/{name}.yaml", "w").write(text)
bomb = "x-0: &l0 [a, a, a, a, a, a, a, a, a, a]\n" + "".join(
    f"x-{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]\n" for i in range(1, 10))
write("bomb-value", bomb + "apps:\n  web:\n    providers: *l9\n")
write("bomb-key", bomb + "x-keys:\n  ? *l9\n  : 1\napps: {}\n")
keys = "k0: &k0 {a: 1, b: 2, c: 3, d: 4}\n" + "".join(
    f"k{i}: &k{i} {{? *k{i - 1} : 1, ? [*k{i - 1}] : 2, ? [[*k{i - 1}]] : 3}}\n" for i in range(1, 13))
write("bomb-nested-keys", keys)
merge = "m0: &m0 {a: 1, b: 2, c: 3}\n" + "".join(
    f"m{i}: &m{i}\n  <<: [*m{i - 1}, *m{i - 1}]\n  x{i}: [*m{i - 1}, *m{i - 1}, *m{i - 1}]\n" for i in range(1, 13))
write("bomb-merge", merge)
write("nesting-flow-300k", "[" * 300_000)
write("nesting-block-150k", "- " * 150_001 + "x")
write("nesting-mappings-40k", "{a: " * 40_000 + "x\n")
write("nodes-200k", "- x\n" * 200_000)
write("empty-entries-400k", "-\n" * 400_000)
write("flow-300k", "[" + "x, " * 300_000 + "]")
write("aliases-2000x100", "a: &a [" + "x, " * 99 + "x]\nb: [" + "*a, " * 2000 + "*a]\n")
write("large-config-99k", "apps:\n  web:\n    providers:\n" + "      - [a, b, c, d, e, f, g, h]\n" * 11_000)
PY

measure() {  # BIN FILE -> "seconds kilobytes"
    /usr/bin/time -f "%e %M" -o "$work/time" "$1" --config "$2" --port 0 >/dev/null 2>&1 || true
    tail -n 1 "$work/time"
}
printf '%-24s %22s %22s\n' input "before s (peak KB)" "after s (peak KB)"
worst_before=0 worst_after=0 worst_before_name="" worst_after_name=""
for file in "$work"/*.yaml; do
    name=$(basename "$file" .yaml)
    best_before=999 best_after=999 kb_before=0 kb_after=0
    for _ in $(seq "$ROUNDS"); do
        read -r seconds kb < <(measure "$BEFORE_BIN" "$file")
        if awk "BEGIN{exit !($seconds < $best_before)}"; then best_before=$seconds kb_before=$kb; fi
        read -r seconds kb < <(measure "$BIN" "$file")
        if awk "BEGIN{exit !($seconds < $best_after)}"; then best_after=$seconds kb_after=$kb; fi
    done
    printf '%-24s %12s (%7s) %12s (%7s)\n' "$name" "$best_before" "$kb_before" "$best_after" "$kb_after"
    if awk "BEGIN{exit !($best_before > $worst_before)}"; then worst_before=$best_before worst_before_name=$name; fi
    if awk "BEGIN{exit !($best_after > $worst_after)}"; then worst_after=$best_after worst_after_name=$name; fi
done
echo "worst_before=${worst_before}s ($worst_before_name) worst_after=${worst_after}s ($worst_after_name)" \
    "ratio_after_over_before=$(awk "BEGIN{printf \"%.2f\", $worst_after / $worst_before}")"
