#!/usr/bin/env python3
"""A minimal OTLP/HTTP trace receiver for .ci/observability.sh, on loopback only.

    otlp_receiver.py SPANS_FILE [--port P]     serve until SIGTERM / SIGINT (port 0 or absent: any free port)
    otlp_receiver.py --self-test               post handcrafted requests to a receiver of its own and check them

It prints `{"event":"listening","port":P}` on stdout once it accepts requests, then takes
`POST /v1/traces` with `Content-Type: application/x-protobuf` (the body gzip-compressed when
`Content-Encoding: gzip` says so), parses it as an ExportTraceServiceRequest (opentelemetry-proto),
answers 200 with an empty ExportTraceServiceResponse, and appends each span to SPANS_FILE as one JSON
line: trace_id, span_id, parent_span_id (hex; "" for a root), name, kind (SERVER, INTERNAL, ...),
status (UNSET, OK, ERROR) and status_message, start/end (unix ns), attributes (a dict), events (each
{name, attributes}), resource (the resource's attributes), scope (the instrumentation scope's name).
Refusals: 404 another path, 405 another method, 415 another content type (OTLP/JSON is not
taken), 413 a body (or its gunzipped form) over 16 MiB, 400 a body that does not parse.
"""

import gzip
import http.server
import io
import json
import os
import signal
import sys
import tempfile
import threading
import urllib.error
import urllib.request

from opentelemetry.proto.collector.trace.v1 import trace_service_pb2
from opentelemetry.proto.common.v1 import common_pb2
from opentelemetry.proto.resource.v1 import resource_pb2
from opentelemetry.proto.trace.v1 import trace_pb2

BODY_LIMIT = 16 * 1024 * 1024
PROTOBUF = "application/x-protobuf"


def any_value(value):
    """An OTLP AnyValue as plain JSON: strings, bools, ints, floats, lists, dicts; bytes as hex."""
    which = value.WhichOneof("value")
    if which is None:
        return None
    if which == "array_value":
        return [any_value(v) for v in value.array_value.values]
    if which == "kvlist_value":
        return attributes(value.kvlist_value.values)
    if which == "bytes_value":
        return value.bytes_value.hex()
    return getattr(value, which)


def attributes(key_values):
    return {kv.key: any_value(kv.value) for kv in key_values}


def enum_name(enum, number, prefix):
    try:
        return enum.Name(number).removeprefix(prefix)
    except ValueError:
        return str(number)


def span_records(request):
    """One dict per span of an ExportTraceServiceRequest."""
    for resource_spans in request.resource_spans:
        resource = attributes(resource_spans.resource.attributes)
        for scope_spans in resource_spans.scope_spans:
            for span in scope_spans.spans:
                yield {
                    "trace_id": span.trace_id.hex(),
                    "span_id": span.span_id.hex(),
                    "parent_span_id": span.parent_span_id.hex(),
                    "name": span.name,
                    "kind": enum_name(trace_pb2.Span.SpanKind, span.kind, "SPAN_KIND_"),
                    "status": enum_name(trace_pb2.Status.StatusCode, span.status.code, "STATUS_CODE_"),
                    "status_message": span.status.message,
                    "start": span.start_time_unix_nano,
                    "end": span.end_time_unix_nano,
                    "attributes": attributes(span.attributes),
                    "events": [{"name": e.name, "attributes": attributes(e.attributes)} for e in span.events],
                    "resource": resource,
                    "scope": scope_spans.scope.name,
                }


