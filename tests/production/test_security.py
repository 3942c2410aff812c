"""Safe by default: a clean ``check --deploy``, the CSP and security headers on
every kind of answer, no inline script anywhere, the admin for staff only, CSRF
on every form, Markdown sanitized against an XSS corpus, and the oracle's
limits on size, players, steps and work."""

from __future__ import annotations

import json
import re
import time
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.core.cache.backends.base import BaseCache
from django.test import Client

from oracle import adapters
from oracle.engine import Budget
from rules.content.links import LinkTargets, Target
from rules.content.markup import ALLOWED_ATTRIBUTES, ALLOWED_TAGS, Renderer
from rules.models import Game
from rulesite.middleware import CONTENT_SECURITY_POLICY
from tests.production.conftest import manage, production_env

TEMPLATE_DIRS = [Path(django_settings.BASE_DIR) / "templates"] + [
    path
    for app in ("rules", "oracle", "rulesite")
    if (path := Path(django_settings.BASE_DIR) / app / "templates").is_dir()
]
PAGES = [
    "/",
    "/ti4/",
    "/ti4/rules/",
    "/ti4/rules/action-cards/",
    "/ti4/cards/",
    "/ti4/cards/sabotage/",
    "/ti4/rulings/",
    "/ti4/glossary/",
    "/ti4/oracle/",
    "/ti4/cards/no-such-card/",
]
INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc\s*=)[^>]*>\s*\S", re.IGNORECASE)
EVENT_HANDLER = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)


def test_check_deploy_is_clean_under_production_settings(tmp_path: Path) -> None:
    env = production_env(tmp_path, ALLOWED_HOSTS="rulesite.example")
    del env["SECURE_SSL_REDIRECT"]  # production default: on

    output = manage(env, "check", "--deploy", "--fail-level", "WARNING")

    assert "no issues" in output


def test_production_refuses_to_start_without_a_secret_key(tmp_path: Path) -> None:
    env = production_env(tmp_path)
    del env["SECRET_KEY"]

    with pytest.raises(AssertionError, match="SECRET_KEY is not set"):
        manage(env, "check")


@pytest.mark.django_db
@pytest.mark.parametrize("path", [*PAGES, "/api/v1/ti4/cards/", "/api/docs/"])
def test_every_answer_carries_the_security_headers(
    ti4: Game, page_cache: BaseCache, path: str
) -> None:
    client = Client()
    for response in (client.get(path), client.get(path)):  # rendered, then cached
        policy = response["Content-Security-Policy"]
        scripts = re.search(r"script-src ([^;]*)", policy)
        assert scripts is not None and scripts[1] == "'self'"
        assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy
        assert response["X-Content-Type-Options"] == "nosniff"
        assert response["Referrer-Policy"] == "same-origin"
        assert response["X-Frame-Options"] == "DENY"
        assert "camera=()" in response["Permissions-Policy"]


