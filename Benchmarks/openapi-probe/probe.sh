#!/usr/bin/env bash
# The document-generated server's answers (issue 34, part 1): builds Benchmarks/openapi-probe (swift-openapi-generator
# over Sources/IdentityBridgeService/openapi.yaml, served by swift-openapi-hummingbird), posts to the credentials
# route the inputs the token service answers with a field-level error, and prints one line per request:
#   probe: CASE status=.. body_bytes=..
# then `probe: handler reached N of M`. Loopback only; the server it starts, it ends.
#
#   bash Benchmarks/openapi-probe/probe.sh          (from the repository root)
set -euo pipefail
cd "$(dirname "$0")"
swift build >&2
out="$(mktemp)"
"$(swift build --show-bin-path)/Probe" >"$out" 2>/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$out" "$out.big"' EXIT
for _ in $(seq 1 100); do grep -q '^listening' "$out" && break; sleep 0.1; done
port="$(sed -n 's/^listening //p' "$out")"
[ -n "$port" ] || { echo "probe: the server did not start" >&2; exit 1; }
url="http://127.0.0.1:$port/v1/apps/demo/providers/chat/credentials"
head -c 3000000 /dev/zero | tr '\0' ' ' >"$out.big"
count=0
probe() {  # NAME CONTENT-TYPE BODY-ARGUMENT
    count=$((count + 1))
    echo "probe: $1 $(curl -s -o /dev/null -w 'status=%{http_code} body_bytes=%{size_download}' -X POST \
        -H 'Authorization: Bearer key' -H "Content-Type: $2" --data-binary "$3" "$url")"
}
probe "user_id-a-number" application/json '{"user_id":5}'
probe "malformed-JSON" application/json '{"user_id":'
probe "text/plain" text/plain '{"user_id":"u"}'
probe "not-an-object" application/json '[1]'
probe "no-user" application/json '{}'
probe "3-MB-body" application/json "@$out.big"
probe "a-valid-user" application/json '{"user_id":"u"}'
echo "probe: handler reached $(curl -s "http://127.0.0.1:$port/reached") of $count"
