#!/usr/bin/env python3
"""Checks what identity-server emitted about a load (.ci/observability.sh) against docs' contract.

    trace_check.py SPANS_FILE SENT_FILE [--log SERVER_STDERR] [--scan FILE]...
    trace_check.py --self-test

SPANS_FILE: the JSON lines of .ci/otlp_receiver.py. SENT_FILE: what the load sent and got
(.ci/observability_load.py): {"secrets": [...], "requests": [{method, route, status, app, provider,
provider_kind, code, session, session_code, valid, trace_id, parent_span_id, request_id_sent, request_id}]}.

Spans: every request of the load carried its own `traceparent: 00-<trace_id>-<parent_span_id>-01`, so
each must have exactly one SERVER span in that trace, child of that parent, named "<METHOD> <route>",
with http.request.method, http.route, http.response.status_code, identitybridge.request_id (the id the
answer echoed), identitybridge.app / .provider / .provider.kind when the request resolved them, and
identitybridge.error.code (the answer's code) on a refused one; status ERROR for a 5xx. Children:
identitybridge.credential.issue (child of the server span) on a credentials request that reached the
signing (200, or 422 with the code on the child), identitybridge.credential.verify on a verify
request that was answered (its code when the token did not verify), identitybridge.token.exchange on
a jwt request of a served provider, and identitybridge.session_token.verify (in the server span's
subtree; the verifier's code when refused) wherever a session JWT was checked. Key-set fetches:
each identitybridge.session_keys.fetch span (INTERNAL or CLIENT) has identitybridge.session.issuer,
.session_keys.reason (start, schedule, unknown_kid) and .session_keys.result (ok, refused, unreachable;
or failed with .session_keys.failure refused / unreachable; an error code and status ERROR when not ok), and the reasons and results the load caused (sent's key_fetch_reasons / key_fetch_results) are there.

Log (--log): every stderr line is a JSON object with time (RFC 3339 UTC, milliseconds), level, label,
message; one `request` line per request of the load, found by its echoed request id, with method,
route, status, duration_ms, trace_id (the caller's), and app/provider/kind/code as above.

Secrets: no span name, attribute key or value, event name or attribute, resource attribute or status
message, no log line, and nothing in the --scan files (e.g. the /metrics text) contains any of the
load's sensitive values (API keys, session tokens and their three parts, user ids, emails, names, the
configuration's secrets, the credentials the server issued), each searched as a substring.
"""

import json
import re
import sys

MAX_SHOWN = 40
TIME = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")
REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")
CREDENTIALS = "/v1/apps/{app}/providers/{provider}/credentials"
VERIFY = "/v1/apps/{app}/providers/{provider}/verify"
JWT = "/v1/apps/{app}/providers/{provider}/jwt"


class Failures(list):
    def add(self, message):
        self.append(message)


def strings_of(value):
    """Every string a JSON value holds (keys included), numbers as text."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from strings_of(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_of(item)
    elif value is not None:
        yield str(value)


def span_texts(span):
    """(where, text) pairs of everything a span carries that a reader of a trace sees."""
    yield "name", span.get("name", "")
    yield "status message", span.get("status_message", "")
    for key, value in span.get("attributes", {}).items():
        for text in strings_of({key: value}):
            yield f"attribute {key}", text
    for event in span.get("events", []):
        yield f"event {event.get('name')!r}", event.get("name", "")
        for key, value in event.get("attributes", {}).items():
            for text in strings_of({key: value}):
                yield f"event {event.get('name')!r} attribute {key}", text
    for key, value in span.get("resource", {}).items():
        for text in strings_of({key: value}):
            yield f"resource attribute {key}", text


def sensitive_values(sent):
    values = sorted({s for s in sent["secrets"] if isinstance(s, str)}, key=len, reverse=True)
    short = [s for s in values if len(s) < 8]
    if short:
        raise SystemExit(f"trace_check: sensitive values shorter than 8 characters cannot be searched reliably: {len(short)}")
    return values


def find_secret(text, secrets):
    for secret in secrets:
        if secret in text:
            return secret
    return None


def redact(secret):
    return f"{secret[:4]}...({len(secret)} chars)"


def shown(line, secrets):
    """A line's start for a message, every sensitive value in it replaced."""
    line = line[:400]
    for secret in secrets:
        line = line.replace(secret, "<redacted>")
    return repr(line[:160])


