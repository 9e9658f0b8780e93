#!/usr/bin/env python3
"""Steady load on identity-server's credentials endpoint with a bearer token that the test may swap while it runs.

  load.py --url http://127.0.0.1:PORT/v1/apps/APP/providers/PROVIDER/credentials --token-file PATH \
          --concurrency 4 --stop-file PATH [--max-seconds N]

Each of --concurrency threads keeps one keep-alive connection and sends `POST` with body `{}` and
`Authorization: Bearer <the token file's content>`, the file re-read at most every 100 ms (replace it with a rename
so that no request sees it half written; an empty read keeps the previous token). The load runs until the stop file
exists or --max-seconds pass, then prints one JSON line and exits 0, whatever the answers were:
  {"requests": N, "ok": 2xx answers, "failed": other answers and transport errors, "statuses": {"200": n, ...},
   "first_failures": ["401 <first 200 bytes of the body>", "error ConnectionResetError: ...", ... up to 5]}
Transport errors count under "statuses" as "error".
"""
import argparse
import collections
import http.client
import json
import os
import threading
import time
from urllib.parse import urlsplit

TOKEN_REREAD_SECONDS = 0.1
STOP_POLL_SECONDS = 0.05
REQUEST_TIMEOUT_SECONDS = 10
ERROR_PAUSE_SECONDS = 0.01  # after a transport error, so that a refused connection does not spin a thread
FIRST_FAILURES_KEPT = 5
BODY_EXCERPT_BYTES = 200


class TokenFile:
    """The bearer token, re-read from its file at most every TOKEN_REREAD_SECONDS."""

    def __init__(self, path):
        self.path = path
        self.lock = threading.Lock()
        self.token = self.read()
        if not self.token:
            raise ValueError(f"the token file {path} is empty")
        self.read_at = time.monotonic()

    def read(self):
        with open(self.path) as f:
            return f.read().strip()

    def current(self):
        with self.lock:
            now = time.monotonic()
            if now - self.read_at >= TOKEN_REREAD_SECONDS:
                self.read_at = now
                try:
                    self.token = self.read() or self.token
                except OSError:
                    pass  # between a test's unlink and rename: keep the token read last
            return self.token


class Tally:
    """The answers of all threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.statuses = collections.Counter()
        self.first_failures = []

    def record(self, status, failure=None):
        with self.lock:
            self.statuses[status] += 1
            if failure is not None and len(self.first_failures) < FIRST_FAILURES_KEPT:
                self.first_failures.append(failure)

    def summary(self):
        ok = sum(n for status, n in self.statuses.items() if status.startswith("2"))
        total = sum(self.statuses.values())
        return {
            "requests": total,
            "ok": ok,
            "failed": total - ok,
            "statuses": dict(sorted(self.statuses.items())),
            "first_failures": self.first_failures,
        }


def worker(host, port, path, token_file, tally, stop):
    connection = http.client.HTTPConnection(host, port, timeout=REQUEST_TIMEOUT_SECONDS)
    while not stop.is_set():
        headers = {
            "Authorization": f"Bearer {token_file.current()}",
            "Content-Type": "application/json",
        }
        try:
            connection.request("POST", path, body=b"{}", headers=headers)
            response = connection.getresponse()
            body = response.read()
        except (OSError, http.client.HTTPException) as error:
            # The connection is unusable after a transport error; http.client reconnects on the next request.
            connection.close()
            tally.record("error", f"error {type(error).__name__}: {error}"[:BODY_EXCERPT_BYTES])
            time.sleep(ERROR_PAUSE_SECONDS)
            continue
        status = str(response.status)
        if 200 <= response.status < 300:
            tally.record(status)
        else:
            excerpt = body[:BODY_EXCERPT_BYTES].decode("utf-8", "replace")
            tally.record(status, f"{status} {excerpt}")
        if response.will_close:
            connection.close()
    connection.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="http://HOST:PORT/PATH of the endpoint to POST to")
    parser.add_argument("--token-file", required=True, help="file holding the bearer token")
    parser.add_argument("--concurrency", type=int, default=4, help="parallel connections (default 4)")
    parser.add_argument("--stop-file", required=True, help="the load stops once this file exists")
    parser.add_argument("--max-seconds", type=float, help="stop after this long even without the stop file")
    args = parser.parse_args()

    url = urlsplit(args.url)
    if url.scheme != "http" or not url.hostname:
        parser.error(f"--url must be an http://HOST:PORT/PATH URL, not {args.url}")
    if args.concurrency < 1:
        parser.error("--concurrency must be at least 1")
    path = url.path + (f"?{url.query}" if url.query else "")
    try:
        token_file = TokenFile(args.token_file)
    except (OSError, ValueError) as error:
        parser.error(f"--token-file: {error}")

    tally = Tally()
    stop = threading.Event()
    threads = [
        threading.Thread(target=worker, args=(url.hostname, url.port or 80, path, token_file, tally, stop))
        for _ in range(args.concurrency)
    ]
    for thread in threads:
        thread.start()
    deadline = None if args.max_seconds is None else time.monotonic() + args.max_seconds
    while not os.path.exists(args.stop_file) and (deadline is None or time.monotonic() < deadline):
        time.sleep(STOP_POLL_SECONDS)
    stop.set()
    for thread in threads:
        thread.join()
    print(json.dumps(tally.summary()), flush=True)


if __name__ == "__main__":
    main()
