#!/usr/bin/env python3
"""The configuration, the load and the metrics checks of .ci/observability.sh (loopback only).

    observability_load.py setup DIR JWKS_PORT
        writes DIR/config.yaml (app `obs`: API keys, providers `chat` (zendesk-chat) and `zendesk-support`,
        session tokens from two issuers: `obs-hs` (hs256_secrets) and `obs-rs` (jwks_url on 127.0.0.1:JWKS_PORT,
        RS256)), its secret files, two RSA keys (kid obs-rs-1 published, obs-rs-2 never) and DIR/state.json.
    observability_load.py run DIR SERVICE_URL
        serves the key set on JWKS_PORT (first an answer that is not a key set, then the key set) while it sends
        a few hundred requests, each with its own traceparent and (mostly) its own X-Request-Id; writes
        DIR/sent.json (what .ci/trace_check.py reads) and exits 1 when an answer is not the one expected.
    observability_load.py metrics METRICS_FILE [--contract]
        every `# TYPE` family of the exposition has a `# HELP`; with --contract (after the load), every family
        identity-server documents is there with its type, its labels and (the histogram) its buckets.

Before the load starts the key set's port is closed, so the server's first fetches are `unreachable` and
a session token of `obs-rs` is answered 503 network_error; the answer that is not a key set makes a
`refused` fetch; then the key set serves and `obs-rs` tokens verify; a token signed by the unpublished
key makes an unknown-kid fetch. Every sensitive value the load used or was given (API keys, wrong keys,
session tokens and their parts, user ids, emails, names, the configuration's secrets, the issued
credentials) goes into sent.json's `secrets`.
"""

import base64
import http.client
import http.server
import json
import os
import re
import secrets
import sys
import threading
import time
import urllib.parse

APP = "obs"
HS_ISSUER = "obs-hs"
RS_ISSUER = "obs-rs"
AUDIENCE = "obs-audience"
CREDENTIALS = "/v1/apps/{app}/providers/{provider}/credentials"
VERIFY = "/v1/apps/{app}/providers/{provider}/verify"
JWT = "/v1/apps/{app}/providers/{provider}/jwt"
PROVIDERS = {"chat": "zendesk-chat", "zendesk-support": "zendesk-support"}


def random_hex(n):
    return secrets.token_hex(n)


# ---------------------------------------------------------------- setup

def setup(folder, jwks_port):
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa
    import jwt

    os.makedirs(folder, exist_ok=True)
    state = {
        "jwks_port": int(jwks_port),
        "api_keys": [f"obs-key-{random_hex(20)}", f"obs-key-previous-{random_hex(20)}"],
        "chat_account_key": random_hex(16), "chat_secret": random_hex(24), "support_secret": random_hex(24),
        "hs256_secret": random_hex(32), "rsa": {},
    }
    files = {
        "api-keys": "\n".join(state["api_keys"]) + "\n", "chat-account-key": state["chat_account_key"] + "\n",
        "chat-secret": state["chat_secret"] + "\n", "support-secret": state["support_secret"] + "\n",
        "hs256-secrets": state["hs256_secret"] + "\n",
    }
    for kid in ("obs-rs-1", "obs-rs-2"):
        key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()).decode()
        public = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(key.public_key()))
        public.update({"kid": kid, "alg": "RS256", "use": "sig"})
        private = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(key))
        state["rsa"][kid] = {"pem": pem, "public": public, "private_parts": [private[k] for k in ("d", "p", "q", "dp", "dq", "qi")]}
    files["config.yaml"] = f"""# .ci/observability.sh: one app with API keys, two providers and two session-token issuers.
apps:
  {APP}:
    service:
      api_keys_file: api-keys
      session_tokens:
        leeway: 5s
        issuers:
          - issuer: {HS_ISSUER}
            hs256_secrets_file: hs256-secrets
            audience: {AUDIENCE}
          - issuer: {RS_ISSUER}
            jwks_url: http://127.0.0.1:{jwks_port}/jwks.json
            audience: [ {AUDIENCE} ]
            algorithms: [ RS256 ]
            keys_cache: {{ min_age: 2s, max_age: 4s, max_stale: 10m, refresh_interval: 1s, timeout: 2s }}
    providers:
      - kind: zendesk-chat
        name: chat
        account_key_file: chat-account-key
        secret_file: chat-secret
      - kind: zendesk-support
        auth: jwt
        secret_file: support-secret
        user_token_lifetime: 10m
"""
    for name, text in files.items():
        with open(os.path.join(folder, name), "w") as f:
            f.write(text)
    with open(os.path.join(folder, "state.json"), "w") as f:
        json.dump(state, f)