def check_spans(spans, sent, failures):
    secrets = sensitive_values(sent)
    by_trace = {}
    for span in spans:
        by_trace.setdefault(span["trace_id"], []).append(span)
    leaks = 0
    for span in spans:
        for where, text in span_texts(span):
            secret = find_secret(text, secrets)
            if secret:
                leaks += 1
                failures.add(f"span {shown(span['name'], secrets)} ({span['span_id']}): a sensitive value {redact(secret)} in its {where}")
    children_seen = {}
    for request in sent["requests"]:
        label = f"{request['method']} {request['route']} -> {request['status']} (request id {request['request_id']}, trace {request['trace_id']})"
        trace = by_trace.get(request["trace_id"], [])
        servers = [s for s in trace if s["kind"] == "SERVER"]
        if len(servers) != 1:
            failures.add(f"{label}: {len(servers)} SERVER spans in the caller's trace, expected 1")
            continue
        server = servers[0]
        attributes = server["attributes"]
        if server["parent_span_id"] != request["parent_span_id"]:
            failures.add(f"{label}: the server span's parent is {server['parent_span_id']!r}, not the caller's {request['parent_span_id']}")
        expected_name = f"{request['method']} {request['route']}"
        if server["name"] != expected_name:
            failures.add(f"{label}: the server span is named {server['name']!r}, expected {expected_name!r}")
        expected = {
            "http.request.method": request["method"], "http.route": request["route"],
            "http.response.status_code": request["status"], "identitybridge.request_id": request["request_id"],
        }
        optional = {}
        if request.get("app"):
            expected["identitybridge.app"] = request["app"]
        if request.get("provider"):
            # Required where the handlers resolved the instance (an answer past the caller's proof); a refusal
            # before that may leave it out, but must not name another.
            into = expected if request.get("provider_required", True) else optional
            into["identitybridge.provider"] = request["provider"]
            into["identitybridge.provider.kind"] = request["provider_kind"]
        if request.get("code"):
            expected["identitybridge.error.code"] = request["code"]
        for key, value in optional.items():
            if key in attributes and attributes[key] != value:
                failures.add(f"{label}: the server span's {key} is {attributes[key]!r}, expected {value!r}")
        for key, value in expected.items():
            if key not in attributes:
                failures.add(f"{label}: the server span has no attribute {key} (expected {value!r})")
            elif attributes[key] != value:
                failures.add(f"{label}: the server span's {key} is {attributes[key]!r}, expected {value!r}")
        if not request.get("app") and "identitybridge.app" in attributes:
            failures.add(f"{label}: the server span names app {attributes['identitybridge.app']!r} for an app no configuration serves")
        if request["status"] >= 500 and server["status"] != "ERROR":
            failures.add(f"{label}: a {request['status']} answer but the server span's status is {server['status']}")
        if request["status"] < 500 and server["status"] == "ERROR":
            failures.add(f"{label}: the server span's status is ERROR for a {request['status']} answer")

        # The server span's subtree.
        children = {}
        for span in trace:
            children.setdefault(span["parent_span_id"], []).append(span)
        subtree, frontier = [], [server["span_id"]]
        while frontier:
            for child in children.get(frontier.pop(), []):
                subtree.append(child)
                frontier.append(child["span_id"])
        direct = [s for s in subtree if s["parent_span_id"] == server["span_id"]]
        for span in subtree:
            children_seen[span["name"]] = children_seen.get(span["name"], 0) + 1
            # A key-set fetch is an outgoing HTTP request: CLIENT fits it as well as INTERNAL.
            kinds = ("INTERNAL", "CLIENT") if span["name"] == FETCH else ("INTERNAL",)
            if span["kind"] not in kinds:
                failures.add(f"{label}: child span {span['name']!r} is {span['kind']}, expected {' or '.join(kinds)}")

        def require(name, among, code=None, code_required=False, attribute=None):
            found = [s for s in among if s["name"] == name]
            where = "child" if among is direct else "descendant"
            if len(found) != 1:
                failures.add(f"{label}: {len(found)} {where} spans {name!r} of the server span, expected 1")
                return
            span = found[0]
            span_code = span["attributes"].get("identitybridge.error.code")
            if code and span_code != code:
                failures.add(f"{label}: {name} has identitybridge.error.code {span_code!r}, expected {code!r}")
            elif code_required and not span_code:
                failures.add(f"{label}: {name} was refused but has no identitybridge.error.code")
            if attribute and attribute not in span["attributes"]:
                failures.add(f"{label}: {name} has no attribute {attribute}")

        route, status = request["route"], request["status"]
        if route == CREDENTIALS and status in (200, 422):
            require("identitybridge.credential.issue", direct, code="value_too_long" if status == 422 else None)
        if route == VERIFY and status == 200:
            require("identitybridge.credential.verify", direct, code_required=request.get("valid") is False)
        if route == JWT and request.get("provider"):
            require("identitybridge.token.exchange", subtree, code_required=status >= 400)
        if request.get("session"):
            refused = request.get("session_code") is not None or status >= 400
            require("identitybridge.session_token.verify", subtree, code=request.get("session_code"), code_required=refused)
    check_key_fetches(spans, sent, failures)
    server_spans = sum(1 for s in spans if s["kind"] == "SERVER")
    return {
        "spans": len(spans), "server": server_spans, "traces": len(by_trace), "requests": len(sent["requests"]),
        "leaks": leaks, "searched": len(secrets), "children": children_seen,
    }


