#!/usr/bin/env python3
"""Runs the shell commands of the README and the guides as written (issue 36), from the repository root.

Every command that .ci/docs_snippets.py finds in a ```sh / ```bash / ```console / ```shell block is in one of
the tables below, keyed by the command as the shell reads it (comments dropped, whitespace collapsed):

  RUN      run as written, from the repository root, with `swift build --show-bin-path` first on PATH (what
           Identityctl.md's `export PATH=...` line does), each in its own shell; it must exit 0;
  SERVER   started in the background (`--port` set to a free port: CI machines are shared; 127.0.0.1 only),
           awaited until it logs {"event":"listening",...}, and stopped (SIGTERM) at the end of its block;
  CURL     run against the server its block started (127.0.0.1:8080 becomes the free port); the answer must be 2xx;
  SKIP     not run, with the reason and where CI covers it instead.

A command in none of them fails the check, naming FILE:LINE; so does a failing command, with its output.
The same command in two documents runs once. Run after `swift test` (.ci/run), so every build is incremental.
"""
import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
TIMEOUT = 180

RUN = {
    "swift run identityctl demo",
    "swift build --product identityctl",
    'export PATH="$(swift build --show-bin-path):$PATH"',
    "identityctl validate config.example.yaml",
    "identityctl validate --format json config.example.yaml",
    "identityctl token --config config.example.yaml --app demo --provider zendesk-chat --user-id u-1 --email ann@example.com"
    ' --name "Ann Example" --now 1767225600',
    "identityctl token --config config.example.yaml --app demo --provider zendesk-chat --user-id u-1 --email ann@example.com"
    ' --name "Ann Example" --now 1767225600 | jq -r .credential.jwt > token.txt',
    "identityctl verify --config config.example.yaml --app demo --provider zendesk-chat --now 1767225660 - < token.txt",
    "identityctl token --config config.example.yaml --app demo --provider zendesk-support --user-id u-1 --email ann@example.com"
    ' --name "Ann Example" | jq -r .credential.user_token > user-token.txt',
    "identityctl exchange --config config.example.yaml --app demo --provider zendesk-support --token-file user-token.txt",
    "echo '{\"name\": \"widgetToggle\", \"data\": {\"visible\": true}}' | identityctl events --provider helpshift",
    "identityctl demo --config config.example.yaml",
    "identityctl run Scenarios/common/login-as-another-user.yaml --config Scenarios/config.yaml",
    "swift run identityctl run Scenarios/zendesk-messaging/merge-on-login.yaml --config Scenarios/config.yaml",
    "swift run identityctl run Scenarios/common/missing-identifier.yaml --config Scenarios/config.yaml --provider zendesk-chat",
}

# Files the RUN commands write in the repository root; removed at the end (the check refuses to start if one exists).
WRITTEN = ["token.txt", "user-token.txt"]

SERVER = {
    "swift run identity-server --config config.example.yaml --allow-development-secrets",
}

CURL = {
    "curl -s -X POST http://127.0.0.1:8080/v1/apps/demo/providers/zendesk-chat/credentials -H 'Authorization: Bearer"
    " dev-only-demo-api-key-0123456789abcdef' -H 'Content-Type: application/json' -d"
    ' \'{"user_id":"u-1","email":"ann@example.com","name":"Ann"}\'',
    "curl -s -X POST http://127.0.0.1:8080/v1/apps/demo/providers/zendesk-chat/credentials -H 'Authorization: Bearer"
    " dev-only-demo-api-key-0123456789abcdef' -H 'Content-Type: application/json' -d"
    ' \'{"user_id":"u-1","email":"ann@example.com","name":"Ann Example"}\'',
    "curl -s http://127.0.0.1:8080/readyz",
}

