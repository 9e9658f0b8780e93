#!/usr/bin/env python3
"""A real OpenID Connect provider (django-oidc-provider) on loopback for CI, issuing RS256 ID tokens, with its
signing keys rotated from the command line. All state lives in one directory DIR: the sqlite database
(DIR/db.sqlite3) and the client secret (DIR/client_secret). Settings: oidc_settings.py beside this file.

  provider.py setup DIR         database, user alice, confidential client identitybridge-app, the first RSA key
  provider.py serve DIR PORT    serve http://127.0.0.1:PORT/openid in the foreground (threaded; exits on SIGTERM)
  provider.py token DIR PORT    an ID token for alice from the running provider (password grant), on stdout
  provider.py rotate DIR        a new RSA key that signs from now on; prints its kid (the old keys stay in the JWKS)
  provider.py retire DIR KID    remove the key KID (the JWKS stops listing it)
  provider.py kids DIR          the kids, one a line, the signing key's first

django-oidc-provider 0.9.0 signs with the first RSAKey row in the model's ordering (`ordering = ["id"]`:
oidc_provider/models.py; keys[0] in encode_id_token, oidc_provider/lib/utils/token.py), reading the rows per
request, so a running server follows `rotate` and `retire` at its next request. A key's kid is the md5 hex digest
of its PEM text (RSAKey.kid), the same in the JWT header and the JWKS.
"""
import argparse
import http.client
import json
import os
import secrets
import signal
import sys
from urllib.parse import urlencode

HERE = os.path.dirname(os.path.abspath(__file__))
DATABASE_FILE = "db.sqlite3"
SECRET_FILE = "client_secret"

CLIENT_ID = "identitybridge-app"
SCOPE = "openid email profile"
USER = {
    "username": "alice",
    "password": "alice-password",
    "email": "alice@example.com",
    "first_name": "Alice",
    "last_name": "Liddell",
}


def fail(message):
    print(f"provider.py: {message}", file=sys.stderr)
    sys.exit(1)


def set_up_state_dir(path):
    """DIR as an absolute path, after checking that `setup` made it."""
    state_dir = os.path.abspath(path)
    if not os.path.isfile(os.path.join(state_dir, DATABASE_FILE)):
        fail(f"{state_dir} holds no provider: run `provider.py setup {path}` first")
    return state_dir


def start_django(state_dir, port=None):
    """Configure Django with oidc_settings.py for this DIR (and, for `serve`, this port) and load the apps."""
    os.environ["IDENTITYBRIDGE_OIDC_DIR"] = state_dir
    if port is not None:
        os.environ["IDENTITYBRIDGE_OIDC_PORT"] = str(port)
    os.environ["DJANGO_SETTINGS_MODULE"] = "oidc_settings"
    if HERE not in sys.path:
        sys.path.insert(0, HERE)
    sys.dont_write_bytecode = True  # no __pycache__ for oidc_settings.py and oidc_urls.py in the clone
    import django

    django.setup()