FETCH = "identitybridge.session_keys.fetch"
FETCH_REASONS = {"start", "schedule", "unknown_kid"}
FETCH_RESULTS = {"ok", "refused", "unreachable"}


def check_key_fetches(spans, sent, failures):
    """identitybridge.session_keys.fetch spans: issuer, reason and result each; the reasons and results the load caused."""
    reasons, results = set(), set()
    for span in (s for s in spans if s["name"] == FETCH):
        attributes = span["attributes"]
        where = f"{FETCH} span {span['span_id']}"
        if not attributes.get("identitybridge.session.issuer"):
            failures.add(f"{where} has no identitybridge.session.issuer")
        reason, result = attributes.get("identitybridge.session_keys.reason"), attributes.get("identitybridge.session_keys.result")
        if reason not in FETCH_REASONS:
            failures.add(f"{where}: identitybridge.session_keys.reason {reason!r} is none of {sorted(FETCH_REASONS)}")
        # The result as the metric's label says it: ok, refused or unreachable (a span may say `failed` and
        # give which in identitybridge.session_keys.failure).
        if result == "failed":
            result = attributes.get("identitybridge.session_keys.failure")
        if result not in FETCH_RESULTS:
            failures.add(f"{where}: identitybridge.session_keys.result {result!r} (or .failure) is none of {sorted(FETCH_RESULTS)}")
        elif result != "ok" and not attributes.get("identitybridge.error.code"):
            failures.add(f"{where}: a fetch with result {result} has no identitybridge.error.code")
        elif result != "ok" and span["status"] != "ERROR":
            failures.add(f"{where}: a fetch with result {result} has status {span['status']}, not ERROR")
        reasons.add(reason)
        results.add(result)
    for reason in sent.get("key_fetch_reasons", []):
        if reason not in reasons:
            failures.add(f"no {FETCH} span with identitybridge.session_keys.reason {reason} (seen: {sorted(map(str, reasons))})")
    for result in sent.get("key_fetch_results", []):
        if result not in results:
            failures.add(f"no {FETCH} span with identitybridge.session_keys.result {result} (seen: {sorted(map(str, results))})")
    print(f"trace_check: {FETCH} spans: reasons {', '.join(sorted(map(str, reasons))) or 'none'}; "
          f"results {', '.join(sorted(map(str, results))) or 'none'}")


