"""Moonweb settings: every deployment choice comes from the environment (see README.md).

Production is the default: with DEBUG unset the process refuses to start without a strong SECRET_KEY
and ALLOWED_HOSTS, and turns on HTTPS-only cookies, HSTS and the SSL redirect. ``make run`` sets
DEBUG=1 itself; the other defaults are for it: SQLite, a filesystem Celery broker and a file cache
under var/, emails written to var/mail/. Bad values fail loudly at start-up rather than at first use.
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from moonweb.startup import SECRET_KEY_MIN_LENGTH, SECRET_KEY_MIN_UNIQUE, secret_key_weakness

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("MOONWEB_VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    if raw.lower() in {"1", "true", "yes", "on"}:
        return True
    if raw.lower() in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false), not {raw!r}")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name, "")
    if raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, not {raw!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


# Production is the default: development values are set by `make run` (DEBUG=1), never assumed.
DEBUG = env_bool("DEBUG", False)
# Only ever used when DEBUG is on; a process with DEBUG off refuses it like any weak key.
DEV_SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"  # noqa: S105
SECRET_KEY = os.environ.get("SECRET_KEY", "") or (DEV_SECRET_KEY if DEBUG else "")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"] if DEBUG else [])
if not DEBUG:
    # Anyone who knows the key can forge sessions, one-click links and email confirmations.
    _weakness = secret_key_weakness(SECRET_KEY, dev_key=DEV_SECRET_KEY)
    if _weakness:
        raise ImproperlyConfigured(
            f"SECRET_KEY {_weakness}. With DEBUG off Moonweb needs a strong secret key: at least "
            f"{SECRET_KEY_MIN_LENGTH} characters, {SECRET_KEY_MIN_UNIQUE} of them different, e.g. "
            "python -c 'import secrets; print(secrets.token_urlsafe(50))'. "
            "For development set DEBUG=1 (make run does)."
        )
    if not ALLOWED_HOSTS:
        raise ImproperlyConfigured(
            "ALLOWED_HOSTS must be set when DEBUG is off: the comma-separated host names the site "
            "answers to (e.g. ALLOWED_HOSTS=moonweb.example). For development set DEBUG=1."
        )
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")


def game_presentation_apps() -> list[str]:
    """Each game's Django side (games/boards/<game>/, an app with apps.py): found, never listed."""
    boards = BASE_DIR / "games" / "boards"
    found = (p.name for p in boards.iterdir() if (p / "apps.py").is_file() and not p.name.startswith("_"))
    return [f"games.boards.{name}" for name in sorted(found)]


INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sites",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    # Swagger UI's and Redoc's files, served from our static files (no CDN): /api/docs/swagger/, /redoc/.
    "drf_spectacular_sidecar",
    "allauth",
    "allauth.account",
    "csp",
    "moonweb",
    "accounts",
    "games",
    *game_presentation_apps(),
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A signed-in player's saved language beats the browser's (LocaleMiddleware's) choice.
    "accounts.middleware.UserLanguageMiddleware",
    "accounts.middleware.UserTimeZoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "moonweb.urls"
WSGI_APPLICATION = "moonweb.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
            # {% colon %} everywhere: French wants a no-break space before it.
            "builtins": ["moonweb.typography"],
        },
    },
]

# Connections are kept and reused (a new PostgreSQL connection costs about 15 ms: a page or a
# move would pay it every time), checked before each request reuses them so that one the server
# closed is replaced instead of failing the request. One connection per web process (per thread),
# per worker process: PostgreSQL's max_connections must cover them all. DATABASE_CONN_MAX_AGE=0
# opens one per request again (README: "Production settings").
DATABASE_CONN_MAX_AGE_DEFAULT = 600
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{VAR_DIR / 'moonweb.sqlite3'}"),
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", DATABASE_CONN_MAX_AGE_DEFAULT),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's backend, checking a kept connection before a request without a round trip
    # (moonweb/postgresql/base.py).
    DATABASES["default"]["ENGINE"] = "moonweb.postgresql"
# PostgreSQL plans a statement each time it is sent as text: for the command path's few short
# statements, parsing and planning cost more than running them. With server-side binding,
# psycopg prepares a statement once a connection has sent it DATABASE_PREPARE_THRESHOLD times
# (and keeps at most 100 per connection), and PostgreSQL then reuses its plan: a move took
# 3.3-3.5 ms instead of 4.2 ms (in process, blocks interleaved). Behind a pooler in transaction
# mode older than PgBouncer 1.21, which cannot follow prepared statements, set
# DATABASE_PREPARED_STATEMENTS=0.
if DATABASES["default"]["ENGINE"].endswith("postgresql") and env_bool("DATABASE_PREPARED_STATEMENTS", True):
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        server_side_binding=True, prepare_threshold=env_int("DATABASE_PREPARE_THRESHOLD", 5)
    )
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A fresh checkout has no var/ yet, and SQLite will not create the folder of its file.
    Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    # Several processes (web, worker, beat) share the file: wait for locks instead of failing.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"