def new_rsa_key_pem():
    """A 2048-bit RSA private key as unencrypted PKCS#8 PEM: what django-oidc-provider's creatersakey makes."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return key.private_bytes(
        encoding=serialization.Encoding.PEM,
        format=serialization.PrivateFormat.PKCS8,
        encryption_algorithm=serialization.NoEncryption(),
    ).decode("ascii")


def setup(args):
    state_dir = os.path.abspath(args.dir)
    if os.path.exists(os.path.join(state_dir, DATABASE_FILE)):
        fail(f"{state_dir} already holds a provider; give setup a new directory")
    os.makedirs(state_dir, exist_ok=True)
    start_django(state_dir)
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from oidc_provider.models import Client, RSAKey

    call_command("migrate", verbosity=0)
    get_user_model().objects.create_user(**USER)
    client_secret = secrets.token_urlsafe(32)
    # The password grant checks the client's secret and its scopes only (oidc_provider/lib/endpoints/token.py):
    # no response type or redirect URI is needed.
    Client.objects.create(
        name="IdentityBridge CI",
        client_type="confidential",
        client_id=CLIENT_ID,
        client_secret=client_secret,
        jwt_alg="RS256",
        scope=SCOPE.split(),
    )
    with open(os.open(os.path.join(state_dir, SECRET_FILE), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as f:
        f.write(client_secret)
    key = RSAKey.objects.create(key=new_rsa_key_pem())
    print(f"set up {state_dir}: user {USER['username']}, client {CLIENT_ID}, signing key {key.kid}")


def serve(args):
    state_dir = set_up_state_dir(args.dir)
    start_django(state_dir, args.port)
    from django.core.servers.basehttp import run
    from django.core.wsgi import get_wsgi_application

    # SystemExit unwinds serve_forever; the request threads are daemon threads and end with the process.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(0))

    def on_bind(port):
        print(f"provider.py: serving issuer http://127.0.0.1:{port}/openid", file=sys.stderr, flush=True)

    try:
        run("127.0.0.1", args.port, get_wsgi_application(), threading=True, on_bind=on_bind)
    except OSError as error:
        fail(f"cannot serve on 127.0.0.1:{args.port}: {error}")


def token(args):
    state_dir = set_up_state_dir(args.dir)
    with open(os.path.join(state_dir, SECRET_FILE)) as f:
        client_secret = f.read()
    form = urlencode(
        {
            "grant_type": "password",
            "client_id": CLIENT_ID,
            "client_secret": client_secret,
            "username": USER["username"],
            "password": USER["password"],
            "scope": SCOPE,
        }
    )
    # http.client rather than urllib: no proxy from the environment between this and a loopback server.
    connection = http.client.HTTPConnection("127.0.0.1", args.port, timeout=30)
    try:
        connection.request(
            "POST", "/openid/token", body=form, headers={"Content-Type": "application/x-www-form-urlencoded"}
        )
        response = connection.getresponse()
        body = response.read()
    except OSError as error:
        fail(f"cannot reach the token endpoint at http://127.0.0.1:{args.port}/openid/token: {error}")
    finally:
        connection.close()
    if response.status != 200:
        fail(f"the token endpoint answered {response.status}: {body[:500].decode('utf-8', 'replace')}")
    print(json.loads(body)["id_token"])


def rotate(args):
    state_dir = set_up_state_dir(args.dir)
    start_django(state_dir)
    from django.db import transaction
    from django.db.models import Min
    from oidc_provider.models import RSAKey

    pem = new_rsa_key_pem()  # outside the transaction: generating takes longer than the write
    # The signing key is the row with the lowest id, so the new row takes the id below the lowest (0, -1, ...
    # on later rotations; sqlite takes any integer): one INSERT, and the other rows keep their ids and order.
    with transaction.atomic():
        lowest = RSAKey.objects.aggregate(lowest=Min("id"))["lowest"]
        key = RSAKey.objects.create(id=None if lowest is None else lowest - 1, key=pem)
    print(key.kid)


def retire(args):
    state_dir = set_up_state_dir(args.dir)
    start_django(state_dir)
    from django.db import transaction
    from oidc_provider.models import RSAKey

    with transaction.atomic():
        keys = list(RSAKey.objects.all())
        matching = [key for key in keys if key.kid == args.kid]
        if not matching:
            fail(f"no key has kid {args.kid}; the kids are: {' '.join(key.kid for key in keys)}")
        if len(keys) == 1:
            fail(f"{args.kid} is the only key: without it the provider could sign no ID token")
        matching[0].delete()


def kids(args):
    state_dir = set_up_state_dir(args.dir)
    start_django(state_dir)
    from oidc_provider.models import RSAKey

    for key in RSAKey.objects.all():
        print(key.kid)


def port_number(text):
    port = int(text)
    if not 0 < port < 65536:
        raise argparse.ArgumentTypeError(f"{text} is not a TCP port")
    return port


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name, function, help_text in [
        ("setup", setup, "create DIR: database, user, client and the first RSA key"),
        ("serve", serve, "serve the provider on 127.0.0.1:PORT in the foreground"),
        ("token", token, "print an ID token from the provider running on PORT"),
        ("rotate", rotate, "add a key that signs from now on; print its kid"),
        ("retire", retire, "remove the key with this kid"),
        ("kids", kids, "print the kids, the signing key's first"),
    ]:
        command = commands.add_parser(name, help=help_text)
        command.set_defaults(function=function)
        command.add_argument("dir", metavar="DIR")
        if name in ("serve", "token"):
            command.add_argument("port", metavar="PORT", type=port_number)
        if name == "retire":
            command.add_argument("kid", metavar="KID")
    args = parser.parse_args()
    args.function(args)


if __name__ == "__main__":
    main()