SKIP = {
    "swift test": "the test step of .ci/run is exactly this command",
    "bash .ci/run": "CI itself: the command this check runs inside",
    "swift build --build-tests": "the test step (swift test) builds the same",
    "swift test --skip-build --filter <Suite>": "<Suite> is a placeholder; the test step runs every suite",
    "swift run --package-path Benchmarks -c release identity-bench": "a release build of Benchmarks and 50 s of "
    "measurement: not in CI (a developer's measurement; figures in Benchmarks/RESULTS.md)",
    "swift run --package-path Benchmarks -c release identity-bench --quick": "a release build of the Benchmarks package: "
    "not in CI",
    "Benchmarks/.build/release/identity-bench --profile chat.verify": "needs the release build of Benchmarks: not in CI",
    "Benchmarks/.build/release/identity-bench --profile floor.key 400000": "needs the release build of Benchmarks: not in CI",
    "swift run --package-path Benchmarks -c release service-bench": "a release build of Benchmarks: not in CI",
    "Benchmarks/service-load.sh": "release builds and wrk load for minutes: not in CI (figures in Benchmarks/RESULTS.md)",
    ".ci/fuzz.sh": ".ci/run's fuzzing step (15 s per target) and .ci/full (120 s)",
    'FUZZ_SECONDS=300 FUZZ_TARGETS="FuzzJSON FuzzJWT" .ci/fuzz.sh': ".ci/run's fuzzing step runs .ci/fuzz.sh (every target)",
    "Fuzz/.build/debug/<target> <input>": "<target> and <input> are placeholders (reproducing a fuzzing finding)",
    "swift package identity-config validate": "a consumer's command (run in the reader's package); .ci/plugins.sh runs "
    "it in Examples/PluginConsumer: --target and a PATH (every target in .ci/full)",
    "swift package identity-config validate --target Backend": "Backend is the reader's target; .ci/plugins.sh runs "
    "validate --target TrickyNames --target BrokenConsumer PATH",
    "swift package identity-config validate config/prod.yaml": "config/prod.yaml is the reader's file; .ci/plugins.sh "
    "runs validate with a PATH",
    "swift package --package-path Examples/IntercomKind identity-config validate Tests/IntercomKindTests/Fixtures/config.yaml":
    ".ci/full runs identity-config validate in Examples/IntercomKind (.ci/examples.sh; a build of that package: minutes)",
    "identity-server --config /etc/identitybridge/config.yaml --host 0.0.0.0 --port 8080": "the container's paths; "
    ".ci/deploy-check.sh runs identity-server as the Kubernetes manifest runs it",
    "DEMO_API_KEY=... HELPSHIFT_SECRET=... HELPSHIFT_IDENTITY_SECRET=... ZENDESK_SUPPORT_SECRET=... ZENDESK_CHAT_SECRET=..."
    " ZENDESK_MESSAGING_SECRET=... identity-server --config config.example.yaml --host 0.0.0.0 --port 8080": "needs the "
    "production secrets (`...`); .ci/deploy-check.sh runs identity-server with every secret from files, and "
    "ServeLiveTests check the refusal of development defaults",
}