class Receiver(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, port, spans_path):
        super().__init__(("127.0.0.1", port), Handler)
        self.spans_path = spans_path
        self.lock = threading.Lock()
        self.exports = 0
        self.spans = 0


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # quiet: the spans file is the record
        pass

    def answer(self, status, body=b"", content_type="text/plain"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        self.close_connection = True
        self.answer(405 if self.path.split("?")[0] == "/v1/traces" else 404, b"POST /v1/traces only\n")

    do_PUT = do_DELETE = do_PATCH = do_HEAD = do_GET

    def do_POST(self):
        if self.path.split("?")[0] != "/v1/traces":
            self.close_connection = True
            return self.answer(404, b"POST /v1/traces only\n")
        length = self.headers.get("Content-Length")
        if length is None or not length.isdigit():
            self.close_connection = True
            return self.answer(411, b"Content-Length required\n")
        length = int(length)
        if length > BODY_LIMIT:
            self.close_connection = True  # the body is left unread
            return self.answer(413, b"body over 16 MiB\n")
        body = self.rfile.read(length)
        content_type = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if content_type != PROTOBUF:
            return self.answer(415, f"Content-Type {PROTOBUF} only\n".encode())
        encoding = (self.headers.get("Content-Encoding") or "identity").strip().lower()
        if encoding == "gzip":
            try:
                with gzip.GzipFile(fileobj=io.BytesIO(body)) as unzipped:
                    body = unzipped.read(BODY_LIMIT + 1)
            except (OSError, EOFError) as error:
                return self.answer(400, f"bad gzip body: {error}\n".encode())
            if len(body) > BODY_LIMIT:
                return self.answer(413, b"gunzipped body over 16 MiB\n")
        elif encoding != "identity":
            return self.answer(415, b"Content-Encoding gzip or none only\n")
        request = trace_service_pb2.ExportTraceServiceRequest()
        try:
            request.ParseFromString(body)
        except Exception as error:  # protobuf's DecodeError (its module differs between implementations)
            return self.answer(400, f"not an ExportTraceServiceRequest: {error}\n".encode())
        records = list(span_records(request))
        with self.server.lock:
            with open(self.server.spans_path, "a") as f:
                for record in records:
                    f.write(json.dumps(record, sort_keys=True) + "\n")
            self.server.exports += 1
            self.server.spans += len(records)
        self.answer(200, trace_service_pb2.ExportTraceServiceResponse().SerializeToString(), PROTOBUF)


def serve(spans_path, port):
    receiver = Receiver(port, spans_path)
    open(spans_path, "a").close()
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=receiver.shutdown).start())
    print(json.dumps({"event": "listening", "port": receiver.server_address[1]}, separators=(",", ":")), flush=True)
    try:
        receiver.serve_forever()
    except KeyboardInterrupt:
        pass
    receiver.server_close()
    print(json.dumps({"event": "stopped", "exports": receiver.exports, "spans": receiver.spans}), file=sys.stderr, flush=True)


def handcrafted_request():
    """Two spans of one trace (a SERVER span and its INTERNAL child), every AnyValue type once."""
    value = common_pb2.AnyValue
    kv = common_pb2.KeyValue
    request = trace_service_pb2.ExportTraceServiceRequest()
    resource_spans = request.resource_spans.add()
    resource_spans.resource.CopyFrom(resource_pb2.Resource(attributes=[kv(key="service.name", value=value(string_value="identity-server"))]))
    scope_spans = resource_spans.scope_spans.add()
    scope_spans.scope.name = "self-test"
    trace_id = bytes.fromhex("0af7651916cd43dd8448eb211c80319c")
    server = scope_spans.spans.add(
        trace_id=trace_id, span_id=bytes.fromhex("b7ad6b7169203331"), parent_span_id=bytes.fromhex("00f067aa0ba902b7"),
        name="POST /v1/apps/{app}/providers/{provider}/credentials", kind=trace_pb2.Span.SPAN_KIND_SERVER,
        start_time_unix_nano=1, end_time_unix_nano=2)
    server.attributes.extend([
        kv(key="http.route", value=value(string_value="/v1/apps/{app}/providers/{provider}/credentials")),
        kv(key="http.response.status_code", value=value(int_value=503)),
        kv(key="flag", value=value(bool_value=True)),
        kv(key="ratio", value=value(double_value=0.5)),
        kv(key="list", value=value(array_value=common_pb2.ArrayValue(values=[value(string_value="a"), value(int_value=1)]))),
        kv(key="map", value=value(kvlist_value=common_pb2.KeyValueList(values=[kv(key="k", value=value(string_value="v"))]))),
        kv(key="raw", value=value(bytes_value=b"\x01\xff")),
    ])
    server.status.code = trace_pb2.Status.STATUS_CODE_ERROR
    event = server.events.add(name="exception")
    event.attributes.append(kv(key="exception.type", value=value(string_value="IdentityError")))
    scope_spans.spans.add(
        trace_id=trace_id, span_id=bytes.fromhex("1111111111111111"), parent_span_id=bytes.fromhex("b7ad6b7169203331"),
        name="identitybridge.credential.issue", kind=trace_pb2.Span.SPAN_KIND_INTERNAL)
    return request