SITE_ID = 1

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]

# django-allauth: sign up and log in by email, which must be verified before playing.
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_LOGOUT_ON_GET = False
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_USER_MODEL_USERNAME_FIELD = "username"
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https" if not DEBUG else "http"
# The username is generated (players see display_name); the adapter keeps the email out of it.
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_SIGNUP_FORM_CLASS = "accounts.forms.SignupExtraForm"
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Moonweb] "
# Confirming the address (in the browser that signed up) logs the new player in, greeted by name.
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_USER_DISPLAY = "accounts.models.public_name_of"
LOGIN_REDIRECT_URL = "/"
LOGIN_URL = "/accounts/login/"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "static"
STATICFILES_DIRS = [BASE_DIR / "static"] if (BASE_DIR / "static").exists() else []
if DEBUG:
    # runserver serves static files from the apps' folders; STATIC_ROOT exists only after collectstatic.
    warnings.filterwarnings("ignore", message="No directory at", module="whitenoise.base")
else:
    # Hashed, compressed names served by WhiteNoise; needs ``manage.py collectstatic`` at deploy time.
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }

# The shared cache holds every rate limit (DRF throttles, allauth's, invitations) and the sessions:
# it must be seen by all processes, so never per-process memory. Redis when CACHE_URL names one
# (production with more than one machine needs it; `check --deploy` warns without it), else files
# under var/cache, which the web, worker and beat processes of one machine share.
CACHE_URL = os.environ.get("CACHE_URL", "")
CACHES: dict[str, dict[str, Any]]
if CACHE_URL.startswith(("redis://", "rediss://")):
    # Django's Redis backend, keeping its client between calls (moonweb/redis_cache.py says why).
    CACHES = {"default": {"BACKEND": "moonweb.redis_cache.KeptClientRedisCache", "LOCATION": CACHE_URL}}
elif CACHE_URL:
    raise ImproperlyConfigured(f"CACHE_URL must be a redis:// URL or empty, not {CACHE_URL!r}")
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(Path(os.environ.get("CACHE_DIR", VAR_DIR / "cache"))),
            # Culling drops entries at random: a limit must not be forgotten that way.
            "OPTIONS": {"MAX_ENTRIES": 100_000},
        }
    }

# Email: the file backend under var/mail/ unless an SMTP host is configured.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST else "moonweb.mailbox.MailboxBackend",
)
MAILBOX_DIR = Path(os.environ.get("MAILBOX_DIR", VAR_DIR / "mail"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Moonweb <play@moonweb.localhost>")
# Replies to turn emails go to reply+<seat token>@REPLY_DOMAIN.
REPLY_DOMAIN = os.environ.get("REPLY_DOMAIN", "moonweb.localhost")
INBOUND_EMAIL_SECRET = os.environ.get("INBOUND_EMAIL_SECRET", "")

# Celery: a broker that needs no server by default (kombu's filesystem transport under var/).
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "filesystem://")
if CELERY_BROKER_URL == "filesystem://":
    _queue = VAR_DIR / "broker"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_queue),
        "data_folder_out": str(_queue),
        "processed_folder": str(VAR_DIR / "broker-processed"),
        # Without it kombu keeps its exchange tables in ./control, wherever the process started.
        "control_folder": str(VAR_DIR / "broker-control"),
        "store_processed": False,
    }
    # Any process may publish (a web process after a move, manage.py commands), not only the ones
    # `make run` starts: the folders must exist before the first task is sent.
    for _folder in ("broker", "broker-processed", "broker-control"):
        (VAR_DIR / _folder).mkdir(parents=True, exist_ok=True)
CELERY_RESULT_BACKEND = None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_TIMEZONE = "UTC"
# Periodic tasks (the deadline sweep) are added here by the apps that own them.
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {}
# Seconds /healthz waits for the broker before calling it unreachable.
HEALTH_BROKER_TIMEOUT = float(os.environ.get("HEALTH_BROKER_TIMEOUT", "3"))

