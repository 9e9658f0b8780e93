#!/usr/bin/env bash
# Issue 49: the alerting rules. `promtool check rules` on deploy/prometheus/identity-server.rules.yaml,
# `promtool test rules` on its tests (each alert firing and not firing), then a self-test: a copy of the tests
# with one firing case's expectation dropped must FAIL (a test run that cannot fail proves nothing), and the
# PrometheusRule in deploy/kubernetes/identity-server-monitoring.yaml must carry exactly the rules file's groups.
# promtool: the prometheus Debian package (2.42). PyYAML: the CI venv of .ci/install.sh (kubernetes-validate's).
# Usage: .ci/alert-rules.sh
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
rules=deploy/prometheus/identity-server.rules.yaml
tests=deploy/prometheus/identity-server.rules.test.yaml
monitoring=deploy/kubernetes/identity-server-monitoring.yaml
command -v promtool >/dev/null || { echo "alert-rules.sh: promtool not found (Debian: apt-get install prometheus)" >&2; exit 1; }
venv="${CI_VENV:-$(bash .ci/install.sh | sed -n 's/^venv=//p')}"
python="$venv/bin/python"

echo "== promtool check rules $rules"
promtool check rules "$rules"
echo "== promtool test rules $tests"
promtool test rules "$tests"
# promtool passes a test file without tests: every alert needs a case where it fires and one where it stays silent.
"$python" - "$rules" "$tests" <<'PY'
import sys
import yaml

rules_path, tests_path = sys.argv[1], sys.argv[2]
alerts = [r["alert"] for g in yaml.safe_load(open(rules_path))["groups"] for r in g["rules"] if "alert" in r]
cases = [c for g in (yaml.safe_load(open(tests_path)) or {}).get("tests") or [] for c in g.get("alert_rule_test") or []]
missing = []
for alert in alerts:
    kinds = {bool(c.get("exp_alerts")) for c in cases if c.get("alertname") == alert}
    lacking = [name for name, firing in (("firing", True), ("silent", False)) if firing not in kinds]
    if lacking:
        missing.append(f"{alert} ({' and '.join(lacking)})")
if missing:
    sys.exit(f"alert-rules.sh: FAILED: {tests_path} has no case for: {'; '.join(missing)}")
print(f"each of the {len(alerts)} alerts has a case where it fires and one where it stays silent")
PY

echo "== self-test: a firing case whose expectation is dropped must fail"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cp "$rules" "$tests" "$tmp/"
copy="$tmp/$(basename "$tests")"
# Rewrites the copy through PyYAML: unchanged (`same`), or with the first firing case's exp_alerts emptied
# (`break`, printing "ALERTNAME, time: EVAL_TIME" as promtool names a failed case).
rewrite() {
    "$python" - "$copy" "$1" <<'EOF'
import sys
import yaml

path, mode = sys.argv[1], sys.argv[2]
document = yaml.safe_load(open(path))
if mode == "break":
    case = next(c for group in document["tests"] for c in group.get("alert_rule_test", []) if c.get("exp_alerts"))
    case["exp_alerts"] = []
    print(f"{case['alertname']}, time: {case['eval_time']}")
yaml.safe_dump(document, open(path, "w"), sort_keys=False, width=1000)
EOF
}
rewrite same
promtool test rules "$copy" >/dev/null || { echo "alert-rules.sh: FAILED: the unchanged copy of the tests fails in $tmp" >&2; exit 1; }
broken="$(rewrite break)"
set +e
output="$(promtool test rules "$copy" 2>&1)"
status=$?
set -e
if [ "$status" -eq 0 ]; then
    echo "alert-rules.sh: FAILED: promtool passed the tests with the expectation of $broken dropped" >&2
    exit 1
fi
if ! grep -qF "alertname: $broken" <<<"$output"; then
    echo "alert-rules.sh: FAILED: promtool failed (status $status) but not on $broken:" >&2
    echo "$output" >&2
    exit 1
fi
echo "promtool exited $status on the copy that expects no $broken alert"
echo "alert-rules.sh: a broken rule test fails as it should"

echo "== $monitoring: the PrometheusRule carries $rules's groups"
"$python" - "$rules" "$monitoring" <<'EOF'
import difflib
import sys
import yaml

rules_path, manifest_path = sys.argv[1], sys.argv[2]
groups = yaml.safe_load(open(rules_path))["groups"]
objects = [d for d in yaml.safe_load_all(open(manifest_path)) if d and d.get("kind") == "PrometheusRule"]
if len(objects) != 1:
    sys.exit(f"alert-rules.sh: FAILED: {manifest_path} has {len(objects)} PrometheusRule objects, expected 1")
carried = objects[0]["spec"]["groups"]
if carried != groups:
    dump = lambda value: yaml.safe_dump(value, sort_keys=False, width=1000).splitlines()
    print("\n".join(difflib.unified_diff(dump(groups), dump(carried), rules_path, manifest_path + " spec.groups", lineterm="")))
    sys.exit(f"alert-rules.sh: FAILED: the PrometheusRule's spec.groups differ from {rules_path} (copy the groups, indented under spec:)")
rules = sum(len(g["rules"]) for g in groups)
print(f"the PrometheusRule {objects[0]['metadata']['name']} carries the same {len(groups)} group(s), {rules} rules")
EOF
echo "alert-rules.sh: ok in $((SECONDS - start))s"
