"""Settings for Rulesite. Every knob comes from an environment variable with a
default that is safe on a developer's machine; production sets DEBUG=0 and a
SECRET_KEY (see docs/OPERATIONS.md)."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

from corsheaders.defaults import default_headers as default_cors_headers
from django.core.exceptions import ImproperlyConfigured

from rulesite.env import (
    cache_config,
    database_config,
    env_bool,
    env_count,
    env_int,
    env_list,
    env_str,
)

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("RULESITE_VAR_DIR", str(BASE_DIR / "var")))
FIXTURES_DIR = Path(env_str("RULESITE_FIXTURES_DIR", str(BASE_DIR / "fixtures")))

DEBUG = env_bool("DEBUG", True)
SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. With DEBUG off Rulesite refuses to start without "
            "one: export SECRET_KEY to a long random string (for example the output "
            "of `python -c 'import secrets; print(secrets.token_urlsafe(50))'`)."
        )
    # Only ever used with DEBUG on, which also limits ALLOWED_HOSTS to this machine.
    SECRET_KEY = "insecure-local-development-key-never-used-with-debug-off"

ALLOWED_HOSTS = env_list(
    "ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"]
)
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "corsheaders",
    "axes",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "rules",
    "oracle.apps.OracleConfig",
]

MIDDLEWARE = [
    # First: whether the request came over HTTPS is a trusted proxy's word only.
    "rulesite.forwarded.TrustedForwardedProtoMiddleware",
    # Compresses the API's JSON as it leaves (never HTML pages).
    "rulesite.compression.ApiGZipMiddleware",
    # Reads a body sent in chunks, which Django would read as empty.
    "rulesite.chunked.ChunkedBodyMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "rulesite.middleware.SecurityHeadersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Chooses the database of the request's reads, for the page cache too; not
    # loaded without replicas.
    "rulesite.db_router.ReplicaMiddleware",
    # Before sessions and CSRF: a cached page skips the rest of the stack.
    "rulesite.pagecache.PageCacheMiddleware",
    "corsheaders.middleware.CorsMiddleware",
    # A 414 in the API's error shape for URLs too long to be worth reading.
    "rules.api.uri_length.ApiUriLengthMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Before sessions and CSRF: an API revalidation that is a 304 ends here.
    "rules.api.middleware.ApiRevalidationMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Last: turns a refused (locked-out) login into its 429 page.
    "axes.middleware.AxesMiddleware",
]

# Logins (the admin): after LOGIN_FAILURE_LIMIT wrong passwords from one client
# address, that address may not log in for LOGIN_LOCKOUT_MINUTES, and its tries
# are refused before any password is hashed (django-axes; the address as the
# rate limits see it, behind BEHIND_PROXY trusted proxies).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_LOCKOUT_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = ["ip_address"]
AXES_CLIENT_IP_CALLABLE = "rulesite.ratelimit.client_address"
AXES_RESET_ON_SUCCESS = True
AUTH_PASSWORD_VALIDATORS = [
    {
        "NAME": "django.contrib.auth.password_validation."
        "UserAttributeSimilarityValidator"
    },
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 12},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

ROOT_URLCONF = "rulesite.urls"
WSGI_APPLICATION = "rulesite.wsgi.application"

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
            ],
        },
    },
]

if not env_str("DATABASE_URL"):
    # The embedded default lives in var/; make sure a fresh checkout can open it.
    VAR_DIR.mkdir(parents=True, exist_ok=True)
DB_CONN_MAX_AGE = env_int("DB_CONN_MAX_AGE", 60)
DATABASES = {
    "default": database_config(
        env_str("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
        conn_max_age=DB_CONN_MAX_AGE,
    )
}
# Read replicas (docs/OPERATIONS.md): the GETs of web requests read from one of
# them, everything else uses the primary (rulesite/db_router.py).
REPLICA_DATABASES: list[str] = []
for number, url in enumerate(env_list("DATABASE_REPLICA_URLS", []), start=1):
    if not env_str("DATABASE_URL"):
        raise ImproperlyConfigured(
            "DATABASE_REPLICA_URLS is set but DATABASE_URL is not: replicas of the "
            "embedded SQLite database would hold other data. Set DATABASE_URL to "
            "their primary, or unset DATABASE_REPLICA_URLS."
        )
    DATABASES[f"replica_{number}"] = database_config(
        url, conn_max_age=DB_CONN_MAX_AGE, replica_of="default"
    )
    REPLICA_DATABASES.append(f"replica_{number}")
DATABASE_ROUTERS = ["rulesite.db_router.ReplicaRouter"] if REPLICA_DATABASES else []
# After a write, the client reads from the primary this long (its own writes).
REPLICA_PIN_SECONDS = env_int("REPLICA_PIN_SECONDS", 5)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHES = {
    "default": cache_config(env_str("CACHE_URL", "locmem://")),
    # Rendered pages (PAGE_CACHE_URL, by default the server of CACHE_URL) are kept
    # apart from the rate-limit counters; in memory, at most 500 pages and 16 MiB
    # a process.
    "pages": cache_config(
        env_str("PAGE_CACHE_URL") or env_str("CACHE_URL", "locmem://")
    ),
}
# Rate-limit counters (rulesite/ratelimit.py) must be shared by every worker: in
# Redis when CACHE_URL names it, else in SQLite files under var/ (diskcache).
_SHARED_CACHE = env_str("CACHE_URL").startswith(("redis://", "rediss://"))
CACHES["ratelimit"] = cache_config(
    env_str("RATELIMIT_CACHE_URL")
    or (
        env_str("CACHE_URL")
        if _SHARED_CACHE
        else f"disk://{(VAR_DIR / 'ratelimit').resolve()}"
    )
)
if CACHES["pages"]["BACKEND"].endswith("LocMemCache"):
    # Bounded by bytes too (rulesite/cache.py): pages differ a hundredfold in size.
    CACHES["pages"].update(
        BACKEND="rulesite.cache.BoundedLocMemCache",
        LOCATION="rulesite-pages",
        OPTIONS={
            "MAX_ENTRIES": 500,
            "MAX_BYTES": env_int("PAGE_CACHE_MAX_BYTES", 16 * 1024 * 1024),
        },
    )
# Serve anonymous HTML pages from the "pages" cache (rulesite/pagecache.py); off
# by default with DEBUG so that template edits show at once.
PAGE_CACHE = env_bool("PAGE_CACHE", not DEBUG)
PAGE_CACHE_SECONDS = env_int("PAGE_CACHE_SECONDS", 3600)
PAGE_CACHE_RELEASE = env_str("RULESITE_RELEASE")
PAGE_MAX_AGE = env_int("PAGE_MAX_AGE", 60)

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "static"
STATICFILES_DIRS = [BASE_DIR / "rulesite" / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Oracle runs at once on this node, across its workers (oracle/slots.py); by
# default half the gunicorn workers, so that the rest stay free for pages.
ORACLE_CONCURRENCY = env_int(
    "ORACLE_CONCURRENCY",
    max(1, env_int("WEB_CONCURRENCY", 2 * (os.cpu_count() or 1) + 1) // 2),
)
ORACLE_SLOTS_DIR = Path(env_str("ORACLE_SLOTS_DIR", str(VAR_DIR / "oracle-slots")))

SEARCH_INDEX_DIR = Path(env_str("SEARCH_INDEX_DIR", str(VAR_DIR / "search")))

# Behind TLS-terminating proxies, production sets these through the environment:
# how many proxies each request passes (BEHIND_PROXY=1 for one nginx), and the
# addresses they connect from. The client address of rate limits and of login
# lockouts is taken from X-Forwarded-For only that many hops back, and only
# from a trusted proxy (rulesite/ratelimit.py, docs/OPERATIONS.md).
PROXY_HOPS = env_count("BEHIND_PROXY", 0)
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", ["127.0.0.1", "::1"])
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if PROXY_HOPS else None
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# The API, and the previews that pages exported by export_site fetch from here.
CORS_URLS_REGEX = r"^/(api/|[-\w]+/preview/).*$"
CORS_ALLOW_ALL_ORIGINS = True
CORS_ALLOW_METHODS = ["GET", "HEAD", "OPTIONS", "POST"]
# A browser app may revalidate (If-None-Match, If-Modified-Since) and read the
# validators and the throttle's Retry-After of another origin's answers.
CORS_ALLOW_HEADERS = [*default_cors_headers, "if-none-match", "if-modified-since"]
CORS_EXPOSE_HEADERS = [
    "ETag",
    "Last-Modified",
    "Retry-After",
    "Content-Disposition",
    "Location",
]

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "UNAUTHENTICATED_USER": None,
    "EXCEPTION_HANDLER": "rules.api.v1.errors.exception_handler",
    "URL_FORMAT_OVERRIDE": None,
    # Per client IP and scope (a view's `throttle_scope`, "read" by default);
    # an empty variable means no limit. The web-* scopes are the pages' own,
    # apart from API clients. See docs/API.md and docs/OPERATIONS.md.
    "DEFAULT_THROTTLE_CLASSES": ["rules.api.v1.throttling.AnonScopedRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "read": env_str("API_THROTTLE_READ", "600/minute") or None,
        "bulk": env_str("API_THROTTLE_BULK", "60/hour") or None,
        "oracle": env_str("API_THROTTLE_ORACLE", "60/minute") or None,
        "web-search": env_str("WEB_THROTTLE_SEARCH", "60/minute") or None,
        "web-suggest": env_str("WEB_THROTTLE_SUGGEST", "300/minute") or None,
        "web-oracle": env_str("WEB_THROTTLE_ORACLE", "30/minute") or None,
        "web-oracle-pages": env_str("WEB_THROTTLE_ORACLE_PAGES", "120/minute") or None,
    },
    # Only DRF's own throttles read it; ours use PROXY_HOPS and TRUSTED_PROXIES.
    "NUM_PROXIES": PROXY_HOPS,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Rulesite API",
    "DESCRIPTION": (
        "Rules, cards and rulings of board and card games, and the oracle.\n\n"
        "Read endpoints are public and need no key. Every object has a stable "
        "string `id`, its API `url` and its `web_url`. Lists are paginated "
        "(`count`, `next`, `previous`, `results`; `page`, `page_size` up to 200). "
        'Errors always have the shape `{"error": {"code", "message", '
        '"details"}}`.\n\n'
        "Caching: reads carry `ETag`, `Last-Modified` and `Cache-Control: public, "
        "max-age=300`; send `If-None-Match` (or `If-Modified-Since`) to get a "
        "cheap `304 Not Modified` while the content is unchanged.\n\n"
        "Rate limits per client IP: 600 requests a minute, bulk documents 60 an "
        "hour; past a limit the answer is `429` with `Retry-After` seconds."
    ),
    "VERSION": "1.1.0",
    "SCHEMA_PATH_PREFIX": r"/api/v[0-9]+",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Card fields have a `kind` too: name its enum apart from the rules' one,
    # which keeps its name.
    "ENUM_NAME_OVERRIDES": {
        "KindEnum": "rules.models.Rule.Kind",
        "CardFieldKindEnum": "rules.content.cardfields.KIND_NAMES",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "rules.api.v1.schema.document_uri_too_long",
    ],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "WARNING")},
}
