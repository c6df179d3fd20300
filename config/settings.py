"""Troef settings: one module; everything that differs between machines comes from
environment variables, read through config.env. See README "Configuration".
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

from games import registry
from games.registry import BUILT_IN as BUILT_IN_GAMES

from .env import (
    ConfigError,
    default_var_dir,
    env_bool,
    env_choice,
    env_int,
    env_list,
    env_str,
    secret_key,
    site_dir,
)

BASE_DIR = Path(__file__).resolve().parent.parent
# The templates, static files and catalogues: top-level folders of a checkout, the data
# package troef_site of an installed wheel (setup.py).
SITE_DIR = site_dir(BASE_DIR)
# Everything Troef writes at run time (SQLite file, secret key, Celery queue, generated
# files, backups) lives under one folder: var/ of a checkout (git ignores it), the user's
# data folder for an installed `troef` (config.env.default_var_dir); TROEF_VAR_DIR wins.
VAR_DIR = Path(env_str("TROEF_VAR_DIR", str(default_var_dir(BASE_DIR)))).resolve()

# `python manage.py venue` (make venue) serves the venue's local network from a laptop.
# manage.py sets TROEF_VENUE=1 for that command before this module is read, and the
# command starts its web server and worker as child processes with TROEF_VENUE=1,
# DEBUG=0, HTTPS=0, and ALLOWED_HOSTS and CSRF_TRUSTED_ORIGINS made from the addresses it
# found and bound (venue.network). So every setting of the venue still comes from the
# environment, read here once, and nothing is changed at run time.
VENUE = env_bool("TROEF_VENUE", False)
DEBUG = env_bool("DEBUG", False)
SECRET_KEY = secret_key(VAR_DIR)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

#: The game packages the site plays (games/registry.py), in the order it lists them: the
#: built-in games, then a club's own (TROEF_EXTRA_GAMES="clubgames.rikken,...").
TROEF_GAMES = [*BUILT_IN_GAMES, *env_list("TROEF_EXTRA_GAMES", [])]
try:
    registry.use(TROEF_GAMES)
except registry.GamePackageError as exc:
    raise ConfigError(f"TROEF_EXTRA_GAMES is not usable: {exc}") from None

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tables2",
    "django_filters",
    "axes",
    "clubs",
    "disputes",
    "tournaments",
    "scoring",
    "printing",
    "ratings",
    "evenings",  # the round's lifecycle, above scoring and ratings (issue 40)
    "venue",
    "backups",
    "demo",
    "help",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Before WhiteNoise, so that static files carry the same headers as the pages.
    "csp.middleware.CSPMiddleware",
    "venue.middleware.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "clubs.middleware.LanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A write the database refuses as read-only: the 503 page and one log line.
    "clubs.middleware.ReadOnlyDatabaseMiddleware",
    # Last, as django-axes asks: it turns a lock-out into the lock-out page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [SITE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "config.nav.club_nav",
                "help.context_processors.help_link",
            ],
        },
    },
]

# --- Database --------------------------------------------------------------------------
# Default: one SQLite file under var/. IMMEDIATE transactions take the write lock at
# BEGIN, so concurrent writers wait for each other (busy timeout) instead of failing with
# "database is locked" when a read transaction tries to upgrade; WAL lets readers go on
# while one writes.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": ("PRAGMA journal_mode=WAL;PRAGMA synchronous=NORMAL;PRAGMA foreign_keys=ON"),
}
DATABASE_URL = env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'troef.sqlite3'}")
try:
    _db = dj_database_url.parse(DATABASE_URL, conn_max_age=env_int("CONN_MAX_AGE", 0))
except ValueError as exc:  # an unknown scheme or a malformed URL
    raise ConfigError(f"DATABASE_URL is not usable: {exc}") from None
if _db["ENGINE"] == "django.db.backends.sqlite3":
    _db["OPTIONS"] = {**SQLITE_OPTIONS, **_db.get("OPTIONS", {})}
    # Tests use a file too (not SQLite's in-memory database), so that threads and a
    # worker process see the same data and WAL/IMMEDIATE behave as in production.
    _db["TEST"] = {"NAME": str(VAR_DIR / f"test-{Path(_db['NAME']).stem}.sqlite3")}
    try:
        Path(_db["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # a folder that cannot be made: one line, as for a bad URL
        raise ConfigError(
            f"DATABASE_URL is not usable: cannot make the folder of {_db['NAME']}: {exc.strerror}"
        ) from None
else:
    _db.setdefault("CONN_HEALTH_CHECKS", True)
DATABASES = {"default": _db}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "troef",
    }
}
if env_str("CACHE_URL"):
    CACHES["default"] = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": env_str("CACHE_URL"),
    }

# --- Authentication ---------------------------------------------------------------------
AUTHENTICATION_BACKENDS = [
    # First, as django-axes asks: it refuses every login while the caller is locked out,
    # the correct password included.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "site:login"
LOGIN_REDIRECT_URL = "clubs:front"
LOGOUT_REDIRECT_URL = "clubs:front"

# Login attempt limiting (django-axes): failures for one user name from one address are
# counted until 15 minutes pass without a new one; the 10th locks that pair out for 15
# minutes. So 10 failures within 15 minutes always lock (slower series may lock too).
# The lock-out page is the same whether the user exists or not, and while locked even
# the right password is refused.
AXES_FAILURE_LIMIT = 10
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# A second limit per address over all user names (a password spray): counted the same
# way, the 50th failure locks the address for every user name until its count drops
# below 50 again. Axes has one failure limit for all its lockout parameters, so
# clubs.auth.LoginLimitHandler adds this one. High, so that the many phones behind one
# venue's address are not locked out by a few typos.
AXES_HANDLER = "clubs.auth.LoginLimitHandler"
LOGIN_ADDRESS_FAILURE_LIMIT = 50
# A successful login clears only that user name's count at that address.
AXES_RESET_ON_SUCCESS = True
# Attempts refused during a lock-out do not prolong it: the lock ends 15 minutes after
# the failure that caused it.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False
AXES_CLIENT_IP_CALLABLE = "clubs.auth.client_ip"
# Behind a reverse proxy that sets X-Forwarded-For, name how many proxies to trust.
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0)

# --- Internationalisation ---------------------------------------------------------------
LANGUAGE_CODE = "nl"
LANGUAGES = [("nl", _("Dutch")), ("de", _("German")), ("en", _("English"))]
# The site's catalogue, then the engine's: the words the games share and each game's own,
# in its package (games/registry.py, locale_paths). A test that plays another game adds
# that game's catalogue the same way (tests/hogerlager/conftest.py).
LOCALE_PATHS = [SITE_DIR / "locale", *registry.locale_paths()]
LANGUAGE_COOKIE_NAME = "troef_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
# Sent with the site's own pages and with links followed to it, never with another
# site's requests (as the session and CSRF cookies are); over HTTPS only where the site
# uses HTTPS (LANGUAGE_COOKIE_SECURE, below).
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = env_str("TIME_ZONE", "Europe/Amsterdam")
USE_I18N = True
USE_TZ = True

# --- Static files -------------------------------------------------------------------------
STATIC_URL = "static/"
STATICFILES_DIRS = [SITE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(VAR_DIR / "static")))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # whitenoise serves from here after collectstatic
# The venue serves compressed files with their content's hash in the name (cached for a
# year by the phones, a new name when the file changes); `manage.py venue` runs
# collectstatic itself. Elsewhere (make run, the tests) the names stay as they are, so
# pages render without a collectstatic first.
_STATIC_BACKEND = (
    "whitenoise.storage.CompressedManifestStaticFilesStorage"
    if VENUE
    else "whitenoise.storage.CompressedStaticFilesStorage"
)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": _STATIC_BACKEND},
}
MEDIA_ROOT = Path(env_str("MEDIA_ROOT", str(VAR_DIR / "media")))
MEDIA_URL = "media/"

# Uploads (member CSV files): a club file is a few kB; refuse anything near a megabyte.
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
# A detailed result form of five players and 200 deals (Miezemauzen) posts about 2,000 fields.
DATA_UPLOAD_MAX_NUMBER_FIELDS = 2500
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
MEMBER_IMPORT_MAX_BYTES = 1_048_576
MEMBER_IMPORT_MAX_ROWS = 5000


# Archives that restore and import_club read (backups/limits.py, README "Backups"): what
# they may unpack to, checked in the zip's table of contents before anything is unpacked
# and again while reading. In MB in the environment, in bytes here.
def _megabytes(name: str, default: int) -> int:
    value = env_int(name, default)
    if value < 1:
        raise ConfigError(f"{name} must be at least 1 (MB), not {value}")
    return value << 20


ARCHIVE_MAX_BYTES = _megabytes("TROEF_ARCHIVE_MAX_MB", 4096)  # all files together
ARCHIVE_DATABASE_MAX_BYTES = _megabytes("TROEF_ARCHIVE_DATABASE_MAX_MB", 2048)  # the database
ARCHIVE_DATA_MAX_BYTES = _megabytes("TROEF_ARCHIVE_DATA_MAX_MB", 32)  # a club's data.json
ARCHIVE_FILE_MAX_BYTES = _megabytes("TROEF_ARCHIVE_FILE_MAX_MB", 64)  # each other file
ARCHIVE_MAX_RATIO = env_int("TROEF_ARCHIVE_MAX_RATIO", 100)  # unpacked/packed, files > 1 MB
if ARCHIVE_MAX_RATIO < 2:
    raise ConfigError(f"TROEF_ARCHIVE_MAX_RATIO must be at least 2, not {ARCHIVE_MAX_RATIO}")

# --- Security ----------------------------------------------------------------------------
# With DEBUG off Troef assumes HTTPS in front of it. A club laptop serving plain HTTP on
# the venue's network sets HTTPS=0 (`manage.py venue` does).
HTTPS = env_bool("HTTPS", not DEBUG and not VENUE)
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
LANGUAGE_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", HTTPS)
if env_bool("BEHIND_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# Content-Security-Policy (django-csp): scripts and styles only from Troef's own static
# files, so no inline <script>, no onclick="..." and no style="..." in a template; the
# QR codes are inline SVG (no image requests). Under `make run` too, so a template that
# breaks it shows up while developing.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
# Permissions-Policy (venue.middleware): none of the browser's powerful features.
PERMISSIONS_POLICY = {
    feature: []
    for feature in (
        "accelerometer",
        "camera",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
    )
}

# The site's address as players' phones reach it, for the tables' QR links. While
# `manage.py venue` runs its address wins; else this; else the pages use the address
# they were opened with and `print_round` http://127.0.0.1:8000 (config.site).
TROEF_SITE_URL = env_str("TROEF_SITE_URL", "")
# The running venue's address for phones: set by `manage.py venue` for itself and, in
# the environment, for the processes it starts (its web server and worker); a process
# started beside a running venue (print_round) takes it from the venue's run-file when
# the venue app loads (venue.apps). Not meant to be set by hand.
TROEF_VENUE_URL = env_str("TROEF_VENUE_URL", "")

# --- Celery ------------------------------------------------------------------------------
# Default: Celery's filesystem transport under var/celery, so a real worker runs on a
# laptop with no broker server. Production: CELERY_BROKER_URL=redis://...
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "filesystem://")
CELERY_DIR = VAR_DIR / "celery"
if CELERY_BROKER_URL.startswith("filesystem://"):
    for sub in ("queue", "processed", "results", "control"):
        (CELERY_DIR / sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(CELERY_DIR / "queue"),
        "data_folder_out": str(CELERY_DIR / "queue"),
        "processed_folder": str(CELERY_DIR / "processed"),
        "control_folder": str(CELERY_DIR / "control"),
        "store_processed": False,
    }
    _default_backend = f"file://{CELERY_DIR / 'results'}"
else:
    _default_backend = CELERY_BROKER_URL if CELERY_BROKER_URL.startswith("redis") else ""
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", _default_backend) or None
CELERY_TASK_ALWAYS_EAGER = False
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TRACK_STARTED = True
CELERY_RESULT_EXPIRES = timedelta(days=1)
CELERY_TIMEZONE = TIME_ZONE
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# Print jobs (printing.jobs): a running job whose heartbeat is older than this many
# seconds has lost its worker (killed, crashed, machine off) and is taken back.
PRINT_JOB_STALE_SECONDS = env_int("PRINT_JOB_STALE_SECONDS", 30)
# How many times a job is started before it is marked failed.
PRINT_JOB_ATTEMPTS = env_int("PRINT_JOB_ATTEMPTS", 3)
# A job still waiting after this many seconds is sent to the broker again (its message
# may have been lost with the worker that held it); running it twice does no harm.
PRINT_JOB_QUEUED_SECONDS = env_int("PRINT_JOB_QUEUED_SECONDS", 60)
# Every worker looks for such jobs when it starts and then every this many seconds (0:
# only at the start); so does a print button (a POST), never a status request. No beat needed.
PRINT_JOB_REAP_SECONDS = env_int("PRINT_JOB_REAP_SECONDS", 30)

# --- Tables ------------------------------------------------------------------------------
DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"
DJANGO_TABLES2_TABLE_ATTRS = {"class": "striped"}

# --- Logging -----------------------------------------------------------------------------
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
# An expected 403 or 400 (a player on another club's page, a stale form) is one line in
# the terminal, not a traceback: venue.log.OneLineForClientErrors drops the traceback of
# records about 4xx answers. Errors (5xx) keep theirs.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"client_errors": {"()": "venue.log.OneLineForClientErrors"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["client_errors"]},
    },
    "root": {"handlers": ["console"], "level": env_choice("LOG_LEVEL", "WARNING", LOG_LEVELS)},
}
CSRF_FAILURE_VIEW = "clubs.views.csrf_failure"

# The pages a lower app's page links to in a higher app ({% page_url %}, config.pages):
# the site's own table, as config/urls.py is; no app registers anything at run time.
TROEF_PAGES = {
    "club_export": "backups:club-export",
    "demo_load": "demo:first-start-demo",
    "round": "evenings:round-detail",
    "tournament": "evenings:tournament-detail",
    "checkin_slips": "printing:checkin-slips",
    "personal_card": "printing:print-personal-card",
    "season_standings_pdf": "printing:print-season-standings",
    "table_cards": "printing:print-table-cards",
    "tournament_standings_pdf": "printing:print-tournament-standings",
    "public_season_standings_pdf": "printing:public-print-season-standings",
    "public_tournament_standings_pdf": "printing:public-print-tournament-standings",
    "site_ratings": "ratings:site-ratings",
    "player_ratings": "ratings:player-ratings",
    "public_standings": "scoring:public-standings",
    "season_standings": "scoring:season-standings",
    "tournament_add": "tournaments:tournament-add",
    "tournament_list": "tournaments:tournament-list",
    "club_evenings": "tournaments:club-evenings",
    "connect": "venue:venue-connect",
    "table_qr": "venue:venue-table-qr",
    "venue_clock": "venue:tournament-venue-clock",
}
