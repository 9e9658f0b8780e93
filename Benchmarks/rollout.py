#!/usr/bin/env python3
"""The rolling rotation behind Benchmarks/rollout.sh (run that script; it installs nginx and wrk and builds
the server). Three identity-server instances on loopback, each with its own Kubernetes-style Secret volume
(files behind `..data`, swapped atomically), behind nginx; wrk drives credentials, verify and Zendesk
Support jwt requests through nginx throughout. Three rotations, each in the README's two steps, one
instance at a time, by file changes only (no signal): the Zendesk Chat secret (previous_secrets), the
Zendesk Messaging signing key (a new key_id), the API key. After every instance's change: its /readyz
generation must advance (the time it takes is the reload time), and a token minted by each instance
must verify on each instance exactly where the README says it must. Last line:
requests=N non2xx=N socket_errors=N rotations=3 max_reload_ms=M
"""

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

SERVER = os.environ["SERVER_BIN"]
SHORT = os.environ.get("ROLLOUT_MODE") == "short"
HOLD = 0.3 if SHORT else 3.0  # seconds of traffic between two changes
WATCH_INTERVAL = "0.5"
INSTANCES = 3
USER = {"user_id": "u-1", "email": "ann@example.com", "name": "Ann Example"}
PROCESSES = []
failures = []


def log(message):
    print(f"rollout: {message}", file=sys.stderr, flush=True)


def secret(name, generation):
    return f"{name}-secret-generation-{generation}-0123456789abcdef0123456789"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def render(state):
    """The files of one instance's Secret volume for its state: config.yaml and the secret files."""
    files = {
        "api-keys": "".join(k + "\n" for k in state["api_keys"]),
        "chat-account-key": "chat-account-key-0123456789abcdef\n",
        "chat-secret": state["chat"] + "\n",
        "support-secret": secret("support", 0) + "\n",
    }
    chat_previous = ""
    if state["chat_previous"]:
        files["chat-previous"] = "".join(p + "\n" for p in state["chat_previous"])
        chat_previous = "        previous_secrets_file: chat-previous\n"
    keys = ""
    for key_id, value in state["messaging"]:
        files[f"messaging-{key_id}"] = value + "\n"
        keys += f"          - key_id: {key_id}\n            secret_file: messaging-{key_id}\n"
    files["config.yaml"] = f"""apps:
  demo:
    service:
      api_keys_file: api-keys
    providers:
      - kind: zendesk-chat
        name: chat
        account_key_file: chat-account-key
        secret_file: chat-secret
{chat_previous}      - kind: zendesk-messaging
        signing_keys:
{keys}      - kind: zendesk-support
        auth: jwt
        secret_file: support-secret
        user_token_lifetime: 10m
"""
    return files


class Instance:
    """One server with its Secret volume: NAME -> ..data/NAME, ..data -> ..generation-K."""

    def __init__(self, root, index, state):
        self.volume = os.path.join(root, f"volume-{index}")
        os.makedirs(self.volume)
        self.state = json.loads(json.dumps(state))
        self.generation = 0
        self.names = set()
        self.publish()
        stderr = open(os.path.join(root, f"server-{index}.log"), "wb")
        self.process = subprocess.Popen(
            [SERVER, "--config", os.path.join(self.volume, "config.yaml"), "--host", "127.0.0.1", "--port", "0",
             "--watch-interval", WATCH_INTERVAL, "--log-level", "notice"],
            stdout=subprocess.PIPE, stderr=stderr, env={"PATH": os.environ.get("PATH", "/usr/bin")})
        PROCESSES.append(self.process)
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"rollout: instance {index} did not start; see its log:\n" + open(stderr.name).read())
        self.port = json.loads(line)["port"]

    def publish(self):
        """Writes the state's files into a fresh folder and swaps `..data` to it (as the kubelet does)."""
        self.generation += 1
        folder = f"..generation-{self.generation}"
        path = os.path.join(self.volume, folder)
        os.makedirs(path)
        for name, text in render(self.state).items():
            with open(os.path.join(path, name), "w") as f:
                f.write(text)
            if name not in self.names:
                self.names.add(name)
                os.symlink(os.path.join("..data", name), os.path.join(self.volume, name))
        temporary = os.path.join(self.volume, "..data_tmp")
        os.symlink(folder, temporary)
        os.rename(temporary, os.path.join(self.volume, "..data"))
        if self.generation > 2:
            shutil.rmtree(os.path.join(self.volume, f"..generation-{self.generation - 2}"))

    def request(self, path, body, bearer=None, form=False):
        data = body.encode() if form else json.dumps(body).encode()
        headers = {"Content-Type": "application/x-www-form-urlencoded" if form else "application/json"}
        if bearer:
            headers["Authorization"] = f"Bearer {bearer}"
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, json.loads(answer.read() or b"{}")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"{}")

    def ready(self):
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/readyz", timeout=10) as answer:
            return json.loads(answer.read())

    def change(self, mutate):
        """Applies `mutate` to the state, publishes it, and returns the ms until /readyz shows a new generation."""
        before = self.ready()["generation"]
        mutate(self.state)
        started = time.monotonic()
        self.publish()
        while time.monotonic() - started < 30:
            if self.ready()["generation"] > before:
                return (time.monotonic() - started) * 1000
            time.sleep(0.005)
        raise SystemExit(f"rollout: instance on port {self.port} did not reload within 30 s")