# ---------------------------------------------------------------- the key set server

class KeySet(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, port, document):
        super().__init__(("127.0.0.1", port), KeySetHandler)
        self.document = document
        self.mode = "garbage"
        self.served = {"garbage": 0, "ok": 0}


class KeySetHandler(http.server.BaseHTTPRequestHandler):
    def log_message(self, format, *args):
        pass

    def do_GET(self):
        mode = self.server.mode
        self.server.served[mode] += 1
        body = json.dumps(self.server.document).encode() if mode == "ok" else b"this is not a key set"
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


# ---------------------------------------------------------------- the load

class Load:
    def __init__(self, folder, service):
        self.folder = folder
        self.state = json.load(open(os.path.join(folder, "state.json")))
        url = urllib.parse.urlsplit(service)
        self.host, self.port = url.hostname, url.port
        assert self.host == "127.0.0.1", "the load targets loopback only"
        self.connection = None
        self.sent = []
        self.secret_values = set(self.state["api_keys"]) | {
            self.state[k] for k in ("chat_account_key", "chat_secret", "support_secret", "hs256_secret")}
        for key in self.state["rsa"].values():
            self.secret_values.update(key["private_parts"])
            self.secret_values.update(line for line in key["pem"].splitlines() if len(line) >= 40)
        self.unexpected = []
        self.counter = 0
        self.tag = random_hex(4)

    def secret(self, value):
        """Remembers a sensitive value (and, for a JWT, its three parts); returns it."""
        self.secret_values.add(value)
        if value.count(".") == 2:
            self.secret_values.update(part for part in value.split(".") if len(part) >= 8)
        return value

    def user(self):
        self.counter += 1
        n = f"{self.tag}-{self.counter:04d}"
        return {"user_id": self.secret(f"obs-user-{n}"), "email": self.secret(f"obs.mail.{n}@example.com"),
                "name": self.secret(f"Obs Person {n}")}

    def session_token(self, issuer, user, expires_in=300, kid="obs-rs-1", tamper=False):
        import jwt

        now = int(time.time())
        claims = {"iss": issuer, "aud": AUDIENCE, "sub": user["user_id"], "email": user["email"], "name": user["name"],
                  "iat": now, "exp": now + expires_in}
        if issuer == HS_ISSUER:
            token = jwt.encode(claims, self.state["hs256_secret"], algorithm="HS256")
        else:
            token = jwt.encode(claims, self.state["rsa"][kid]["pem"], algorithm="RS256", headers={"kid": kid})
        if tamper:  # the same header and claims, signed with another secret
            token = jwt.encode(claims, random_hex(32), algorithm="HS256")
        return self.secret(token)

    def request(self, label, method, path, route, expect, headers=None, body=None, app=APP, provider=None,
                session=None, session_code=None, request_id="own"):
        """Sends one request with its own traceparent; records it; checks the status is in `expect`."""
        trace_id, parent = random_hex(16), random_hex(8)
        headers = dict(headers or {})
        headers["traceparent"] = f"00-{trace_id}-{parent}-01"
        self.counter += 1
        if request_id == "own":
            request_id = f"obs-req-{self.tag}-{self.counter:05d}"
        elif request_id == "unusable":
            request_id = f"obs req {self.counter} with spaces"
        elif request_id == "long":
            request_id = "obs-req-" + "x" * 130
        if request_id is not None:
            headers["X-Request-Id"] = request_id
        if isinstance(body, (dict, list)):
            body = json.dumps(body)
            headers.setdefault("Content-Type", "application/json")
        data = body.encode() if isinstance(body, str) else body
        for attempt in (1, 2):
            try:
                if self.connection is None:
                    self.connection = http.client.HTTPConnection(self.host, self.port, timeout=15)
                self.connection.request(method, path, body=data, headers=headers)
                answer = self.connection.getresponse()
                text = answer.read().decode("utf-8", "replace")
                break
            except (http.client.HTTPException, ConnectionError):
                self.connection.close()
                self.connection = None
                if attempt == 2:
                    raise
        if answer.getheader("Connection", "").lower() == "close":
            self.connection.close()
            self.connection = None
        try:
            parsed = json.loads(text)
        except ValueError:
            parsed = None
        code = None  # the uniform code of a refusal (a 200 of verify carries the token's own, not the request's)
        if answer.status >= 400 and isinstance(parsed, dict) and isinstance(parsed.get("error"), dict):
            code = parsed["error"].get("code")
        if answer.status not in expect:
            self.unexpected.append(f"{label}: {method} {path} answered {answer.status} (expected {sorted(expect)}): {text[:300]}")
        served_provider = provider if app and provider in PROVIDERS else None
        self.sent.append({
            "label": label, "method": method, "route": route, "status": answer.status, "app": app,
            "provider": served_provider, "provider_kind": PROVIDERS.get(served_provider),
            "provider_required": served_provider is not None and (answer.status in (200, 422) or route == JWT),
            "code": code, "session": session is not None, "session_issuer": session,
            "session_code": session_code if answer.status >= 400 else None,
            "valid": parsed.get("valid") if route == VERIFY and isinstance(parsed, dict) else None,
            "trace_id": trace_id, "parent_span_id": parent, "request_id_sent": request_id,
            "request_id": answer.getheader("X-Request-Id"),
        })
        return answer.status, parsed

    def credentials(self, label, provider, expect, bearer=None, user=None, session=None, session_code=None, **extra):
        headers = {"Authorization": f"Bearer {bearer}"} if bearer is not None else {}
        path = f"/v1/apps/{APP}/providers/{provider}/credentials"
        return self.request(label, "POST", path, CREDENTIALS, expect, headers, user if user is not None else b"",
                            provider=provider, session=session, session_code=session_code, **extra)

    def request_id_mode(self, index):
        return "unusable" if index % 17 == 5 else "long" if index % 23 == 7 else None if index % 13 == 3 else "own"


