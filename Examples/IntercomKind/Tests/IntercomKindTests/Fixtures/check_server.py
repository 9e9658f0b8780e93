"""Checks intercom-server's `intercom` credentials independently of Swift: the user_hash with Python's hmac,
the JWT with PyJWT, and the uniform errors for a missing user_id and a wrong secret.

Usage: check_server.py PORT API_KEY WEB_SECRET IOS_SECRET. Prints one line per check; exits 1 on the first failure.
"""
import hashlib
import hmac
import json
import sys
import urllib.error
import urllib.request

import jwt

port, api_key, web_secret, ios_secret = sys.argv[1], sys.argv[2], sys.argv[3].encode(), sys.argv[4].encode()
base = f"http://127.0.0.1:{port}/v1/apps/demo/providers"


def post(path, body):
    request = urllib.request.Request(
        f"{base}/{path}", data=json.dumps(body).encode(), method="POST",
        headers={"Authorization": f"Bearer {api_key}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def check(name, condition, detail):
    if not condition:
        print(f"FAIL {name}: {detail}")
        sys.exit(1)
    print(f"ok {name}")


# user_hash mode: HMAC-SHA256 of the user_id, lowercase hex, with the web secret.
status, answer = post("intercom/credentials", {"user_id": "u-1", "email": "ann@example.com"})
credential = answer.get("credential", {})
expected = hmac.new(web_secret, b"u-1", hashlib.sha256).hexdigest()
check("user_hash of user_id", status == 200 and answer.get("kind") == "intercom" and credential.get("user_hash") == expected, answer)
check("user_hash fields", credential.get("user_id") == "u-1" and credential.get("email") == "ann@example.com", credential)

# ... of the email when there is no user_id.
status, answer = post("intercom/credentials", {"email": "bob@example.com"})
expected = hmac.new(web_secret, b"bob@example.com", hashlib.sha256).hexdigest()
check("user_hash of email", status == 200 and answer["credential"].get("user_hash") == expected, answer)

# jwt mode: HS256 with the iOS secret (platform: ios), user_id, email, exp = iat + 10m.
status, answer = post("intercom-jwt/credentials", {"user_id": "u-1", "email": "ann@example.com"})
token = answer.get("credential", {}).get("jwt", "")
claims = jwt.decode(token, ios_secret, algorithms=["HS256"], options={"require": ["exp", "user_id"]})
check("jwt claims", claims["user_id"] == "u-1" and claims["email"] == "ann@example.com" and claims["exp"] - claims["iat"] == 600, claims)
check("jwt header", jwt.get_unverified_header(token).get("alg") == "HS256", token)

# A JWT made by PyJWT with the iOS secret verifies; the key id names the platform.
foreign = jwt.encode({"user_id": "u-2", "exp": claims["exp"]}, ios_secret, algorithm="HS256")
status, answer = post("intercom-jwt/verify", {"token": foreign})
check("PyJWT token verifies", status == 200 and answer.get("valid") is True and answer.get("key_id") == "ios", answer)

# A missing user_id: jwt mode requires one.
status, answer = post("intercom-jwt/credentials", {"email": "ann@example.com"})
error = answer.get("error", {})
check("missing user_id", status == 422 and error.get("code") == "missing_identifier" and error.get("field") == "userId", answer)

# A wrong secret: a user_hash and a JWT made with another secret.
wrong = b"not-the-intercom-secret-0123456789abcdef"
status, answer = post("intercom/verify", {"token": hmac.new(wrong, b"u-1", hashlib.sha256).hexdigest(), "user_id": "u-1"})
error = answer.get("error", {})
check("user_hash with a wrong secret", answer.get("valid") is False and error.get("code") == "token_invalid"
      and error.get("vendor_code") == "user_hash_mismatch", answer)
status, answer = post("intercom-jwt/verify", {"token": jwt.encode({"user_id": "u-1", "exp": claims["exp"]}, wrong, algorithm="HS256")})
error = answer.get("error", {})
check("jwt with a wrong secret", answer.get("valid") is False and error.get("code") == "token_invalid"
      and error.get("vendor_code") == "jwt_signature_invalid", answer)

# The standard kinds are still served next to it.
status, answer = post("zendesk-chat/credentials", {"user_id": "u-1", "email": "ann@example.com", "name": "Ann"})
check("zendesk-chat served", status == 200 and answer.get("kind") == "zendesk-chat", answer)
print("all checks passed")