def check_log(lines, sent, failures):
    secrets = sensitive_values(sent)
    by_id = {}
    levels = {}
    for number, line in enumerate(lines, 1):
        secret = find_secret(line, secrets)
        if secret:
            failures.add(f"log line {number}: a sensitive value {redact(secret)}: {shown(line, secrets)}")
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except ValueError:
            failures.add(f"log line {number} is not JSON: {shown(line, secrets)}")
            continue
        if not isinstance(entry, dict):
            failures.add(f"log line {number} is not a JSON object: {shown(line, secrets)}")
            continue
        for key in ("time", "level", "label", "message"):
            if key not in entry:
                failures.add(f"log line {number} has no {key!r}: {shown(line, secrets)}")
        if "time" in entry and not TIME.match(str(entry["time"])):
            failures.add(f"log line {number}: time {entry['time']!r} is not RFC 3339 UTC with milliseconds")
        non_strings = [k for k, v in entry.items() if not isinstance(v, str)]
        if non_strings:
            failures.add(f"log line {number}: keys {non_strings} are not strings")
        levels[entry.get("level")] = levels.get(entry.get("level"), 0) + 1
        if entry.get("message") == "request":
            missing = [k for k in ("request_id", "method", "route", "status", "duration_ms") if k not in entry]
            if missing:
                failures.add(f"log line {number}: a request line without {missing}")
            else:
                try:
                    float(entry["duration_ms"])
                except ValueError:
                    failures.add(f"log line {number}: duration_ms {entry['duration_ms']!r} is not a number")
            by_id.setdefault(entry.get("request_id"), []).append(entry)
    echoed_own = generated = 0
    for request in sent["requests"]:
        label = f"{request['method']} {request['route']} -> {request['status']} (request id {request['request_id']})"
        if not request.get("request_id") or not REQUEST_ID.match(request["request_id"]):
            failures.add(f"{label}: the answer's X-Request-Id {request.get('request_id')!r} is not 1-128 of [A-Za-z0-9._:-]")
            continue
        sent_id = request.get("request_id_sent")
        if sent_id is not None and REQUEST_ID.match(sent_id):
            echoed_own += 1
            if request["request_id"] != sent_id:
                failures.add(f"{label}: sent X-Request-Id {sent_id!r} but the answer echoed {request['request_id']!r}")
        else:
            generated += 1
            if sent_id is not None and request["request_id"] == sent_id:
                failures.add(f"{label}: the unusable X-Request-Id {sent_id!r} was taken as the request id")
        entries = by_id.get(request["request_id"], [])
        if len(entries) != 1:
            failures.add(f"{label}: {len(entries)} request log lines with that request id, expected 1")
            continue
        entry = entries[0]
        expected = {"method": request["method"], "route": request["route"], "status": str(request["status"]),
                    "trace_id": request["trace_id"]}
        if request.get("app"):
            expected["app"] = request["app"]
        optional = {}
        if request.get("provider"):
            into = expected if request.get("provider_required", True) else optional
            into["provider"] = request["provider"]
            into["kind"] = request["provider_kind"]
        if request.get("code"):
            expected["code"] = request["code"]
        for key, value in optional.items():
            if key in entry and entry[key] != value:
                failures.add(f"{label}: its log line's {key} is {entry[key]!r}, expected {value!r}")
        for key, value in expected.items():
            if entry.get(key) != value:
                failures.add(f"{label}: its log line's {key} is {entry.get(key)!r}, expected {value!r}")
    return {"lines": len(lines), "request_lines": sum(len(v) for v in by_id.values()), "levels": levels,
            "echoed": echoed_own, "generated": generated}


def check_scan(path, text, sent, failures):
    secrets = sensitive_values(sent)
    for number, line in enumerate(text.splitlines(), 1):
        secret = find_secret(line, secrets)
        if secret:
            failures.add(f"{path}:{number}: a sensitive value {redact(secret)}")


