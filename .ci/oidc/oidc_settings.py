"""Django settings of the loopback OpenID Connect provider that .ci/oidc/provider.py runs (django-oidc-provider).

Test-only: a fixed SECRET_KEY, a fast password hasher and loopback hosts. provider.py sets the two variables read
here before it starts Django:
  IDENTITYBRIDGE_OIDC_DIR   the state directory (the sqlite database lives there), required;
  IDENTITYBRIDGE_OIDC_PORT  the port `serve` listens on; it fixes SITE_URL, so the issuer is
                            http://127.0.0.1:PORT/openid whatever Host header a client sends.
"""
import os

from django.core.exceptions import ImproperlyConfigured

try:
    STATE_DIR = os.environ["IDENTITYBRIDGE_OIDC_DIR"]
except KeyError:
    raise ImproperlyConfigured("IDENTITYBRIDGE_OIDC_DIR is not set: run this provider through .ci/oidc/provider.py")

SECRET_KEY = "identitybridge-ci-oidc-provider-loopback-only"
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
USE_TZ = True
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "oidc_provider",
]
# The endpoints used here (discovery, JWKS, token with the password grant) need no session or CSRF middleware.
MIDDLEWARE = []
ROOT_URLCONF = "oidc_urls"

DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": os.path.join(STATE_DIR, "db.sqlite3"),
        # The threaded server writes a Token row per token request while `rotate`/`retire` write from another
        # process. WAL: readers (JWKS, signing-key look-ups) never wait for a writer; a writer waits for the
        # lock instead of failing, and takes it when its transaction begins (a read that turns into a write
        # inside a deferred transaction fails at once in WAL mode).
        "OPTIONS": {
            "init_command": "PRAGMA journal_mode=WAL;",
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
        },
    }
}

# One known user whose password is in this repository: PBKDF2's cost buys nothing and slows every token request.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# With DEBUG off Django logs a view's exception to no console; send it (and the request lines) to stderr.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"stderr": {"class": "logging.StreamHandler"}},
    "loggers": {"django": {"handlers": ["stderr"], "level": "INFO"}},
}

_port = os.environ.get("IDENTITYBRIDGE_OIDC_PORT")
SITE_URL = f"http://127.0.0.1:{_port}" if _port else None

OIDC_GRANT_TYPE_PASSWORD_ENABLE = True
OIDC_IDTOKEN_EXPIRE = 3600  # seconds; the CI test needs at least 600
OIDC_IDTOKEN_INCLUDE_CLAIMS = True  # the scopes' standard claims (email, name, ...) go into the ID token
OIDC_USERINFO = "oidc_settings.userinfo"


def userinfo(claims, user):
    """The OIDC_USERINFO hook. django-oidc-provider's profile scope takes `name` only from here (given_name,
    family_name and email fall back to the user's fields, `name` and `email_verified` do not); the fixture's
    addresses are its own, so they count as verified."""
    claims["name"] = user.get_full_name()
    claims["email"] = user.email
    claims["email_verified"] = True
    return claims