def credential(instance, provider, key):
    status, body = instance.request(f"/v1/apps/demo/providers/{provider}/credentials", USER, bearer=key)
    if status != 200:
        failures.append(f"credentials {provider} on :{instance.port} answered {status}: {body}")
        return None
    return body["credential"]["jwt"]


def check(instances, client_key, step):
    """Tokens minted by every instance verify on every instance exactly where the README says they must."""
    for provider, signing, accepted in [
        ("chat", lambda s: s["chat"], lambda s: [s["chat"]] + s["chat_previous"]),
        ("zendesk-messaging", lambda s: s["messaging"][0][1], lambda s: [v for _, v in s["messaging"]]),
    ]:
        for minter in instances:
            token = credential(minter, provider, client_key)
            if token is None:
                continue
            for verifier in instances:
                expected = signing(minter.state) in accepted(verifier.state)
                status, body = verifier.request(f"/v1/apps/demo/providers/{provider}/verify", {"token": token}, bearer=client_key)
                if status != 200 or body.get("valid") != expected:
                    failures.append(
                        f"{step}: {provider} token of :{minter.port} on :{verifier.port}: expected valid={expected}, got {status} {body}")
    keys = {k for instance in instances for k in instance.state["api_keys"]} | {client_key}
    for key in sorted(keys):
        for instance in instances:
            expected = 200 if key in instance.state["api_keys"] else 401
            status, _ = instance.request("/v1/apps/demo/providers/chat/credentials", USER, bearer=key)
            if status != expected:
                failures.append(f"{step}: API key on :{instance.port}: expected {expected}, got {status}")


def wrk_script(root, key_file, chat_token, user_token):
    path = os.path.join(root, "mix.lua")
    user = json.dumps(USER)
    with open(path, "w") as f:
        f.write(f"""
local counter, key = 0, nil
local function read_key()
  local file = io.open("{key_file}")
  if file then local k = file:read("*l"); file:close(); if k and #k > 0 then key = k end end
end
request = function()
  counter = counter + 1
  if key == nil or counter % 50 == 0 then read_key() end
  local json = {{["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. key}}
  local kind = counter % 3
  if kind == 0 then
    return wrk.format("POST", "/v1/apps/demo/providers/chat/credentials", json, '{user}')
  elseif kind == 1 then
    return wrk.format("POST", "/v1/apps/demo/providers/chat/verify", json, '{{"token":"{chat_token}"}}')
  end
  return wrk.format("POST", "/v1/apps/demo/providers/zendesk-support/jwt",
    {{["Content-Type"] = "application/x-www-form-urlencoded"}}, "user_token={user_token}")
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("WRK requests=%d non2xx=%d socket_errors=%d\\n", summary.requests, e.status,
    e.connect + e.read + e.write + e.timeout))
end
""")
    return path


