#!/usr/bin/env python3
"""Runs the release identity-server the way deploy/kubernetes/identity-server.yaml does: the container's
args (with the mount path pointed at a temporary folder, and the listener at 127.0.0.1 on a free port: tests
listen on loopback only; the metrics listener of --metrics-host/--metrics-port likewise, checked to serve /metrics
while the token listener answers it 404), the pod's runAsUser/runAsGroup, the Secret's stringData laid out as the kubelet
lays out a Secret volume (NAME -> ..data/NAME, ..data -> a timestamped folder, files mode defaultMode), then
rotates the API key in two steps by swapping ..data, and stops the server with SIGTERM (exit 0).
Usage: deploy_check.py MANIFEST SERVER_BINARY
"""

import json
import os
import queue
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

import yaml

manifest_path, binary = sys.argv[1], sys.argv[2]
documents = {d["kind"]: d for d in yaml.safe_load_all(open(manifest_path)) if d}
secret_data = dict(documents["Secret"]["stringData"])
pod = documents["Deployment"]["spec"]["template"]["spec"]
container = pod["containers"][0]
mount = container["volumeMounts"][0]["mountPath"]
volume = next(v for v in pod["volumes"] if v["name"] == container["volumeMounts"][0]["name"])
mode = volume["secret"].get("defaultMode", 0o644)
uid, gid = pod["securityContext"]["runAsUser"], pod["securityContext"]["runAsGroup"]
assert pod["securityContext"]["runAsNonRoot"] and uid != 0
assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
# Issue 59: a startup probe before liveness counts (the server listens within a second whatever the providers do).
startup = container["startupProbe"]
assert startup["httpGet"]["path"] == "/healthz" and startup["periodSeconds"] * startup["failureThreshold"] >= 10

root = tempfile.mkdtemp(prefix="identity-deploy-check-")
os.chmod(root, 0o755)
secrets = os.path.join(root, "etc-identitybridge")
os.makedirs(secrets)
os.chmod(secrets, 0o755)
server = None
stamp = 0