def key(command):
    """The command as the shell reads it: comments dropped, whitespace collapsed, quotes kept as written."""
    try:
        lexer = shlex.shlex(command, posix=False, punctuation_chars=False)
        lexer.whitespace_split = True
        lexer.commenters = "#"
        return " ".join(lexer)
    except ValueError:
        return " ".join(command.split())


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    os.chdir(ROOT)
    started = time.monotonic()
    listing = subprocess.run([sys.executable, ".ci/docs_snippets.py", "shell"], check=True, capture_output=True, text=True)
    commands = [json.loads(line) for line in listing.stdout.splitlines()]
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], check=True, capture_output=True, text=True).stdout.strip()
    env = dict(os.environ, PATH=bin_path + os.pathsep + os.environ.get("PATH", ""))
    for name in WRITTEN:
        if os.path.exists(name):
            print(f"docs_commands.py: {name} exists in the repository root; the documented commands write it: move it away")
            return 1

    failures, done, ran, skipped = [], {}, 0, 0
    server = None  # (process, port, log path, file, line)

    def stop_server():
        nonlocal server
        if server:
            process = server[0]
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
            server = None

    def fail(where, command, why, output=""):
        failures.append(f"{where}: {why}\n    $ {command}\n" + "".join(f"    {line}\n" for line in output.splitlines()[-40:]))

    previous_file = None
    try:
        for entry in commands:
            where, command = f"{entry['file']}:{entry['line']}", entry["command"]
            k = key(command)
            if entry["file"] != previous_file:
                stop_server()  # a server lives until the end of its document's block run
                previous_file = entry["file"]
            if k in SKIP:
                skipped += 1
                print(f"skip {where}: {k}\n     ({SKIP[k]})")
                continue
            if k in SERVER:
                stop_server()
                port = free_port()
                log = tempfile.TemporaryFile("w+")
                begin = time.monotonic()
                process = subprocess.Popen(
                    f"{k} --host 127.0.0.1 --port {port}", shell=True, cwd=ROOT, env=env, stdout=log,
                    stderr=subprocess.STDOUT, start_new_session=True, executable="/bin/bash")
                server = (process, port, log)
                while time.monotonic() - begin < TIMEOUT:
                    log.seek(0)
                    text = log.read()
                    if re.search(r'"event"\s*:\s*"listening"', text):
                        break
                    if process.poll() is not None:
                        break
                    time.sleep(0.2)
                log.seek(0)
                text = log.read()
                if not re.search(r'"event"\s*:\s*"listening"', text):
                    fail(where, command, "the server did not log its listening line", text)
                    stop_server()
                    continue
                ran += 1
                print(f"ran  {where}: {k}  (listening on 127.0.0.1:{port} after {time.monotonic() - begin:.1f} s)")
                continue
            if k in CURL:
                if not server:
                    fail(where, command, "a curl command with no server started before it in the same document")
                    continue
                port = server[1]
                actual = k.replace("127.0.0.1:8080", f"127.0.0.1:{port}") + " -w '\\nHTTP %{http_code}'"
                result = subprocess.run(actual, shell=True, cwd=ROOT, env=env, capture_output=True, text=True,
                                        timeout=60, executable="/bin/bash")
                status = re.search(r"HTTP (\d{3})\s*$", result.stdout)
                ran += 1
                if result.returncode != 0 or not status or not status.group(1).startswith("2"):
                    fail(where, command, f"exit {result.returncode}, HTTP {status.group(1) if status else '?'}",
                         result.stdout + result.stderr)
                else:
                    print(f"ran  {where}: {k}  (HTTP {status.group(1)})")
                continue
            if k in RUN:
                if k in done:
                    print(f"ran  {where}: {k}  (same as {done[k]})")
                    continue
                begin = time.monotonic()
                try:
                    result = subprocess.run(command, shell=True, cwd=ROOT, env=env, capture_output=True, text=True,
                                            timeout=TIMEOUT, executable="/bin/bash")
                except subprocess.TimeoutExpired as error:
                    fail(where, command, f"timed out after {TIMEOUT} s", str(error.stdout or ""))
                    continue
                ran += 1
                done[k] = where
                if result.returncode != 0:
                    fail(where, command, f"exit {result.returncode}", result.stdout + result.stderr)
                else:
                    print(f"ran  {where}: {k}  ({time.monotonic() - begin:.1f} s)")
                continue
            fail(where, command, "a command in no list of .ci/docs_commands.py: add it to RUN, SERVER, CURL or SKIP "
                 "(with the reason and where CI covers it)")
    finally:
        stop_server()
        for name in WRITTEN:
            if os.path.exists(name):
                os.remove(name)

    known = RUN | SERVER | CURL | SKIP.keys()
    found = {key(entry["command"]) for entry in commands}
    for stale in sorted(known - found):
        failures.append(f".ci/docs_commands.py: '{stale}' is listed but in no document any more: remove it")
    if failures:
        print("\ndocs_commands.py: FAILED", file=sys.stderr)
        for failure in failures:
            print(failure, file=sys.stderr)
        return 1
    print(f"docs_commands.py: {ran} commands ran, {skipped} skipped with their reason, in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