def nginx(root, ports):
    port = free_port()
    user = "user root;\n" if os.geteuid() == 0 else ""
    servers = "".join(f"    server 127.0.0.1:{p};\n" for p in ports)
    temp = " ".join(f"{kind}_temp_path {root}/nginx-{kind};" for kind in ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"])
    config = os.path.join(root, "nginx.conf")
    with open(config, "w") as f:
        f.write(f"""{user}worker_processes 1;
daemon off;
pid {root}/nginx.pid;
error_log {root}/nginx-error.log warn;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  {temp}
  upstream identity {{
{servers}    keepalive 32;
  }}
  server {{
    listen 127.0.0.1:{port};
    location / {{
      proxy_pass http://identity;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_next_upstream off;
    }}
  }}
}}
""")
    process = subprocess.Popen(["nginx", "-p", root, "-c", config], stderr=subprocess.DEVNULL)
    PROCESSES.append(process)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return port
        except OSError:
            time.sleep(0.05)
    raise SystemExit("rollout: nginx did not start; see " + os.path.join(root, "nginx-error.log"))


def main():
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # the finally below ends every process
    root = tempfile.mkdtemp(prefix="identity-rollout-")
    try:
        run(root)
    finally:
        for process in reversed(PROCESSES):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in PROCESSES:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(root, ignore_errors=True)


def run(root):
    state = {
        "api_keys": [secret("api-key", 1)],
        "chat": secret("chat", 1), "chat_previous": [],
        "messaging": [("app_key_1", secret("messaging", 1))],
    }
    instances = [Instance(root, i, state) for i in range(INSTANCES)]
    client_key = state["api_keys"][0]
    key_file = os.path.join(root, "client-api-key")
    with open(key_file, "w") as f:
        f.write(client_key + "\n")
    chat_token = credential(instances[0], "chat", client_key)
    status, issued = instances[0].request("/v1/apps/demo/providers/zendesk-support/credentials", USER, bearer=client_key)
    user_token = issued["credential"]["user_token"]
    port = nginx(root, [i.port for i in instances])
    check(instances, client_key, "start")
    wrk_out = open(os.path.join(root, "wrk.out"), "w+")
    wrk = subprocess.Popen(
        ["wrk", "-t2", "-c16", "-d3600s", "--timeout", "5s", "-s", wrk_script(root, key_file, chat_token, user_token),
         f"http://127.0.0.1:{port}"], stdout=wrk_out, stderr=subprocess.STDOUT)
    PROCESSES.append(wrk)
    time.sleep(HOLD)
    reloads = []

    def roll(name, mutate):
        for index, instance in enumerate(instances):
            reloads.append(instance.change(mutate))
            time.sleep(HOLD)
            check(instances, client_key, f"{name}, instance {index + 1}")
        digests = {i.ready()["inputs_digest"] for i in instances}
        if len(digests) != 1:
            failures.append(f"{name}: the instances report different inputs digests {sorted(digests)}")
        log(f"{name}: done on {len(instances)} instances (generation {instances[0].ready()['generation']})")

    def chat_step1(s):
        s["chat_previous"] = [s["chat"]]
        s["chat"] = secret("chat", 2)

    def chat_step2(s):
        s["chat_previous"] = []

    def messaging_step1(s):
        s["messaging"] = [("app_key_2", secret("messaging", 2))] + s["messaging"]

    def messaging_step2(s):
        s["messaging"] = s["messaging"][:1]

    def api_step1(s):
        s["api_keys"] = s["api_keys"] + [secret("api-key", 2)]

    def api_step2(s):
        s["api_keys"] = s["api_keys"][1:]

    roll("chat secret, step 1 (new secret signs, old one in previous_secrets)", chat_step1)
    roll("chat secret, step 2 (previous_secrets emptied)", chat_step2)
    roll("messaging key, step 1 (new key_id first, old one kept)", messaging_step1)
    roll("messaging key, step 2 (old key_id removed)", messaging_step2)
    roll("API key, step 1 (new key appended)", api_step1)
    client_key = secret("api-key", 2)
    with open(key_file, "w") as f:
        f.write(client_key + "\n")
    time.sleep(max(HOLD, 1.0))  # every wrk connection picks the new key up
    roll("API key, step 2 (old key removed)", api_step2)
    time.sleep(HOLD)
    wrk.send_signal(signal.SIGINT)
    wrk.wait(timeout=30)
    wrk_out.seek(0)
    output = wrk_out.read()
    summary = [line for line in output.splitlines() if line.startswith("WRK ")]
    if not summary:
        raise SystemExit("rollout: no summary from wrk:\n" + output)
    fields = dict(part.split("=") for part in summary[-1].split()[1:])
    for failure in failures:
        log(f"FAILED: {failure}")
    for instance in instances:
        metrics = urllib.request.urlopen(f"http://127.0.0.1:{instance.port}/metrics", timeout=10).read().decode()
        counts = [line for line in metrics.splitlines() if line.startswith("identitybridge_config_reloads_total")]
        log(f"instance :{instance.port}: " + ", ".join(counts))
    log(f"checks failed: {len(failures)}; reloads: {len(reloads)}, mean {sum(reloads) / len(reloads):.0f} ms")
    print(f"requests={fields['requests']} non2xx={fields['non2xx']} socket_errors={fields['socket_errors']} "
          f"rotations=3 max_reload_ms={max(reloads):.0f}", flush=True)
    if failures or fields["non2xx"] != "0" or fields["socket_errors"] != "0":
        sys.exit(1)


if __name__ == "__main__":
    main()
