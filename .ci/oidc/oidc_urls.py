"""URLs of the loopback OpenID Connect provider (.ci/oidc/oidc_settings.py's ROOT_URLCONF): django-oidc-provider
under /openid/, so the issuer is SITE_URL + "/openid" and discovery is at /openid/.well-known/openid-configuration."""
from django.urls import include, path

urlpatterns = [path("openid/", include("oidc_provider.urls", namespace="oidc_provider"))]