def publish(data):
    """Writes `data` as the kubelet's AtomicWriter does: a fresh ..TIMESTAMP folder, then ..data swapped to it."""
    global stamp
    stamp += 1
    folder = f"..2026_11_25_12_00_00.{stamp:09d}"
    os.makedirs(os.path.join(secrets, folder))
    os.chmod(os.path.join(secrets, folder), 0o755)
    for name, text in data.items():
        path = os.path.join(secrets, folder, name)
        with open(path, "w") as f:
            f.write(text)
        os.chown(path, 0, gid)
        os.chmod(path, mode)
        link = os.path.join(secrets, name)
        if not os.path.islink(link):
            os.symlink(os.path.join("..data", name), link)
    os.symlink(folder, os.path.join(secrets, "..data_tmp"))
    os.rename(os.path.join(secrets, "..data_tmp"), os.path.join(secrets, "..data"))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(path, key=None, body=None):
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read() or b"{}")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def get_text(at_port, path):
    """GET http://127.0.0.1:at_port/path: (status, body text)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{at_port}{path}", timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def metric(text, name):
    """The value of the unlabelled sample `name` in a Prometheus text exposition, or None."""
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    return None


def wait_for_generation(generation):
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        status, body = call("/readyz")
        if status == 200 and body["generation"] >= generation:
            return body
        time.sleep(0.05)
    raise SystemExit(f"deploy-check: FAILED: generation {generation} never served; server log:\n{log_text()}")


def log_text():
    return open(os.path.join(root, "server.log")).read()[-4000:]


def expect(condition, message):
    if not condition:
        raise SystemExit(f"deploy-check: FAILED: {message}\nserver log:\n{log_text()}")


try:
    first, second = "deploy-check-api-key-first-0123456789abcdef", "deploy-check-api-key-second-0123456789abcdef"
    data = {name: text.replace("REPLACE-with", "deploy-check") for name, text in secret_data.items()}
    data["api-keys"] = first + "\n"
    publish(data)
    bin_dir = os.path.join(root, "usr-local-bin")
    os.makedirs(bin_dir)
    os.chmod(bin_dir, 0o755)
    shutil.copy2(binary, os.path.join(bin_dir, "identity-server"))
    port = free_port()
    args = [a.replace(mount, secrets) for a in container["args"]]
    args[args.index("--host") + 1] = "127.0.0.1"
    args[args.index("--port") + 1] = str(port)
    # The metrics listener (the manifest's 0.0.0.0:9090) on loopback too, on another free port.
    metrics_port = None
    if "--metrics-port" in args:
        metrics_port = free_port()
        while metrics_port == port:
            metrics_port = free_port()
        args[args.index("--metrics-port") + 1] = str(metrics_port)
        if "--metrics-host" in args:
            args[args.index("--metrics-host") + 1] = "127.0.0.1"
    command = ["setpriv", f"--reuid={uid}", f"--regid={gid}", "--clear-groups", os.path.join(bin_dir, "identity-server")] + args
    print("deploy-check: " + " ".join(command), flush=True)
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=open(os.path.join(root, "server.log"), "wb"), env={"PATH": "/usr/bin:/bin"})
    # One listening line per listener ({"event":"listening",...,"port":P}, with "listener":"metrics" for the
    # metrics one), in either order; stdout is read to its end so the pipe never fills.
    lines = queue.Queue()

    def read_stdout():
        for line in iter(server.stdout.readline, b""):
            lines.put(line)
        lines.put(b"")

    threading.Thread(target=read_stdout, daemon=True).start()
    listeners = {}
    while len(listeners) < (2 if metrics_port else 1):
        try:
            listening = lines.get(timeout=60)
        except queue.Empty:
            listening = b""
        expect(listening, "the server did not start" + (f" (listening lines so far: {listeners})" if listeners else ""))
        event = json.loads(listening)
        expect(event.get("event") == "listening", f"unexpected line {listening!r}")
        listeners[event.get("listener", "service")] = event["port"]
    expect(listeners["service"] == port, f"unexpected listening lines {listeners}")
    expect(metrics_port is None or listeners.get("metrics") == metrics_port, f"unexpected listening lines {listeners}")
    status_file = open(f"/proc/{server.pid}/status").read()
    expect(f"Uid:\t{uid}\t{uid}" in status_file, f"the server does not run as user {uid}")
    expect(call("/healthz")[0] == 200, "/healthz")
    ready = wait_for_generation(1)
    if metrics_port:
        status, text = get_text(metrics_port, "/metrics")
        expect(status == 200 and "identitybridge_config_reloads_total" in text, f"GET /metrics on the metrics listener: {status}")
        expect(get_text(metrics_port, "/readyz")[0] == 200, "GET /readyz on the metrics listener")
        expect(get_text(port, "/metrics")[0] == 404, "the token listener answers /metrics although a metrics listener runs")
    credentials = "/v1/apps/demo/providers/chat/credentials"
    user = {"user_id": "u-1", "email": "ann@example.com", "name": "Ann"}
    expect(call(credentials, first, user)[0] == 200, "the first API key is refused")
    expect(call(credentials, second, user)[0] == 401, "the second API key is accepted before the rotation")
    # Step 1: the new key is appended (a new ..data folder, as `kubectl apply` of the changed Secret does).
    data["api-keys"] = first + "\n" + second + "\n"
    publish(data)
    step1 = wait_for_generation(2)
    expect(step1["inputs_digest"] != ready["inputs_digest"], "the inputs digest did not change")
    expect(call(credentials, first, user)[0] == 200 and call(credentials, second, user)[0] == 200, "step 1: both keys")
    # Step 2: the old key is removed.
    data["api-keys"] = second + "\n"
    publish(data)
    wait_for_generation(3)
    expect(call(credentials, first, user)[0] == 401, "step 2: the old key is still accepted")
    expect(call(credentials, second, user)[0] == 200, "step 2: the new key is refused")
    # A broken Secret is refused and the last good one keeps serving.
    data["api-keys"] = "\n"
    publish(data)
    deadline = time.monotonic() + 30
    while "reload refused" not in log_text() and time.monotonic() < deadline:
        time.sleep(0.05)
    expect("reload refused" in log_text(), "an empty api-keys file was not refused")
    expect(call(credentials, second, user)[0] == 200, "the refused Secret stopped the old one serving")
    if metrics_port:
        deadline = time.monotonic() + 10
        while metric(get_text(metrics_port, "/metrics")[1], "identitybridge_config_reload_refused") != 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        refused = metric(get_text(metrics_port, "/metrics")[1], "identitybridge_config_reload_refused")
        expect(refused == 1, f"identitybridge_config_reload_refused is {refused} after the refusal, not 1")
    server.send_signal(signal.SIGTERM)
    expect(server.wait(timeout=30) == 0, "SIGTERM did not end the server with status 0")
    print("deploy-check: the server ran as the manifest runs it (user %d), rotated by two ..data swaps, refused a broken one" % uid
          + (", served /metrics on its metrics listener only" if metrics_port else ""))
finally:
    if server and server.poll() is None:
        server.kill()
        server.wait()
    shutil.rmtree(root, ignore_errors=True)
