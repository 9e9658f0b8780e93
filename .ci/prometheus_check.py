#!/usr/bin/env python3
"""Every query of the Grafana dashboard and every alerting rule, against a live Prometheus that scraped
identity-server under load (.ci/observability.sh): a query that returns no series is a typo in a metric
or label name, or a label the server does not export.

    prometheus_check.py PROMETHEUS_URL DASHBOARD_JSON RULES_YAML
    prometheus_check.py --self-test [PROMETHEUS_URL DASHBOARD_JSON RULES_YAML]

Dashboard: each panel target's `expr` (rows' nested panels included) with the template variables
replaced (`$app`, `${app}`, `${app:regex}`, `[[app]]` of a query variable -> `.*`, an `="$app"` matcher
made `=~`; a custom / interval / constant variable -> its current value; `$__rate_interval` -> 1m,
`$__interval` -> 15s, `$__range` -> 5m, and their _s / _ms forms), and each query variable's
`label_values(METRIC, LABEL)` as `count by (LABEL) (METRIC)`. Rules: each alerting rule's `expr` with
every comparison given the `bool` modifier (so `x > 0.05` keeps every series of `x`, at 0 or 1,
instead of only those over the threshold), `absent(x)` evaluated as `x`, and a top-level `unless`
split into its two sides, each evaluated (the right side would otherwise remove every series).
Each query runs as an instant query (/api/v1/query); one line per query with its number of series;
it fails on a query that errors or returns none, on a metric name the query references that
Prometheus has never stored (which an `or vector(0)` would hide), and on a label name it matches or
groups on that no series of its metrics carries (`by (typo)` still returns series). The rules Prometheus loaded
(/api/v1/rules) must all be healthy. Exit 1 naming each failed query.

--self-test checks the PromQL rewriting offline; with the three arguments it also renames
identitybridge_http_requests_total in a copy of the dashboard, and in another copy the first label a
query groups by, and asserts the check fails naming that query each time.
"""

import json
import os
import re
import sys
import tempfile
import urllib.error
import urllib.parse
import urllib.request

GRAFANA_BUILTINS = {
    "__rate_interval": "1m", "__interval": "15s", "__interval_ms": "15000", "__range": "5m", "__range_s": "300",
    "__range_ms": "300000", "__rate_interval_ms": "60000",
}
COMPARISONS = {"==", "!=", ">", "<", ">=", "<="}
LABEL_LIST_KEYWORDS = {"by", "without", "on", "ignoring", "group_left", "group_right"}
KEYWORDS = {"and", "or", "unless", "bool", "offset", "inf", "nan", "start", "end", "atan2"} | LABEL_LIST_KEYWORDS
AGGREGATIONS = {"sum", "min", "max", "avg", "group", "stddev", "stdvar", "count", "count_values", "bottomk", "topk",
                "quantile", "limitk", "limit_ratio"}


# ---- a small PromQL scanner: enough to find operators outside strings, braces and brackets ----

TOKEN = re.compile(r"""
    (?P<space>\s+) | (?P<comment>\#[^\n]*) |
    (?P<string>"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`[^`]*`) |
    (?P<op>==|!=|>=|<=|=~|!~|[-+*/%^<>=,@:]) |
    (?P<open>[({\[]) | (?P<close>[)}\]]) |
    (?P<number>(?:0x[0-9a-fA-F]+|\d+(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?)(?:[smhdwy]|ms)*) |
    (?P<word>[A-Za-z_:][A-Za-z0-9_:.]*) |
    (?P<other>.)
""", re.VERBOSE)


def tokens(expr):
    """(kind, text, start, end, parens, braces, brackets) for each token; the depths are those before it."""
    parens = braces = brackets = 0
    for match in TOKEN.finditer(expr):
        kind = match.lastgroup
        text = match.group()
        yield kind, text, match.start(), match.end(), parens, braces, brackets
        if kind == "open":
            parens += text == "("
            braces += text == "{"
            brackets += text == "["
        elif kind == "close":
            parens -= text == ")"
            braces -= text == "}"
            brackets -= text == "]"


def significant(expr):
    return [t for t in tokens(expr) if t[0] not in ("space", "comment")]