REST_FRAMEWORK: dict[str, Any] = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "games.api.auth.PlayerKey",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Moonweb API",
    "DESCRIPTION": "Play Moonrollers and Moonrakers by script: read views, send commands in notation.",
    "VERSION": "1",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Error.code's enum, named for what it is (not "CodeEnum").
    "ENUM_NAME_OVERRIDES": {"ErrorCode": "games.api.errors.ERROR_CODES"},
    # Every operation may answer 429 (rate limits): declared once, for all of them.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        # After the enum hook, which would take each view's "kind" apart (games.api.engine_schema).
        "games.api.engine_schema.add_engine_shapes",
        "games.api.schema_hooks.add_rate_limit_answers",
        "games.api.schema_hooks.add_other_answers",
        "games.api.schema_hooks.describe_request_defaults",
    ],
}

# Deadlines: share of a move's time after which one reminder goes out; timeouts before a bot plays.
REMINDER_AT = float(os.environ.get("REMINDER_AT", "0.8"))
TIMEOUTS_BEFORE_BOT = env_int("TIMEOUTS_BEFORE_BOT", 2)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    # Django's default config gives "django" a console handler of its own: without this every
    # line of it would be printed twice, once there and once by root.
    "loggers": {"django": {"handlers": [], "propagate": True}},
}

# ---------------------------------------------------------------------------------------------------
# HTTPS and browser protections. On in production (DEBUG off); each can be tuned from the environment.
# ---------------------------------------------------------------------------------------------------
# Behind a proxy that ends TLS, the header it sets to say the request came over HTTPS, e.g.
# SECURE_PROXY_SSL_HEADER=X-Forwarded-Proto. Only when configured: a client could send it itself.
_ssl_header = os.environ.get("SECURE_PROXY_SSL_HEADER", "").strip()
if _ssl_header:
    SECURE_PROXY_SSL_HEADER = ("HTTP_" + _ssl_header.upper().replace("-", "_"), "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
# A load balancer's health check may come over plain HTTP.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
# Sessions are read from the shared cache and written through to the database (which keeps them
# across a cache flush): a page reads its session without a statement (0.9x the page's time).
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = os.environ.get("SECURE_REFERRER_POLICY", "same-origin")
X_FRAME_OPTIONS = "DENY"
# Turning subdomains or preload off is an operator's deliberate choice: `check --deploy` then stays
# quiet about it instead of warning on every deploy.
SILENCED_SYSTEM_CHECKS = [
    *(["security.W005"] if not SECURE_HSTS_INCLUDE_SUBDOMAINS else []),
    *(["security.W021"] if not SECURE_HSTS_PRELOAD else []),
]

# Content-Security-Policy (django-csp), in development too so that a page that needs more shows it
# at once. Scripts and style sheets only from our own static files; the pages' only inline styles
# are `style=` attributes (seat colours, bar widths), allowed by style-src-attr, never <style> or
# inline script. The development mailbox serves e-mails' HTML with a stricter header of its own.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        # No page is ever framed (as X-Frame-Options: DENY says to older browsers).
        "frame-ancestors": ["'none'"],
    }
}

# ---------------------------------------------------------------------------------------------------
# The client's address, and the limits keyed on it.
# ---------------------------------------------------------------------------------------------------
# How many reverse proxies of ours stand in front of the web processes. X-Forwarded-For is read
# only through them (the address the last trusted proxy saw); with 0 it is ignored and REMOTE_ADDR
# is the client. The same number drives DRF, allauth and our own limits (moonweb.client_ip).
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0)
if TRUSTED_PROXY_COUNT < 0:
    raise ImproperlyConfigured("TRUSTED_PROXY_COUNT must be 0 or more")
ALLAUTH_TRUSTED_PROXY_COUNT = TRUSTED_PROXY_COUNT
REST_FRAMEWORK["NUM_PROXIES"] = TRUSTED_PROXY_COUNT
# DRF throttles ("N/second|minute|hour|day"): per client address for visitors, per account for
# players, and a scope per costly action, shared by the API and the web pages (games.limits).
REST_FRAMEWORK["DEFAULT_THROTTLE_CLASSES"] = [
    "games.limits.VisitorRate",
    "games.limits.PlayerRate",
    "games.limits.ActionRate",
]
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = {
    "visitor": os.environ.get("RATE_VISITOR", "300/minute"),
    "player": os.environ.get("RATE_PLAYER", "1200/minute"),
    "commands": os.environ.get("RATE_COMMANDS", "120/minute"),
    "chat": os.environ.get("RATE_CHAT", "20/minute"),
    "tables": os.environ.get("RATE_TABLES", "20/hour"),
    "joins": os.environ.get("RATE_JOINS", "60/hour"),
    "invitations": os.environ.get("RATE_INVITATIONS", "20/hour"),
}
# One address receives at most this many invitation emails a day, whoever sends them.
INVITATIONS_PER_ADDRESS_PER_DAY = env_int("INVITATIONS_PER_ADDRESS_PER_DAY", 5)