def self_test():
    folder = tempfile.mkdtemp(prefix="otlp-receiver-")
    spans_path = os.path.join(folder, "spans.jsonl")
    receiver = Receiver(0, spans_path)
    thread = threading.Thread(target=receiver.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{receiver.server_address[1]}"

    def post(path, body, headers):
        request = urllib.request.Request(url + path, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, answer.read(), answer.headers.get("Content-Type")
        except urllib.error.HTTPError as error:
            return error.code, error.read(), error.headers.get("Content-Type")

    try:
        body = handcrafted_request().SerializeToString()
        status, answer, content_type = post("/v1/traces", body, {"Content-Type": PROTOBUF})
        assert status == 200 and content_type == PROTOBUF, (status, answer)
        trace_service_pb2.ExportTraceServiceResponse().ParseFromString(answer)
        status, _, _ = post("/v1/traces", gzip.compress(body), {"Content-Type": PROTOBUF, "Content-Encoding": "gzip"})
        assert status == 200, status
        records = [json.loads(line) for line in open(spans_path)]
        assert len(records) == 4, records
        assert records[:2] == records[2:], "the gzip copy differs from the plain one"
        server, child = records[0], records[1]
        assert server["trace_id"] == "0af7651916cd43dd8448eb211c80319c", server
        assert server["parent_span_id"] == "00f067aa0ba902b7" and server["kind"] == "SERVER", server
        assert server["status"] == "ERROR", server
        assert server["attributes"] == {
            "http.route": "/v1/apps/{app}/providers/{provider}/credentials", "http.response.status_code": 503,
            "flag": True, "ratio": 0.5, "list": ["a", 1], "map": {"k": "v"}, "raw": "01ff"}, server["attributes"]
        assert server["events"] == [{"name": "exception", "attributes": {"exception.type": "IdentityError"}}], server
        assert server["resource"] == {"service.name": "identity-server"} and server["scope"] == "self-test", server
        assert child["parent_span_id"] == server["span_id"] and child["kind"] == "INTERNAL", child
        assert post("/v1/traces", b"\xff\xff\xff", {"Content-Type": PROTOBUF})[0] == 400
        assert post("/v1/traces", b"{}", {"Content-Type": "application/json"})[0] == 415
        assert post("/v1/traces", b"not gzip", {"Content-Type": PROTOBUF, "Content-Encoding": "gzip"})[0] == 400
        assert post("/v1/metrics", body, {"Content-Type": PROTOBUF})[0] == 404
        status, _, _ = post("/v1/traces", gzip.compress(b"\0" * (BODY_LIMIT + 1)), {"Content-Type": PROTOBUF, "Content-Encoding": "gzip"})
        assert status == 413, status
        try:  # the server answers 413 before reading the body, and may close while the client still sends it
            status = post("/v1/traces", b"\0" * (BODY_LIMIT + 1), {"Content-Type": PROTOBUF})[0]
        except (ConnectionError, urllib.error.URLError):
            status = 413
        assert status == 413, status
        assert len(open(spans_path).readlines()) == 4, "a refused request wrote spans"
    finally:
        receiver.shutdown()
        receiver.server_close()
        os.remove(spans_path)
        os.rmdir(folder)
    print("otlp_receiver: self-test ok (protobuf and gzip bodies parsed, every AnyValue type, 400/404/413/415 refusals)")


def main():
    args = sys.argv[1:]
    if args == ["--self-test"]:
        return self_test()
    port = 0
    if "--port" in args:
        index = args.index("--port")
        port = int(args[index + 1])
        del args[index:index + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    serve(args[0], port)


if __name__ == "__main__":
    main()
