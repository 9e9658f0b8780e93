// The independent implementation the interop tests check IdentityBridge against: a stdlib-only
// Python 3 script (hmac, hashlib, base64, json). It is embedded here rather than shipped as a .py
// file so the test target needs no `exclude:` / `resources:` in Package.swift; `PythonInterop`
// writes it to a temporary file at test time.
//
// Protocol: a JSON list of jobs on stdin, a JSON list of results (one per job, same order) on
// stdout. Jobs: `decode_verify` (split, strict base64url + JSON decode, HMAC-SHA256 check),
// `sign` (header and payload as JSON values, or as raw JSON text written byte for byte),
// `hmac` (hex | base64 | base64_unpadded), `tamper` (flip_signature_byte, change_claim, alg_none,
// alg_hs512, resign, set_header). `secret` keys with the secret's UTF-8 bytes, or with
// HKDF-SHA256(secret, info) when `info` is given (the Zendesk Support user-token key).
let pythonInteropScript = #"""
    # Independent HS256 JWT / HMAC implementation for IdentityBridge's interop tests (stdlib only).
    # Reads a JSON list of jobs on stdin, writes a JSON list of results on stdout.
    import base64, hashlib, hmac, json, sys

    URL_ALPHABET = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    def b64url(data):
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")

    def unb64url(text):
        if not set(text) <= URL_ALPHABET or len(text) % 4 == 1:
            raise ValueError("not unpadded base64url: %r" % text[:40])
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))

    def strict_object(raw):
        def pairs(items):
            keys = [k for k, _ in items]
            if len(keys) != len(set(keys)):
                raise ValueError("duplicate key")
            return dict(items)
        value = json.loads(raw.decode("utf-8"), object_pairs_hook=pairs)
        if not isinstance(value, dict):
            raise ValueError("not an object")
        return value

    def key_of(job):
        """The HMAC key: the secret's UTF-8 bytes, or HKDF-SHA256(secret, info) when "info" is given."""
        secret = job["secret"].encode("utf-8")
        return hkdf_sha256(secret, job["info"].encode("utf-8"), 32) if "info" in job else secret

    def mac(key, signing_input, digest=hashlib.sha256):
        return hmac.new(key, signing_input.encode("ascii"), digest).digest()

    def encode_part(value, ensure_ascii):
        if isinstance(value, str):  # raw JSON text, written exactly as given
            return b64url(value.encode("utf-8"))
        return b64url(json.dumps(value, separators=(",", ":"), ensure_ascii=ensure_ascii).encode("utf-8"))

    def sign(header, payload, key, ensure_ascii=True, digest=hashlib.sha256):
        signing_input = encode_part(header, ensure_ascii) + "." + encode_part(payload, ensure_ascii)
        return signing_input + "." + b64url(mac(key, signing_input, digest))

    def decode_verify(job):
        token = job["token"]
        parts = token.split(".")
        if len(parts) != 3:
            return {"error": "expected 3 parts, got %d" % len(parts)}
        header = strict_object(unb64url(parts[0]))
        payload = strict_object(unb64url(parts[1]))
        signature = unb64url(parts[2])
        expected = mac(key_of(job), parts[0] + "." + parts[1])
        return {"header": header, "payload": payload,
                "signature_valid": hmac.compare_digest(signature, expected),
                "signature_length": len(signature)}

    def hmac_digest(job):
        raw = hmac.new(job["secret"].encode("utf-8"), job["message"].encode("utf-8"), hashlib.sha256).digest()
        encoding = job["encoding"]
        if encoding == "hex":
            return {"digest": raw.hex()}
        if encoding == "base64":
            return {"digest": base64.b64encode(raw).decode("ascii")}
        if encoding == "base64_unpadded":
            return {"digest": base64.b64encode(raw).decode("ascii").rstrip("=")}
        raise ValueError("unknown encoding " + encoding)

    def hkdf_sha256(ikm, info, length):
        prk = hmac.new(b"\x00" * 32, ikm, hashlib.sha256).digest()
        out, block, counter = b"", b"", 1
        while len(out) < length:
            block = hmac.new(prk, block + info + bytes([counter]), hashlib.sha256).digest()
            out += block
            counter += 1
        return out[:length]

    def tamper(job):
        token, mode = job["token"], job["mode"]
        h, p, s = token.split(".")
        if mode == "flip_signature_byte":
            raw = bytearray(unb64url(s))
            raw[len(raw) // 2] ^= 0x01
            return {"token": h + "." + p + "." + b64url(bytes(raw))}
        if mode == "change_claim":
            payload = strict_object(unb64url(p))
            payload[job["claim"]] = job["value"]
            return {"token": h + "." + encode_part(payload, True) + "." + s}
        if mode == "alg_none":
            header = strict_object(unb64url(h))
            header["alg"] = "none"
            return {"token": encode_part(header, True) + "." + p + "."}
        if mode == "alg_hs512":
            header = strict_object(unb64url(h))
            header["alg"] = "HS512"
            return {"token": sign(header, strict_object(unb64url(p)), key_of(job), digest=hashlib.sha512)}
        if mode == "resign":  # same header and payload, another secret
            return {"token": sign(strict_object(unb64url(h)), strict_object(unb64url(p)), key_of(job))}
        if mode == "set_header":
            header = strict_object(unb64url(h))
            header.update(job["header"])
            return {"token": sign(header, strict_object(unb64url(p)), key_of(job))}
        raise ValueError("unknown mode " + mode)

    def run(job):
        op = job["op"]
        if op == "decode_verify":
            return decode_verify(job)
        if op == "sign":
            return {"token": sign(job["header"], job["payload"], key_of(job), job.get("ensure_ascii", True))}
        if op == "hmac":
            return hmac_digest(job)
        if op == "tamper":
            return tamper(job)
        raise ValueError("unknown op " + op)

    results = []
    for job in json.load(sys.stdin):
        try:
            results.append(run(job))
        except Exception as error:  # reported per job, so one bad job names itself
            results.append({"error": "%s: %s" % (type(error).__name__, error)})
    json.dump(results, sys.stdout, ensure_ascii=True)
    """#