# allauth's limits, in the shared cache. Sign-up per client address; failed logins per address AND
# per address+account (accounts.adapter keys them so): a stranger elsewhere cannot lock a player out.
ACCOUNT_RATE_LIMITS = {
    "signup": os.environ.get("RATE_SIGNUP", "20/h/ip"),
    "login": os.environ.get("RATE_LOGIN", "30/m/ip"),
    "login_failed": os.environ.get("RATE_LOGIN_FAILED", "20/m/ip,5/5m/key"),
    "reset_password": "20/m/ip,5/m/key",
}

# ---------------------------------------------------------------------------------------------------
# Async play (mail engineer): outbox sending, the deadline sweep, digests, inbound mail.
# ---------------------------------------------------------------------------------------------------
from celery.schedules import crontab  # noqa: E402  (kept inside this block on purpose)

# Inbound messages larger than this are refused (with a reply) before any parsing of the body.
MAX_INBOUND_BYTES = env_int("MAX_INBOUND_BYTES", 256 * 1024)
# At most this many command lines are applied from one email.
MAX_INBOUND_COMMANDS = env_int("MAX_INBOUND_COMMANDS", 20)
# A notification claimed longer ago than this and still unsent is claimed again (worker crash).
NOTIFICATION_RECLAIM_SECONDS = env_int("NOTIFICATION_RECLAIM_SECONDS", 600)
# After this many failed sending attempts a notification is left alone, with its error recorded.
NOTIFICATION_MAX_ATTEMPTS = env_int("NOTIFICATION_MAX_ATTEMPTS", 5)
# One-click action links older than this are refused even if nobody moved (days).
MAIL_LINK_MAX_AGE_DAYS = env_int("MAIL_LINK_MAX_AGE_DAYS", 30)
# UTC hour at which beat sends the daily digests.
DIGEST_HOUR = env_int("DIGEST_HOUR", 7)
if not 0 < REMINDER_AT < 1:
    raise ImproperlyConfigured(f"REMINDER_AT must be between 0 and 1, not {REMINDER_AT!r}")
if TIMEOUTS_BEFORE_BOT < 1:
    raise ImproperlyConfigured("TIMEOUTS_BEFORE_BOT must be at least 1")
if not 0 <= DIGEST_HOUR <= 23:
    raise ImproperlyConfigured("DIGEST_HOUR must be an hour between 0 and 23")
# The queue tasks go to; tests give their worker a queue of its own.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE", "celery")
CELERY_BEAT_SCHEDULE.update(
    {
        # expires: when the worker is down, stale sweeps are dropped instead of piling up.
        "sweep-deadlines": {
            "task": "games.tasks.sweep_deadlines",
            "schedule": 60.0,
            "options": {"expires": 55},
        },
        # Crash recovery for the outbox: rows whose on-commit task was lost.
        "send-unsent-notifications": {
            "task": "games.tasks.send_unsent_notifications",
            "schedule": 60.0,
            "options": {"expires": 55},
        },
        # Games left to bots after a resignation whose task was lost.
        "play-bots-left-behind": {
            "task": "games.tasks.play_bots_left_behind",
            "schedule": 60.0,
            "options": {"expires": 55},
        },
        "send-daily-digests": {
            "task": "games.tasks.send_daily_digests",
            "schedule": crontab(hour=DIGEST_HOUR, minute=0),
        },
    }
)
# A move's on-commit hand-off to the broker must not hold a web request for long when the broker
# is slow or down: the catch-up task sends whatever was not handed off.
# Outbox rows are handed to the broker by a thread of the web process after the commit, so a move's
# request never waits for the broker (games.outbox). 0: in the request, after the commit.
OUTBOX_HANDOFF_IN_BACKGROUND = env_bool("OUTBOX_HANDOFF_IN_BACKGROUND", True)
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
}

# Issue 12 (links): every dynamic answer is Cache-Control: private, no-store (one player's view).
MIDDLEWARE = [*MIDDLEWARE, "moonweb.cache_control.PrivateNoStoreMiddleware"]