def run(folder, service):
    load = Load(folder, service)
    state = load.state
    key = state["api_keys"][0]
    document = {"keys": [state["rsa"]["obs-rs-1"]["public"]]}
    keys = KeySet(state["jwks_port"], document)
    threading.Thread(target=keys.serve_forever, daemon=True).start()
    started = time.monotonic()
    index = 0

    def rid():
        nonlocal index
        index += 1
        return load.request_id_mode(index)

    # 1. obs-rs has never had its keys (the port was closed, now the answer is no key set): 503 network_error.
    deadline = time.monotonic() + 15
    while keys.served["garbage"] < 1 and time.monotonic() < deadline:
        time.sleep(0.1)
    for _ in range(6):
        load.credentials("session token, obs-rs keys never fetched", "chat", {503}, load.session_token(RS_ISSUER, load.user()),
                         session=RS_ISSUER, session_code="network_error", request_id=rid())
    keys.mode = "ok"
    deadline = time.monotonic() + 20
    while True:
        status, _ = load.credentials("session token, obs-rs keys being fetched", "chat", {200, 503},
                                     load.session_token(RS_ISSUER, load.user()), session=RS_ISSUER,
                                     session_code="network_error", request_id=rid())
        if status == 200:
            break
        if time.monotonic() > deadline:
            load.unexpected.append("obs-rs: the key set served for 20 s but its tokens were still refused")
            break
        time.sleep(0.25)

    # 2. The bulk: API keys, session tokens, refusals, verify, jwt, unknown app and provider.
    chat_tokens, user_tokens = [], []
    for round in range(20):
        for provider in ("chat", "chat", "zendesk-support"):
            status, answer = load.credentials("API key", provider, {200}, key, load.user(), request_id=rid())
            if status == 200:
                credential = answer["credential"]
                if provider == "chat":
                    chat_tokens.append(load.secret(credential["jwt"]))
                else:
                    user_tokens.append(load.secret(credential["user_token"]))
        load.credentials("the previous API key", "chat", {200}, state["api_keys"][1], load.user(), request_id=rid())
        load.credentials("a wrong API key", "chat", {401}, load.secret(f"obs-wrong-key-{random_hex(12)}"), load.user(), request_id=rid())
        load.credentials("a wrong API key", "zendesk-support", {401}, load.secret(f"obs-wrong-key-{random_hex(12)}"), load.user(),
                         request_id=rid())
        if round % 2 == 0:
            load.credentials("no Authorization", "chat", {401}, None, load.user(), request_id=rid())
        for provider in ("chat", "zendesk-support"):
            load.credentials("session token obs-hs", provider, {200}, load.session_token(HS_ISSUER, load.user()),
                             session=HS_ISSUER, request_id=rid())
        load.credentials("session token obs-rs", "chat", {200}, load.session_token(RS_ISSUER, load.user()), session=RS_ISSUER,
                         request_id=rid())
        load.credentials("an expired session token", "chat", {401}, load.session_token(HS_ISSUER, load.user(), expires_in=-600),
                         session=HS_ISSUER, session_code="token_expired", request_id=rid())
        load.credentials("a session token with a bad signature", "chat", {401},
                         load.session_token(HS_ISSUER, load.user(), tamper=True), session=HS_ISSUER, request_id=rid())
        if round % 4 == 0:
            load.credentials("a session token of an unpublished key", "chat", {401},
                             load.session_token(RS_ISSUER, load.user(), kid="obs-rs-2"), session=RS_ISSUER,
                             session_code="key_unknown", request_id=rid())
            load.credentials("a user id over 200 characters", "chat", {422}, key,
                             dict(load.user(), user_id=load.secret(f"obs-long-user-{load.tag}-{round}-" + "u" * 200)),
                             request_id=rid())
        if chat_tokens:
            verify = f"/v1/apps/{APP}/providers/chat/verify"
            auth = {"Authorization": f"Bearer {key}"}
            load.request("verify a valid token", "POST", verify, VERIFY, {200}, auth, {"token": chat_tokens[-1]},
                         provider="chat", request_id=rid())
            tampered = load.secret(chat_tokens[-1][:-6] + "AAAAAA")
            load.request("verify a tampered token", "POST", verify, VERIFY, {200}, auth, {"token": tampered},
                         provider="chat", request_id=rid())
            if round % 3 == 0:
                load.request("verify with a wrong API key", "POST", verify, VERIFY, {401},
                             {"Authorization": f"Bearer {load.secret(f'obs-wrong-key-{random_hex(12)}')}"},
                             {"token": chat_tokens[-1]}, provider="chat", request_id=rid())
        jwt_path = f"/v1/apps/{APP}/providers/zendesk-support/jwt"
        form = {"Content-Type": "application/x-www-form-urlencoded"}
        if user_tokens:
            status, answer = load.request("jwt with a user token", "POST", jwt_path, JWT, {200}, form,
                                          f"user_token={urllib.parse.quote(user_tokens[-1])}", provider="zendesk-support",
                                          request_id=rid())
            if status == 200:
                load.secret(answer["jwt"])
        load.request("jwt with a garbage user token", "POST", jwt_path, JWT, {401}, form,
                     f"user_token={load.secret('obs-garbage-user-token-' + random_hex(16))}", provider="zendesk-support",
                     request_id=rid())
        if round % 2 == 0:
            status, answer = load.request("jwt with a session token", "POST", jwt_path, JWT, {200}, form,
                                          f"user_token={load.session_token(HS_ISSUER, load.user())}", provider="zendesk-support",
                                          session=HS_ISSUER, request_id=rid())
            if status == 200:
                load.secret(answer["jwt"])
            load.request("an unknown app", "POST", "/v1/apps/obs-nobody/providers/chat/credentials", CREDENTIALS, {404},
                         {"Authorization": f"Bearer {key}"}, load.user(), app=None, provider="chat", request_id=rid())
            load.request("an unknown provider", "POST", f"/v1/apps/{APP}/providers/nobody/credentials", CREDENTIALS, {404},
                         {"Authorization": f"Bearer {key}"}, load.user(), provider="nobody", request_id=rid())
    load.request("readiness", "GET", "/readyz", "/readyz", {200}, app=None, request_id=rid())
    load.request("health", "GET", "/healthz", "/healthz", {200}, app=None, request_id=rid())
    load.request("an unmatched path", "GET", "/v1/nothing-here", "unmatched", {404}, app=None, request_id=rid())
    keys.shutdown()
    keys.server_close()

    # The key set's port closed at the server's start (unreachable), no key set (refused), the key set (ok), and a token
    # of the unpublished key (an unknown-kid fetch); the refreshes on schedule in between.
    sent = {"secrets": sorted(load.secret_values), "requests": load.sent,
            "key_fetch_reasons": ["start", "schedule", "unknown_kid"], "key_fetch_results": ["ok", "refused", "unreachable"]}
    with open(os.path.join(folder, "sent.json"), "w") as f:
        json.dump(sent, f)
    statuses = {}
    for request in load.sent:
        statuses[request["status"]] = statuses.get(request["status"], 0) + 1
    print(f"observability: load: {len(load.sent)} requests in {time.monotonic() - started:.1f} s, by status "
          + ", ".join(f"{s}: {n}" for s, n in sorted(statuses.items()))
          + f"; key set answered {keys.served['garbage']} times with no key set, {keys.served['ok']} times with it; "
          + f"{len(sent['secrets'])} sensitive values recorded")
    if load.unexpected:
        for line in load.unexpected[:30]:
            print(f"observability: load: UNEXPECTED: {line}", file=sys.stderr)
        raise SystemExit(1)