def run(spans_path, sent_path, log_path=None, scans=()):
    sent = json.load(open(sent_path))
    spans = [json.loads(line) for line in open(spans_path) if line.strip()]
    failures = Failures()
    summary = check_spans(spans, sent, failures)
    print(f"trace_check: {summary['spans']} spans in {summary['traces']} traces, {summary['server']} SERVER; "
          f"{summary['requests']} traced requests of the load checked")
    print("trace_check: child spans in the load's traces: "
          + ", ".join(f"{name} {count}" for name, count in sorted(summary["children"].items())))
    if log_path:
        log = check_log(open(log_path, errors="replace").read().splitlines(), sent, failures)
        print(f"trace_check: log: {log['lines']} lines ({', '.join(f'{k} {v}' for k, v in sorted(log['levels'].items(), key=str))}), "
              f"{log['request_lines']} request lines; X-Request-Id taken from {log['echoed']} requests, generated for {log['generated']}")
    for path in scans:
        check_scan(path, open(path, errors="replace").read(), sent, failures)
    print(f"trace_check: {summary['searched']} sensitive values searched in span names, attributes, events, resources"
          + (", the log" if log_path else "") + (f" and {', '.join(scans)}" if scans else ""))
    if failures:
        # One line per kind of failure (the request's ids taken out), with its count and the first request's ids.
        kinds = {}
        for failure in failures:
            ids = re.search(r" \((?:request id [^,)]*, trace [0-9a-f]+|request id [^)]*)\)", failure)
            key = failure.replace(ids.group(0), "") if ids else failure
            kinds.setdefault(key, []).append(ids.group(0).strip(" ()") if ids else None)
        for key, examples in list(kinds.items())[:MAX_SHOWN]:
            times = f"{len(examples)} times, e.g. {examples[0]}: " if len(examples) > 1 or examples[0] else ""
            print(f"trace_check: FAILED: {times}{key}", file=sys.stderr)
        if len(kinds) > MAX_SHOWN:
            print(f"trace_check: ... and {len(kinds) - MAX_SHOWN} more kinds of failure", file=sys.stderr)
        raise SystemExit(1)
    print("trace_check: ok")