# ---------------------------------------------------------------------------------------------------
# Issue 12 (mail): reading replies behind a real mail server (README: "Receiving replies with Postfix").
# ---------------------------------------------------------------------------------------------------
# The authserv-id (first word) of the Authentication-Results header our receiving MTA adds, e.g.
# "mx.example.org". Empty: the header is not read (anyone can write one). With it, a message whose
# SPF, DKIM or DMARC result there is "fail" is refused; MAIL_REQUIRE_AUTH_PASS also refuses one that
# passes none of them (DMARC pass, or else DKIM or SPF pass).
MAIL_AUTHSERV_ID = os.environ.get("MAIL_AUTHSERV_ID", "").strip()
MAIL_REQUIRE_AUTH_PASS = env_bool("MAIL_REQUIRE_AUTH_PASS", False)
# The envelope sender of outgoing mail, where bounces arrive (route it to receive_email like the
# reply addresses). Empty: the From address is the envelope sender.
MAIL_BOUNCE_ADDRESS = os.environ.get("MAIL_BOUNCE_ADDRESS", "").strip()
# After this many permanent bounces an address gets no more mail until its player re-enables it.
MAIL_HARD_BOUNCES_BEFORE_STOP = env_int("MAIL_HARD_BOUNCES_BEFORE_STOP", 3)
# Answers to incoming mail, per address and per hour (in the shared cache): refusals, and all.
MAIL_REFUSALS_PER_HOUR = env_int("MAIL_REFUSALS_PER_HOUR", 5)
MAIL_ANSWERS_PER_HOUR = env_int("MAIL_ANSWERS_PER_HOUR", 30)
# Where `manage.py receive_email` logs (never standard error: the MTA would bounce it to the
# player). A file path, or "syslog".
RECEIVE_EMAIL_LOG = os.environ.get("RECEIVE_EMAIL_LOG", str(VAR_DIR / "log" / "receive_email.log"))


# Issue 12 (robust): refuse NUL bytes and lone surrogates in paths, query strings, headers and
# form posts with a 400 (moonweb/input_guard.py), before the session middleware reads a cookie.
MIDDLEWARE.insert(
    MIDDLEWARE.index("django.contrib.sessions.middleware.SessionMiddleware"),
    "moonweb.input_guard.InputGuardMiddleware",
)

# Issue 12 (robust): OpenAPI links (create -> join -> start -> commands) for scripts and for the
# stateful schemathesis tests, after the hooks above.
SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"] = [
    *SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"],
    "games.api.links.add_links",
]

# Issue 12 (robust): a lost database connection answers 503 "nothing was played, try again"
# (moonweb/unavailable.py) instead of a 500.
MIDDLEWARE.append("moonweb.unavailable.DatabaseUnavailableMiddleware")

# Issue 12 (robust): on the embedded SQLite default, web, worker and beat write the same file. A
# transaction that reads, then writes, fails at once with "database is locked" when another
# process wrote meanwhile (the busy timeout does not apply to that upgrade): BEGIN IMMEDIATE takes
# the write lock first, so writers queue behind the timeout instead (an API chat flood found it).
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"]["transaction_mode"] = "IMMEDIATE"

# ---------------------------------------------------------------------------------------------------
# Issue 13 (sweep): the deadline sweep hands each due timeout to its own task (games.deadlines).
# ---------------------------------------------------------------------------------------------------
# A timeout task not started within this many seconds is dropped by the worker; the next sweep (one
# a minute) hands the seat off again. Below the sweep's period, so a backlog never piles up copies.
TIMEOUT_TASK_EXPIRES = env_int("TIMEOUT_TASK_EXPIRES", 55)

# ---------------------------------------------------------------------------------------------------
# Issue 13 (page): the game page's fragments (board, log, recap, the decision's forms), keyed by
# (game, seq, seat, language, names): see games/views/fragments.py; and a position's view and legal
# commands per (game, seq, seat) (games.selectors._view_and_legal). Memory of each process, never
# the shared cache: they are not shared state, and a restart after a deploy must not serve the old
# templates' HTML.
# ---------------------------------------------------------------------------------------------------
PAGE_FRAGMENT_CACHE = "pages"
# How long a fragment is kept, in seconds (0: the page is drawn in full every time).
PAGE_FRAGMENT_SECONDS = env_int("PAGE_FRAGMENT_SECONDS", 600)
CACHES["pages"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "moonweb-pages",
    # About 10-30 kB each: at most some tens of MB per process, the least recently read dropped.
    "OPTIONS": {"MAX_ENTRIES": env_int("PAGE_FRAGMENT_ENTRIES", 2000)},
}
# The log's lines, each drawn once per reader (games/views/log.py): 40 small entries (a few hundred
# bytes) per reader and game, kept apart so that they do not push the pages' fragments out.
PAGE_LOG_LINE_CACHE = "log-lines"
CACHES["log-lines"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "moonweb-log-lines",
    # At most about 10 MB per process.
    "OPTIONS": {"MAX_ENTRIES": env_int("PAGE_LOG_LINE_ENTRIES", 20000)},
}