def with_bool(expr):
    """Every comparison operator outside braces and brackets given the `bool` modifier (if it has none)."""
    out, last = [], 0
    items = significant(expr)
    for index, (kind, text, start, end, _, braces, brackets) in enumerate(items):
        if kind == "op" and text in COMPARISONS and braces == 0 and brackets == 0:
            following = items[index + 1] if index + 1 < len(items) else None
            if following is None or following[1] != "bool":
                out.append(expr[last:end] + " bool")
                last = end
    out.append(expr[last:])
    return "".join(out)


def without_absent(expr):
    """`absent(x)` as `x` and `absent_over_time(x[d])` as `last_over_time(x[d])`: absent returns nothing when x is there."""
    items = significant(expr)
    out, last = [], 0
    for index, (kind, text, start, end, *_rest) in enumerate(items):
        following = items[index + 1] if index + 1 < len(items) else None
        if kind == "word" and following is not None and following[1] == "(":
            if text == "absent":
                out.append(expr[last:start])
                last = end
            elif text == "absent_over_time":
                out.append(expr[last:start] + "last_over_time")
                last = end
    out.append(expr[last:])
    return "".join(out)


def unwrapped(expr):
    """`expr` without parentheses that enclose all of it."""
    while True:
        expr = expr.strip()
        items = significant(expr)
        if not items or items[0][1] != "(" or items[-1][1] != ")":
            return expr
        # The first "(" must close at the very end.
        for kind, text, start, end, parens, *_ in items[1:]:
            if text == ")" and parens == 1:
                if end == items[-1][3]:
                    expr = expr[items[0][3]:items[-1][2]]
                    break
                return expr
        else:
            return expr


def split_top(expr, keyword):
    """The parts of `expr` between its top-level `keyword` operators (with their matching modifiers dropped)."""
    expr = unwrapped(expr)
    items = significant(expr)
    parts, last, skip_to = [], 0, None
    for index, (kind, text, start, end, parens, braces, brackets) in enumerate(items):
        if skip_to is not None:
            if index < skip_to:
                continue
            last, skip_to = start, None
        if kind == "word" and text == keyword and parens == 0 and braces == 0 and brackets == 0:
            parts.append(expr[last:start])
            # Drop `on (...)` / `ignoring (...)` / `group_left (...)` after the keyword.
            cursor = index + 1
            while cursor < len(items) and items[cursor][1] in LABEL_LIST_KEYWORDS:
                cursor += 1
                if cursor < len(items) and items[cursor][1] == "(":
                    depth = items[cursor][4]
                    cursor += 1
                    while cursor < len(items) and not (items[cursor][1] == ")" and items[cursor][4] == depth + 1):
                        cursor += 1
                    cursor += 1
            if cursor < len(items):
                skip_to = cursor
            last = items[cursor][2] if cursor < len(items) else len(expr)
    parts.append(expr[last:])
    return [p.strip() for p in parts if p.strip()]


def rule_queries(expr):
    """The queries that check an alerting rule's expression: each side of a top-level `unless`, with bool comparisons."""
    expr = without_absent(expr)
    return [with_bool(part) for part in split_top(expr, "unless")]


def metric_names(expr):
    """The metric names an expression selects (words that are no function, keyword or label name)."""
    names, items = set(), significant(expr)
    skip_depth = None
    for index, (kind, text, start, end, parens, braces, brackets) in enumerate(items):
        if skip_depth is not None:
            if text == ")" and parens == skip_depth + 1:
                skip_depth = None
            continue
        if kind != "word" or braces or brackets:
            continue
        following = items[index + 1][1] if index + 1 < len(items) else None
        if text in LABEL_LIST_KEYWORDS and following == "(":
            skip_depth = parens
            continue
        if following == "(" or text.lower() in KEYWORDS or text in AGGREGATIONS:
            continue
        names.add(text)
    return names


def label_names(expr):
    """The label names an expression matches or groups on (selectors' matchers, by / without / on / ignoring /
    group_left / group_right lists), less those a label_replace or label_join writes."""
    names, written, items = set(), set(), significant(expr)
    in_list = None
    for index, (kind, text, start, end, parens, braces, brackets) in enumerate(items):
        following = items[index + 1] if index + 1 < len(items) else None
        if in_list is not None:
            if text == ")" and parens == in_list + 1:
                in_list = None
            elif kind == "word":
                names.add(text)
            continue
        if kind == "word" and text in LABEL_LIST_KEYWORDS and following and following[1] == "(":
            in_list = parens
        elif kind == "word" and braces and following and following[1] in ("=", "!=", "=~", "!~"):
            names.add(text)
        elif kind == "word" and text in ("label_replace", "label_join") and following and following[1] == "(":
            depth, commas = parens + 1, 0
            for item in items[index + 2:]:
                if item[1] == "," and item[4] == depth:
                    commas += 1
                elif commas == 1 and item[0] == "string":
                    written.add(item[1][1:-1])
                    break
                elif item[1] == ")" and item[4] == depth:
                    break
    return names - written - {"__name__"}


