"""Moonweb settings: every deployment choice comes from the environment (see README.md).

The defaults are for ``make run`` on a laptop: SQLite and a filesystem Celery broker under var/,
emails written to var/mail/. Bad values fail loudly at start-up rather than at first use.
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

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


DEBUG = env_bool("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"  # noqa: S105
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"])
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
    "allauth",
    "allauth.account",
    "accounts",
    "games",
    *game_presentation_apps(),
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
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

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{VAR_DIR / 'moonweb.sqlite3'}"),
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 0),
    )
}
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

# Cache (allauth's rate limits live here): per-process memory unless CACHE_URL names a Redis,
# which production needs so that every web process sees the same counters.
CACHE_URL = os.environ.get("CACHE_URL", "")
if CACHE_URL.startswith(("redis://", "rediss://")):
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CACHE_URL}}
elif CACHE_URL:
    raise ImproperlyConfigured(f"CACHE_URL must be a redis:// URL or empty, not {CACHE_URL!r}")

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

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Moonweb API",
    "DESCRIPTION": "Play Moonrollers and Moonrakers by script: read views, send commands in notation.",
    "VERSION": "1",
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

if not DEBUG:
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)

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
        "send-daily-digests": {
            "task": "games.tasks.send_daily_digests",
            "schedule": crontab(hour=DIGEST_HOUR, minute=0),
        },
    }
)
# A move's on-commit hand-off to the broker must not hold a web request for long when the broker
# is slow or down: the catch-up task sends whatever was not handed off.
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
}


# Issue 12 (robust): refuse NUL bytes and lone surrogates in paths, query strings, headers and
# form posts with a 400 (moonweb/input_guard.py), before the session middleware reads a cookie.
MIDDLEWARE.insert(
    MIDDLEWARE.index("django.contrib.sessions.middleware.SessionMiddleware"),
    "moonweb.input_guard.InputGuardMiddleware",
)

# Issue 12 (robust): OpenAPI links (create -> join -> start -> commands) for scripts and for the
# stateful schemathesis tests; the enum hook is drf-spectacular's default, kept.
# (mypy typed the dict above from its values, all strings; drf-spectacular takes a list here.)
SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"] = [  # type: ignore[assignment]
    "drf_spectacular.hooks.postprocess_schema_enums",
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
