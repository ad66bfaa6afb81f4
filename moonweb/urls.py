"""Top-level URLs: the games pages (home included) and API, accounts, health, the dev mailbox."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from accounts.views import set_language
from moonweb import devmail
from moonweb.health import healthz

urlpatterns = [
    path("", include("games.urls")),
    path("", include("games.mail.urls")),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("allauth.urls")),
    path("i18n/setlang/", set_language, name="set_language"),
    path("healthz", healthz, name="healthz"),
    path("api/", include("games.api.urls")),
    # Always routed, so tests can switch DEBUG on; the views answer 404 when it is off.
    path("dev/mail/", devmail.mail_list, name="devmail_list"),
    path("dev/mail/<str:name>/", devmail.mail_detail, name="devmail_detail"),
    path("dev/mail/<str:name>/html/", devmail.mail_html, name="devmail_html"),
]