# ---------------------------------------------------------------- /metrics

CONTRACT = {  # family: (type, labels)
    "identitybridge_http_requests_total": ("counter", {"route", "status", "app", "provider"}),
    "identitybridge_http_request_duration_seconds": ("histogram", {"route"}),
    "identitybridge_connections_open": ("gauge", {"listener"}),
    "identitybridge_connections_limit": ("gauge", {"listener"}),
    "identitybridge_connections_refused_total": ("counter", set()),
    "identitybridge_ready": ("gauge", set()),
    "identitybridge_config_reloads_total": ("counter", {"result"}),
    "identitybridge_config_reload_refused": ("gauge", set()),
    "identitybridge_config_generation": ("gauge", set()),
    "identitybridge_auth_refusals_total": ("counter", {"app", "credential", "code"}),
    # The provider instance's label is `provider`: Prometheus would rename an `instance` label exported_instance.
    "identitybridge_credentials_issued_total": ("counter", {"app", "kind", "provider"}),
    "identitybridge_credentials_refused_total": ("counter", {"app", "kind", "provider", "code"}),
    "identitybridge_verifications_total": ("counter", {"app", "kind", "provider", "result", "code"}),
    "identitybridge_session_key_fetches_total": ("counter", {"app", "issuer", "document", "result"}),
    "identitybridge_session_keys_stale": ("gauge", {"app", "issuer"}),
    "identitybridge_session_keys_age_seconds": ("gauge", {"app", "issuer"}),
    "process_cpu_seconds_total": ("counter", set()),
    "process_resident_memory_bytes": ("gauge", set()),
    "process_virtual_memory_bytes": ("gauge", set()),
    "process_open_fds": ("gauge", set()),
    "process_max_fds": ("gauge", set()),
    "process_start_time_seconds": ("gauge", set()),
}
BUCKETS = ["0.0005", "0.001", "0.002", "0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1", "2.5", "+Inf"]
SAMPLE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$')
LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:\\.|[^"\\])*)"')


def check_metrics(path, contract):
    text = open(path).read()
    types, helps, samples, failures = {}, set(), {}, []
    for line in text.splitlines():
        if line.startswith("# TYPE "):
            _, _, name, kind = line.split(" ", 3)
            types[name] = kind.strip()
        elif line.startswith("# HELP "):
            parts = line.split(" ", 3)
            if len(parts) < 4 or not parts[3].strip():
                failures.append(f"family {parts[2]} has an empty # HELP")
            helps.add(parts[2])
        elif line and not line.startswith("#"):
            match = SAMPLE.match(line)
            if not match:
                failures.append(f"a line that is no sample: {line[:120]!r}")
                continue
            labels = dict(LABEL.findall(match.group(2) or ""))
            samples.setdefault(match.group(1), []).append(labels)
    for name in sorted(types):
        if name not in helps:
            failures.append(f"family {name} ({types[name]}) has no # HELP line")
    for name in sorted(helps - set(types)):
        failures.append(f"family {name} has a # HELP but no # TYPE")
    if contract:
        for name, (kind, labels) in CONTRACT.items():
            if name not in types:
                failures.append(f"contract family {name} ({kind}) is not exported")
                continue
            if types[name] != kind:
                failures.append(f"{name} is a {types[name]}, the contract says {kind}")
            series = samples.get(name + "_bucket" if kind == "histogram" else name, [])
            if not series:
                failures.append(f"{name} has no sample")
            for sample in series:
                got = set(sample) - ({"le"} if kind == "histogram" else set())
                # verifications_total: the code of a valid token is "none", or the label is left out.
                valid = name == "identitybridge_verifications_total" and sample.get("result") == "valid"
                if got != labels and not (valid and got == labels - {"code"}):
                    failures.append(f"{name} has labels {sorted(got)}, the contract says {sorted(labels)}")
                    break
            if kind == "histogram" and series:
                les = []
                for sample in series:
                    if sample.get("le") not in les:
                        les.append(sample.get("le"))
                if [float(le) for le in les] != [float(b) for b in BUCKETS]:
                    failures.append(f"{name} has buckets {les}, the contract says {BUCKETS}")
        for labels in samples.get("identitybridge_http_requests_total", []):
            if labels.get("route") in ("/healthz", "/readyz", "/metrics", "unmatched") and (labels.get("app") or labels.get("provider")):
                failures.append(f"identitybridge_http_requests_total{labels} names an app or provider for a route that resolves none")
    extra = sorted(n for n in types if n not in CONTRACT)
    if failures:
        for failure in failures:
            print(f"observability: /metrics: FAILED: {failure}", file=sys.stderr)
        raise SystemExit(1)
    print(f"observability: /metrics: {len(types)} families, each with # HELP"
          + (f"; the documented {len(CONTRACT)} there with their types and labels" if contract else "")
          + (f"; not documented: {', '.join(extra)}" if contract and extra else ""))


def main():
    args = sys.argv[1:]
    if len(args) == 3 and args[0] == "setup":
        return setup(args[1], args[2])
    if len(args) == 3 and args[0] == "run":
        return run(args[1], args[2])
    if len(args) in (2, 3) and args[0] == "metrics" and args[2:] in ([], ["--contract"]):
        return check_metrics(args[1], args[2:] == ["--contract"])
    sys.exit(__doc__)


if __name__ == "__main__":
    main()