def unknown_labels(base, query, cache):
    """The label names `query` uses that no series of the metrics it selects carries (`job` and `instance`,
    the target's, always exist)."""
    metrics = sorted(metric_names(query))
    if not metrics:
        return []
    unknown = []
    for label in sorted(label_names(query) - {"job", "instance"}):
        key = (label, tuple(metrics))
        if key not in cache:
            selector = "{__name__=~\"" + "|".join(re.escape(m) for m in metrics) + "\", " + label + "!=\"\"}"
            cache[key] = series_count(base, f"count({selector})")[0] > 0
        if not cache[key]:
            unknown.append(label)
    return unknown


# ---- the dashboard ----

def panel_targets(panels):
    """(label, expr) of every panel target, rows' nested panels included."""
    for label, target in _targets_with_objects(panels):
        yield label, target["expr"]


def variable_values(dashboard):
    """Each template variable's replacement: `.*` for a query variable, the current value otherwise."""
    values = {}
    for variable in (dashboard.get("templating") or {}).get("list", []):
        name, kind = variable.get("name"), variable.get("type")
        if not name or kind == "datasource":
            continue
        if kind in ("query", "textbox", "adhoc"):
            values[name] = ".*"
        else:
            current = (variable.get("current") or {}).get("value")
            if isinstance(current, list):
                current = current[0] if current else None
            if current in (None, "", "$__all", "$__auto_interval_" + name) or str(current).startswith("$__auto"):
                options = [o.get("value") for o in variable.get("options") or [] if o.get("value") not in ("$__all", None)]
                current = options[0] if options else (variable.get("query") or "1m").split(",")[0]
            values[name] = str(current)
    return values


def substitute(expr, values):
    replacements = dict(GRAFANA_BUILTINS)
    replacements.update(values)

    def matcher(match):  # label="$var" -> label=~".*": an equality with a regex would match nothing
        name = match.group(3) or match.group(4) or match.group(5)
        if values.get(name) == ".*":
            return f'{match.group(1)}=~"'
        return match.group(0)

    expr = re.sub(r'(\w+\s*)(=)\s*"(?=\$(?:\{(\w+)(?::\w+)?\}|(\w+))|\[\[(\w+)\]\])', matcher, expr)

    def variable(match):
        name = match.group(1) or match.group(2) or match.group(3)
        if name in replacements:
            return replacements[name]
        if name in ("datasource", "DS_PROMETHEUS"):
            return match.group(0)
        raise ValueError(f"unknown variable ${name}")

    return re.sub(r"\$\{(\w+)(?::[\w-]+)?\}|\$(\w+)|\[\[(\w+)(?::[\w-]+)?\]\]", variable, expr)


def dashboard_queries(dashboard):
    values = variable_values(dashboard)
    queries = []
    for label, expr in panel_targets(dashboard.get("panels")):
        queries.append((f"dashboard {label}", expr, substitute(expr, values)))
    for variable in (dashboard.get("templating") or {}).get("list", []):
        if variable.get("type") != "query":
            continue
        query = variable.get("query")
        if isinstance(query, dict):
            query = query.get("query")
        match = re.fullmatch(r"\s*label_values\((.*),\s*(\w+)\s*\)\s*", query or "", re.DOTALL)
        if match:
            promql = f"count by ({match.group(2)}) ({match.group(1)})"
            queries.append((f"dashboard variable ${variable['name']}", query, substitute(promql, values)))
        elif (match := re.fullmatch(r"\s*query_result\((.*)\)\s*", query or "", re.DOTALL)):
            queries.append((f"dashboard variable ${variable['name']}", query, substitute(match.group(1), values)))
    return queries


# ---- Prometheus ----

def api(base, path, params=None):
    url = base.rstrip("/") + path + ("?" + urllib.parse.urlencode(params) if params else "")
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as error:
        try:
            return json.load(error)
        except ValueError:
            return {"status": "error", "error": f"HTTP {error.code}"}


