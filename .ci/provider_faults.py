#!/usr/bin/env python3
"""Fake OpenID providers that misbehave, a bounded load and the alert check, for .ci/provider-faults.sh (issue 59).

  provider_faults.py providers DIR MODE...     serve one provider per MODE on 127.0.0.1 (ephemeral ports, written to
                                               DIR/ports.json once listening); runs until SIGTERM
  provider_faults.py token DIR ISSUER [KID]    an RS256 session token of ISSUER (audience demo-app), signed by KID
  provider_faults.py load URL API_KEY TOKENS SECONDS
                                               4 threads for SECONDS: 2 send API-key requests, 2 session tokens (one
                                               line of the file TOKENS each in turn); prints one JSON line
  provider_faults.py alerts SERVICE            the alert rules (deploy/prometheus) whose expressions hold on this one
                                               instance's counters since its start, their `for` durations aside

Modes: ok; tarpit (accepts, reads, never answers); slow (answers after SLOW_SECONDS); 500; redirect (302 to itself);
oversized (a 100 KB key set); malformed (not JSON); drop (publishes k2 only: the key in use, k1, is gone).
GET /_mode/MODE on a provider switches it (while serving). Everything listens on 127.0.0.1 only.
"""
import asyncio
import base64
import collections
import http.client
import json
import os
import signal
import sys
import threading
import time
from urllib.parse import urlsplit

SLOW_SECONDS = 1.5
MODES = ("ok", "tarpit", "slow", "500", "redirect", "oversized", "malformed", "drop")
REQUEST_TIMEOUT_SECONDS = 15
USER_BODY = b'{"user_id":"u-1","email":"ann@example.com","name":"Ann Example"}'