@pytest.mark.django_db
def test_pages_use_the_strict_policy(ti4: Game, page_cache: BaseCache) -> None:
    response = Client().get("/ti4/rules/action-cards/")

    assert response["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert "unsafe-inline" not in CONTENT_SECURITY_POLICY


@pytest.mark.django_db
def test_https_answers_carry_hsts_in_production(
    ti4: Game, page_cache: BaseCache, settings: Any
) -> None:
    settings.SECURE_HSTS_SECONDS = 31536000
    settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    client = Client()
    client.get("/ti4/cards/", secure=True)

    cached = client.get("/ti4/cards/", secure=True)

    assert cached["X-Page-Cache"] == "hit"
    assert cached["Strict-Transport-Security"].startswith("max-age=31536000")


def templates() -> list[Path]:
    return sorted(path for folder in TEMPLATE_DIRS for path in folder.rglob("*.html"))


def test_no_template_has_inline_script_or_event_handlers() -> None:
    found = [
        f"{path.relative_to(django_settings.BASE_DIR)}: {match[0]!r}"
        for path in templates()
        for pattern in (INLINE_SCRIPT, EVENT_HANDLER, re.compile("javascript:", re.I))
        for match in pattern.finditer(path.read_text(encoding="utf-8"))
    ]

    assert templates() and found == []


@pytest.mark.django_db
@pytest.mark.parametrize("path", PAGES)
def test_no_rendered_page_has_inline_script_or_event_handlers(
    ti4: Game, path: str
) -> None:
    html = Client().get(path).content.decode()

    assert INLINE_SCRIPT.search(html) is None
    assert EVENT_HANDLER.search(html) is None
    assert "javascript:" not in html.lower()


@pytest.mark.django_db
def test_the_admin_asks_anonymous_visitors_to_log_in(ti4: Game) -> None:
    for path in ("/admin/", "/admin/rules/topic/"):
        response = Client().get(path)
        assert response.status_code == 302
        assert response["Location"].startswith("/admin/login/")


@pytest.mark.django_db
def test_the_admin_turns_away_users_who_are_not_staff(ti4: Game) -> None:
    client = Client()
    client.force_login(User.objects.create_user("player", password="p" * 20))

    for path in ("/admin/", "/admin/rules/topic/", "/admin/auth/user/"):
        response = client.get(path)
        assert response.status_code == 302
        assert response["Location"].startswith("/admin/login/")


@pytest.mark.django_db
def test_staff_see_the_content_read_only(ti4: Game) -> None:
    client = Client()
    client.force_login(
        User.objects.create_superuser("editor", password="e" * 20, email="")
    )
    topic = ti4.topics.first()
    assert topic is not None

    assert client.get("/admin/").status_code == 200
    assert client.get("/admin/rules/topic/").status_code == 200
    assert client.get("/admin/rules/topic/add/").status_code == 403
    delete = client.post(f"/admin/rules/topic/{topic.pk}/delete/", {"post": "yes"})
    assert delete.status_code == 403


class Forms(HTMLParser):
    """The method and hidden field names of every form on a page."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, set[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "form":
            self.forms.append(((values.get("method") or "get").lower(), set()))
        elif tag == "input" and self.forms and values.get("name"):
            self.forms[-1][1].add(str(values["name"]))


@pytest.mark.django_db
@pytest.mark.parametrize("path", [*PAGES, "/admin/login/"])
def test_every_post_form_carries_a_csrf_token(ti4: Game, path: str) -> None:
    parser = Forms()
    parser.feed(Client().get(path).content.decode())

    for method, fields in parser.forms:
        assert method == "get" or "csrfmiddlewaretoken" in fields, (path, fields)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("/ti4/oracle/", {"mode": "paste", "scenario": "players: []"}),
        ("/ti4/oracle/", {"mode": "build"}),
        ("/admin/login/", {"username": "editor", "password": "e" * 20}),
    ],
)
def test_posting_a_form_without_its_csrf_token_is_refused(
    ti4: Game, path: str, data: dict[str, str]
) -> None:
    client = Client(enforce_csrf_checks=True)
    page = client.get(path)
    assert page.status_code == 200

    response = client.post(path, data)

    assert response.status_code == 403


XSS = [
    "<script>alert(1)</script>",
    "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
    '<img src=x onerror="alert(1)">',
    "<img src=x onerror=alert(1)//",
    '<svg onload="alert(1)"></svg>',
    "<svg><script>alert(1)</script></svg>",
    '<math><mtext><table><mglyph><style><img src=x onerror="alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    "[click](javascript:alert(1))",
    "[click](JAVASCRIPT:alert(1))",
    "![x](javascript:alert(1))",
    '![x](x" onerror="alert(1))',
    "<iframe src=//evil.example></iframe>",
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<object data="javascript:alert(1)"></object>',
    '<embed src="javascript:alert(1)">',
    "<style>body{background:url(javascript:alert(1))}</style>",
    '<p style="background:url(javascript:alert(1))">x</p>',
    '<div onmouseover="alert(1)">hover</div>',
    '<body onload="alert(1)">',
    '<form action="javascript:alert(1)"><input type=submit></form>',
    '<input autofocus onfocus="alert(1)">',
    '<details open ontoggle="alert(1)">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<base href="javascript:alert(1)//">',
    '<link rel="stylesheet" href="javascript:alert(1)">',
    '<a href="x" title="a" onclick="alert(1)">x</a>',
    '<span class="x" onclick="alert(1)">x</span>',
    "<<script>script>alert(1)<</script>/script>",
    "<scr<script>ipt>alert(1)</scr</script>ipt>",
    "`<script>alert(1)</script>` and <code><script>alert(1)</script></code>",
    "[[card:spy|<img src=x onerror=alert(1)>]]",
    '[[card:spy|"><script>alert(1)</script>]]',
    "<!--<script>alert(1)</script>-->",
    "<![CDATA[<script>alert(1)</script>]]>",
    '<a href="https://example.org" target="_blank">x</a>',
]
SCHEME = re.compile(r"^\s*([a-z][a-z0-9+.-]*):", re.IGNORECASE)
SAFE_SCHEMES = {"http", "https", "mailto"}


class Markup(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in ALLOWED_TAGS:
            self.found.append(f"tag <{tag}>")
        for name, value in attrs:
            if name not in ALLOWED_ATTRIBUTES.get(tag, set()) and name != "rel":
                self.found.append(f"attribute {name} on <{tag}>")
            scheme = SCHEME.match(str(value)) if name == "href" else None
            if scheme and scheme[1].lower() not in SAFE_SCHEMES:
                self.found.append(f"href {value!r}")


def render(source: str) -> str:
    targets = LinkTargets()
    targets.add(Target("card", "spy", "/ti4/cards/spy/", "Spy", "Spy"))
    return Renderer(targets).render(source)[0]


def test_the_xss_corpus_is_big_enough() -> None:
    assert len(XSS) >= 20


@pytest.mark.parametrize("attack", XSS)
def test_markdown_is_sanitized(attack: str) -> None:
    html = render(attack)
    parser = Markup()
    parser.feed(html)
    parser.close()

    assert parser.found == [], html
    lowered = html.lower()
    assert "<script" not in lowered and "javascript:" not in lowered
    assert "vbscript:" not in lowered and "data:text" not in lowered


RUN = "/api/v1/ti4/oracle/run/"


def post(client: Client, body: object) -> Any:
    return client.post(RUN, data=json.dumps(body), content_type="application/json")


def player(name: str) -> dict[str, Any]:
    return {"name": name, "hand": ["sabotage", "spy"]}


@pytest.mark.django_db
def test_the_oracle_refuses_too_many_players_or_steps(ti4: Game) -> None:
    names = [f"P{n}" for n in range(9)]
    crowd = {"game": "ti4", "players": [player(name) for name in names]}
    steps = [{"player": "P0", "play": "spy"}] * 201
    long = {"game": "ti4", "players": [player("P0"), player("P1")], "steps": steps}

    for body in (crowd, long):
        response = post(Client(), body)
        assert response.status_code == 400
        assert response.json()["error"]["details"]


@pytest.mark.django_db
def test_a_run_over_its_work_budget_stops_with_a_clear_error(
    ti4: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(adapters, "RUN_BUDGET", Budget(work=1))
    body = {
        "game": "ti4",
        "phase": "action",
        "active_player": "Alice",
        "players": [{"name": "Alice", "hand": ["spy"]}, player("Bob")],
        "steps": [{"player": "Alice", "play": "spy", "targets": {"target": "Bob"}}],
    }

    response = post(Client(), body)

    assert response.status_code == 200
    assert response.json()["ok"] is False and response.json()["error"]


@pytest.mark.django_db
def test_the_largest_scenario_allowed_answers_in_bounded_time(ti4: Game) -> None:
    names = [f"P{n}" for n in range(8)]
    steps = [
        {"player": names[n % 8], "play": ("spy", "sabotage")[n % 2]} for n in range(200)
    ]
    body = {
        "game": "ti4",
        "phase": "action",
        "active_player": "P0",
        "players": [{"name": name, "hand": ["sabotage", "spy"] * 20} for name in names],
        "steps": steps,
    }

    started = time.monotonic()
    response = post(Client(), body)
    elapsed = time.monotonic() - started

    assert response.status_code in {200, 400}, response.content[:300]
    # The work budget bounds the run: generous for a loaded 2-core machine.
    assert elapsed < 10, elapsed