def series_count(base, query):
    """(number of series, error)."""
    answer = api(base, "/api/v1/query", {"query": query})
    if answer.get("status") != "success":
        return 0, answer.get("error") or str(answer)
    data = answer["data"]
    if data["resultType"] in ("scalar", "string"):
        return 1, None
    return len(data["result"]), None


def check(base, dashboard_path, rules_path):
    import yaml

    dashboard = json.load(open(dashboard_path))
    rules = yaml.safe_load(open(rules_path))
    queries = dashboard_queries(dashboard)
    alerting = 0
    for group in rules.get("groups", []):
        for rule in group.get("rules", []):
            if "alert" not in rule:
                continue
            alerting += 1
            parts = rule_queries(str(rule["expr"]))
            for index, query in enumerate(parts):
                side = f" (side {index + 1} of {len(parts)} of its unless)" if len(parts) > 1 else ""
                queries.append((f"alert {rule['alert']}{side}", rule["expr"], query))
    names = set(api(base, "/api/v1/label/__name__/values").get("data", []))
    failures, cache = [], {}
    for label, original, query in queries:
        count, error = series_count(base, query)
        unknown = sorted(n for n in metric_names(query) if n not in names)
        labels = [] if unknown or error else unknown_labels(base, query, cache)
        one_line = " ".join(query.split())
        if error:
            failures.append(f"{label}: {error}: {one_line}")
            print(f"prometheus_check: ERROR  {label}: {error}")
        elif count == 0 or unknown or labels:
            why = (f"metric never stored: {', '.join(unknown)}" if unknown else
                   f"label on none of its metrics' series: {', '.join(labels)}" if labels else "no series")
            failures.append(f"{label}: {why}: {one_line}")
            print(f"prometheus_check: {count:>5} series  {label}  <- {why}")
        else:
            print(f"prometheus_check: {count:>5} series  {label}")
    loaded = api(base, "/api/v1/rules").get("data", {}).get("groups", [])
    loaded_alerts = 0
    for group in loaded:
        for rule in group.get("rules", []):
            loaded_alerts += rule.get("type") == "alerting"
            if rule.get("health") not in ("ok", "unknown") or rule.get("lastError"):
                failures.append(f"rule {rule.get('name')} of group {group.get('name')}: health {rule.get('health')}: {rule.get('lastError')}")
    if loaded_alerts != alerting:
        failures.append(f"Prometheus loaded {loaded_alerts} alerting rules, {rules_path} has {alerting} (is it in rule_files?)")
    firing = [a["labels"].get("alertname") for a in api(base, "/api/v1/alerts").get("data", {}).get("alerts", [])]
    print(f"prometheus_check: {len(queries)} queries ({len(queries) - sum(q[0].startswith('alert') for q in queries)} of the dashboard, "
          f"{alerting} alerting rules), {loaded_alerts} rules loaded by Prometheus; pending or firing now: "
          f"{', '.join(sorted(set(firing))) or 'none'}")
    if failures:
        for failure in failures:
            print(f"prometheus_check: FAILED: {failure}", file=sys.stderr)
        raise SystemExit(1)
    print("prometheus_check: ok")