def b64url(number):
    raw = number.to_bytes((number.bit_length() + 7) // 8, "big")
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def keys(directory):
    """The RSA keys k1 and k2, made once per DIR and kept there as PEM."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    found = {}
    for kid in ("k1", "k2"):
        path = os.path.join(directory, f"{kid}.pem")
        if not os.path.exists(path):
            key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
            pem = key.private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
            )
            with open(path + ".tmp", "wb") as f:
                f.write(pem)
            os.replace(path + ".tmp", path)
        with open(path, "rb") as f:
            found[kid] = serialization.load_pem_private_key(f.read(), password=None)
    return found


def jwk(kid, key):
    numbers = key.public_key().public_numbers()
    return {"kty": "RSA", "use": "sig", "alg": "RS256", "kid": kid, "n": b64url(numbers.n), "e": b64url(numbers.e)}


class Provider:
    """One provider: its port, its mode, the answers of each mode."""

    def __init__(self, mode, key_set, dropped_set):
        self.mode = mode
        self.key_set = key_set
        self.dropped_set = dropped_set
        self.port = None

    async def handle(self, reader, writer):
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                path = head.split(b" ", 2)[1].decode("latin-1")
                if path.startswith("/_mode/"):
                    self.mode = path[len("/_mode/") :]
                    await self.answer(writer, 200, b"{}")
                    continue
                if self.mode == "tarpit":
                    await reader.read()  # until the client gives up
                    return
                if self.mode == "slow":
                    await asyncio.sleep(SLOW_SECONDS)
                if self.mode == "500":
                    await self.answer(writer, 500, b'{"error": "internal"}')
                elif self.mode == "redirect":
                    await self.answer(writer, 302, b"", [("Location", path)])
                elif path.endswith("/.well-known/openid-configuration"):
                    base = f"http://127.0.0.1:{self.port}"
                    await self.answer(writer, 200, json.dumps({"issuer": base, "jwks_uri": base + "/jwks"}).encode())
                elif self.mode == "oversized":
                    await self.answer(writer, 200, json.dumps({"keys": [], "pad": "x" * 100_000}).encode())
                elif self.mode == "malformed":
                    await self.answer(writer, 200, b"{not json")
                elif self.mode == "drop":
                    await self.answer(writer, 200, self.dropped_set)
                else:
                    await self.answer(writer, 200, self.key_set)
        except (asyncio.IncompleteReadError, ConnectionError, IndexError):
            pass
        finally:
            writer.close()

    @staticmethod
    async def answer(writer, status, body, headers=()):
        lines = [f"HTTP/1.1 {status} X", f"Content-Length: {len(body)}", "Content-Type: application/json"]
        lines += ["Cache-Control: max-age=1"] + [f"{name}: {value}" for name, value in headers]
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        await writer.drain()


async def serve_providers(directory, modes):
    found = keys(directory)
    key_set = json.dumps({"keys": [jwk("k1", found["k1"]), jwk("k2", found["k2"])]}).encode()
    dropped_set = json.dumps({"keys": [jwk("k2", found["k2"])]}).encode()
    providers, servers = [], []
    for mode in modes:
        if mode not in MODES:
            sys.exit(f"provider_faults.py: unknown mode {mode!r} (one of {', '.join(MODES)})")
        provider = Provider(mode, key_set, dropped_set)
        server = await asyncio.start_server(provider.handle, "127.0.0.1", 0)
        provider.port = server.sockets[0].getsockname()[1]
        providers.append(provider)
        servers.append(server)
    with open(os.path.join(directory, "ports.json.tmp"), "w") as f:
        json.dump([p.port for p in providers], f)
    os.replace(os.path.join(directory, "ports.json.tmp"), os.path.join(directory, "ports.json"))
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    asyncio.get_running_loop().add_signal_handler(signal.SIGINT, stop.set)
    await stop.wait()
    for server in servers:
        server.close()


def token(directory, issuer, kid="k1"):
    import jwt

    now = int(time.time())
    claims = {
        "iss": issuer, "aud": "demo-app", "sub": "u-1", "email": "ann@example.com", "name": "Ann Example",
        "iat": now, "exp": now + 900,
    }
    return jwt.encode(claims, keys(directory)[kid], algorithm="RS256", headers={"kid": kid})


def load(url, api_key, tokens_path, seconds):
    """API-key and session-token requests on keep-alive connections for `seconds`; every answer counted."""
    with open(tokens_path) as f:
        tokens = [line.strip() for line in f if line.strip()]
    parts = urlsplit(url)
    deadline = time.monotonic() + seconds
    lock = threading.Lock()
    tally = {
        "api_key": {"requests": 0, "failed": 0, "statuses": collections.Counter(), "max_ms": 0.0},
        "session": {"requests": 0, "failed": 0, "statuses": collections.Counter(), "max_ms": 0.0},
    }

    def run(kind, offset):
        connection = None
        index = offset
        while time.monotonic() < deadline:
            if kind == "api_key":
                bearer, body, headers = api_key, USER_BODY, {"Content-Type": "application/json"}
            else:
                bearer, body, headers = tokens[index % len(tokens)], b"", {}
                index += 1
            headers["Authorization"] = f"Bearer {bearer}"
            started = time.monotonic()
            try:
                if connection is None:
                    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=REQUEST_TIMEOUT_SECONDS)
                connection.request("POST", parts.path, body=body, headers=headers)
                response = connection.getresponse()
                response.read()
                status = str(response.status)
            except (OSError, http.client.HTTPException) as error:
                status = f"error {type(error).__name__}"
                connection = None
                time.sleep(0.01)
            elapsed = (time.monotonic() - started) * 1000
            with lock:
                entry = tally[kind]
                entry["requests"] += 1
                entry["statuses"][status] += 1
                entry["max_ms"] = max(entry["max_ms"], elapsed)
                if status != "200":
                    entry["failed"] += 1

    threads = [threading.Thread(target=run, args=(kind, n)) for kind in ("api_key", "session") for n in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for entry in tally.values():
        entry["statuses"] = dict(entry["statuses"])
        entry["max_ms"] = round(entry["max_ms"], 1)
    print(json.dumps(tally))


def scrape(service, path):
    parts = urlsplit(service)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    connection.request("GET", path)
    body = connection.getresponse().read().decode()
    connection.close()
    return body


def samples(exposition, name):
    """(labels, value) of each sample of `name`."""
    found = []
    for line in exposition.splitlines():
        if not line.startswith(name + "{"):
            continue
        labels_text, value = line[len(name) + 1 :].rsplit("} ", 1)
        labels = dict(part.split("=", 1) for part in labels_text.split('",') if "=" in part)
        found.append(({k: v.strip('"') for k, v in labels.items()}, float(value)))
    return found


def alerts(service):
    """The rules' expressions that concern providers (IdentityServer... without the prefix), evaluated on this
    instance's counters since its start; their `for` durations aside."""
    exposition = scrape(service, "/metrics")
    holding = []
    stale = [labels for labels, value in samples(exposition, "identitybridge_session_keys_stale") if value == 1]
    if stale:
        holding.append(f"SessionKeysStale (for 10m) on {len(stale)} issuer{'s' if len(stale) > 1 else ''}")
    fetches = collections.defaultdict(lambda: [0.0, 0.0])
    for labels, value in samples(exposition, "identitybridge_session_key_fetches_total"):
        fetches[labels["issuer"]][0 if labels["result"] == "ok" else 1] += value
    failing = [issuer for issuer, (ok, failed) in fetches.items() if failed > 0 and ok == 0]
    if failing:
        holding.append(f"SessionKeyFetchesFailing on {len(failing)} issuer{'s' if len(failing) > 1 else ''}")
    requests = collections.defaultdict(lambda: [0.0, 0.0])
    for labels, value in samples(exposition, "identitybridge_http_requests_total"):
        if labels["route"] in ("/healthz", "/readyz", "/metrics"):
            continue
        key = (labels["app"], labels["provider"])
        requests[key][0] += value
        if labels["status"].startswith("5"):
            requests[key][1] += value
    for (app, provider), (total, errors) in sorted(requests.items()):
        if total > 0 and errors / total > 0.05:
            holding.append(f"HighErrorRatio (for 5m): {errors / total:.0%} 5xx, app {app} provider {provider}")
    print("; ".join(holding) if holding else "none")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    command, arguments = sys.argv[1], sys.argv[2:]
    if command == "providers":
        asyncio.run(serve_providers(arguments[0], arguments[1:]))
    elif command == "token":
        print(token(*arguments))
    elif command == "load":
        load(arguments[0], arguments[1], arguments[2], float(arguments[3]))
    elif command == "alerts":
        alerts(arguments[0])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