def self_test():
    """A fake load and its spans: clean they pass; with one secret in an attribute (or a broken tree) they fail."""
    import copy
    import os
    import tempfile

    api_key = "obs-api-key-0123456789abcdef"
    sent = {
        "secrets": [api_key, "user-7f3a9c-0001", "ann.7f3a9c@example.com"],
        "requests": [
            {"method": "POST", "route": CREDENTIALS, "status": 200, "app": "obs", "provider": "chat",
             "provider_kind": "zendesk-chat", "code": None, "session": True, "session_code": None, "valid": None,
             "trace_id": "0af7651916cd43dd8448eb211c80319c", "parent_span_id": "00f067aa0ba902b7",
             "request_id_sent": "obs-1", "request_id": "obs-1"},
            {"method": "POST", "route": CREDENTIALS, "status": 401, "app": "obs", "provider": "chat",
             "provider_kind": "zendesk-chat", "code": "token_invalid", "session": False, "session_code": None, "valid": None,
             "trace_id": "1af7651916cd43dd8448eb211c80319c", "parent_span_id": "10f067aa0ba902b7",
             "request_id_sent": "bad id", "request_id": "generated-1"},
        ],
    }
    resource = {"service.name": "identity-server"}

    def span(trace, span_id, parent, name, kind, attributes):
        return {"trace_id": trace, "span_id": span_id, "parent_span_id": parent, "name": name, "kind": kind,
                "status": "UNSET", "status_message": "", "attributes": attributes, "events": [], "resource": resource}

    common = {"http.request.method": "POST", "http.route": CREDENTIALS, "identitybridge.app": "obs",
              "identitybridge.provider": "chat", "identitybridge.provider.kind": "zendesk-chat"}
    spans = [
        span("0af7651916cd43dd8448eb211c80319c", "a000000000000001", "00f067aa0ba902b7", "POST " + CREDENTIALS, "SERVER",
             dict(common, **{"http.response.status_code": 200, "identitybridge.request_id": "obs-1"})),
        span("0af7651916cd43dd8448eb211c80319c", "a000000000000002", "a000000000000001", "identitybridge.session_token.verify",
             "INTERNAL", {"identitybridge.session.issuer": "obs-hs"}),
        span("0af7651916cd43dd8448eb211c80319c", "a000000000000003", "a000000000000001", "identitybridge.credential.issue",
             "INTERNAL", {"identitybridge.provider": "chat"}),
        span("1af7651916cd43dd8448eb211c80319c", "b000000000000001", "10f067aa0ba902b7", "POST " + CREDENTIALS, "SERVER",
             dict(common, **{"http.response.status_code": 401, "identitybridge.request_id": "generated-1",
                             "identitybridge.error.code": "token_invalid"})),
    ]
    log = [
        json.dumps({"time": "2026-11-28T07:00:00.123Z", "level": "info", "label": "identity-server", "message": "request",
                    "request_id": "obs-1", "method": "POST", "route": CREDENTIALS, "status": "200", "duration_ms": "1.2",
                    "app": "obs", "provider": "chat", "kind": "zendesk-chat", "trace_id": "0af7651916cd43dd8448eb211c80319c"}),
        json.dumps({"time": "2026-11-28T07:00:00.124Z", "level": "info", "label": "identity-server", "message": "request",
                    "request_id": "generated-1", "method": "POST", "route": CREDENTIALS, "status": "401", "duration_ms": "0.3",
                    "app": "obs", "provider": "chat", "kind": "zendesk-chat", "code": "token_invalid",
                    "trace_id": "1af7651916cd43dd8448eb211c80319c"}),
    ]
    folder = tempfile.mkdtemp(prefix="trace-check-")
    paths = {name: os.path.join(folder, name) for name in ("spans", "sent", "log")}

    def attempt(spans, log=log):
        with open(paths["spans"], "w") as f:
            f.writelines(json.dumps(s) + "\n" for s in spans)
        with open(paths["sent"], "w") as f:
            json.dump(sent, f)
        with open(paths["log"], "w") as f:
            f.writelines(line + "\n" for line in log)
        saved = sys.stdout, sys.stderr
        import io
        sys.stdout = sys.stderr = captured = io.StringIO()
        try:
            run(paths["spans"], paths["sent"], paths["log"])
            code = 0
        except SystemExit as exit:
            code = exit.code
        finally:
            sys.stdout, sys.stderr = saved
        return code, captured.getvalue()

    try:
        code, output = attempt(spans)
        assert code == 0, f"the clean fake load failed:\n{output}"
        leaky = copy.deepcopy(spans)
        leaky[3]["attributes"]["identitybridge.debug"] = f"Bearer {api_key}"
        code, output = attempt(leaky)
        assert code not in (0, None) and "attribute identitybridge.debug" in output and api_key not in output, output
        print("trace_check: a secret in an attribute is caught")
        evented = copy.deepcopy(spans)
        evented[1]["events"] = [{"name": "exception", "attributes": {"exception.message": "user user-7f3a9c-0001 refused"}}]
        code, output = attempt(evented)
        assert code and "event 'exception' attribute exception.message" in output, output
        print("trace_check: a secret in an event attribute is caught")
        orphan = copy.deepcopy(spans)
        orphan[2]["parent_span_id"] = "ffffffffffffffff"
        code, output = attempt(orphan)
        assert code and "0 child spans 'identitybridge.credential.issue'" in output, output
        print("trace_check: a credential.issue span that is not the server span's child is caught")
        reparented = copy.deepcopy(spans)
        reparented[0]["parent_span_id"] = ""
        code, output = attempt(reparented)
        assert code and "not the caller's 00f067aa0ba902b7" in output, output
        print("trace_check: a server span that ignores the caller's traceparent is caught")
        code, output = attempt(spans, log=log + ['{"message":"request","note":"ann.7f3a9c@example.com"}'])
        assert code and "log line 3: a sensitive value" in output and "ann.7f3a9c@example.com" not in output, output
        print("trace_check: a secret in a log line is caught")
        code, output = attempt(spans, log=log[:1] + ["plain text line"] + log[1:])
        assert code and "log line 2 is not JSON" in output, output
        print("trace_check: a log line that is not JSON is caught")
    finally:
        for path in paths.values():
            if os.path.exists(path):
                os.remove(path)
        os.rmdir(folder)
    print("trace_check: self-test ok")


def main():
    args = sys.argv[1:]
    if args == ["--self-test"]:
        return self_test()
    log_path, scans, positional = None, [], []
    while args:
        arg = args.pop(0)
        if arg == "--log" and args:
            log_path = args.pop(0)
        elif arg == "--scan" and args:
            scans.append(args.pop(0))
        elif arg.startswith("-"):
            sys.exit(__doc__)
        else:
            positional.append(arg)
    if len(positional) != 2:
        sys.exit(__doc__)
    run(positional[0], positional[1], log_path, scans)


if __name__ == "__main__":
    main()