def self_test(args):
    # The rewriting, offline.
    assert with_bool('x{a!="b"} > 0.05') == 'x{a!="b"} > bool 0.05'
    assert with_bool("a == bool 1") == "a == bool 1"
    assert with_bool("rate(x[5m]) >= on(app) group_left y") == "rate(x[5m]) >= bool on(app) group_left y"
    assert with_bool("count(up == 0) > 2") == "count(up == bool 0) > bool 2"
    assert without_absent('absent(up{job="x"}) == 1') == '(up{job="x"}) == 1'
    assert without_absent("absent_over_time(up[5m])") == "last_over_time(up[5m])"
    assert unwrapped("(a > 1)") == "a > 1" and unwrapped("(a) / (b)") == "(a) / (b)"
    assert split_top("a > 0 unless on (job, app) b > 0", "unless") == ["a > 0", "b > 0"]
    assert split_top('(a unless b) > 0', "unless") == ["(a unless b) > 0"]
    assert rule_queries('sum by (app) (rate(x{result!="ok"}[15m])) > 0\nunless on (app)\nsum by (app) (y) > 0') == [
        'sum by (app) (rate(x{result!="ok"}[15m])) > bool 0', "sum by (app) (y) > bool 0"]
    assert metric_names('sum by (app, le) (rate(a_total{x="y"}[5m])) / on(app) group_left b unless c offset 5m') == {"a_total", "b", "c"}
    assert metric_names("histogram_quantile(0.99, sum by (le) (rate(h_bucket[1m])))") == {"h_bucket"}
    assert label_names('sum by (app, le) (rate(a{x="y", z!~"w"}[5m])) / on(app) group_left(kind) b') == {"app", "le", "x", "z", "kind"}
    assert label_names('label_replace(0 * sum by (app) (x), "code", "none", "", "") or on (code) y') == {"app"}
    values = {"app": ".*", "provider": ".*"}
    assert substitute('x{app="$app",provider=~"${provider}"}[$__rate_interval]', values) == 'x{app=~".*",provider=~".*"}[1m]'
    assert substitute("increase(x[$__range]) / $__range_s", values) == "increase(x[5m]) / 300"
    print("prometheus_check: the PromQL rewriting (bool comparisons, absent, unless sides, metric names, variables) checks out")
    if not args:
        return
    base, dashboard_path, rules_path = args
    text = open(dashboard_path).read()
    good, bad = "identitybridge_http_requests_total", "identitybridge_http_request_total"
    assert good in text, f"{dashboard_path} does not query {good}"
    dashboard = json.loads(text)
    renamed = next(label for label, expr in panel_targets(dashboard.get("panels")) if good in expr)
    code, output = run_check(base, text.replace(good, bad), rules_path)
    assert code not in (0, None), f"the check passed a dashboard querying {bad}:\n{output}"
    named_line = next((line for line in output.splitlines() if f"FAILED: dashboard {renamed}: " in line), "")
    assert bad in named_line, f"the check did not name the query {renamed!r} with {bad}:\n{output}"
    named = sum(1 for line in output.splitlines() if line.startswith("prometheus_check: FAILED: dashboard"))
    print(f"prometheus_check: {good} renamed {bad} in a copy of the dashboard: the check fails naming "
          f"{named} queries, among them {renamed!r}")
    # A label a query groups on that no series carries: `by (typo)` still returns series, the label check names it.
    target = next(((label, expr) for label, expr in panel_targets(dashboard.get("panels"))
                   if re.search(r"\bby \((\w+)", expr)), None)
    assert target, f"no query of {dashboard_path} groups by a label"
    label, expr = target
    grouped = re.search(r"\bby \((\w+)", expr).group(1)
    mislabelled = json.loads(text)
    for target_label, target in _targets_with_objects(mislabelled.get("panels")):
        if target_label == label:
            target["expr"] = re.sub(r"\bby \(" + grouped + r"\b", "by (no_such_label", target["expr"], count=1)
    code, output = run_check(base, json.dumps(mislabelled), rules_path)
    named_line = next((line for line in output.splitlines() if f"FAILED: dashboard {label}: " in line), "")
    assert code not in (0, None) and "label on none of its metrics' series: no_such_label" in named_line, output
    print(f"prometheus_check: by ({grouped}) made by (no_such_label) in a copy: the check fails naming {label!r}")


def _targets_with_objects(panels, path=()):
    for panel in panels or []:
        title = panel.get("title") or f"panel {panel.get('id')}"
        for target in panel.get("targets") or []:
            if target.get("expr"):
                yield " / ".join(path + (title,)) + f" [{target.get('refId', '?')}]", target
        yield from _targets_with_objects(panel.get("panels"), path + (title,))


def run_check(base, dashboard_text, rules_path):
    """(exit code, output) of check() on a dashboard given as text."""
    import contextlib
    import io
    folder = tempfile.mkdtemp(prefix="prometheus-check-")
    copy = os.path.join(folder, "dashboard.json")
    with open(copy, "w") as f:
        f.write(dashboard_text)
    captured = io.StringIO()
    try:
        with contextlib.redirect_stdout(captured), contextlib.redirect_stderr(captured):
            check(base, copy, rules_path)
        code = 0
    except SystemExit as exit:
        code = exit.code
    finally:
        os.remove(copy)
        os.rmdir(folder)
    return code, captured.getvalue()


def main():
    args = sys.argv[1:]
    if args[:1] == ["--self-test"]:
        if len(args) not in (1, 4):
            sys.exit(__doc__)
        return self_test(args[1:])
    if len(args) != 3:
        sys.exit(__doc__)
    check(*args)


if __name__ == "__main__":
    main()
