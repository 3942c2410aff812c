"""Write a game's reference as static files that any web server or CDN serves:
every page reachable from the game's pages, rule permalinks as redirect stubs
(an HTML refresh, plus a ``_redirects`` file for hosts that read one), the
static assets, a 404 page and the sitemap. What needs the application (search,
previews, the oracle, the API) points at ``origin``, a running Rulesite.

Pages are rendered in-process through the whole stack (Django's test client),
so they are the very bytes the site would serve; links are then crawled from
them, so a page that exists is exported however it is reached.
"""

from __future__ import annotations

import logging
import re
import shutil
from collections import deque
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from rules.models import Game

HOST = "testserver"
MAX_PAGES = 20_000
LINK_ATTRIBUTES = {"href", "src", "action"}


@dataclass
class ExportReport:
    pages: int = 0
    redirects: int = 0
    assets: int = 0
    broken: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        text = (
            f"exported {self.pages} pages, {self.redirects} redirects, "
            f"{self.assets} static files"
        )
        if self.broken:
            text += f"; {len(self.broken)} links answer no page: " + ", ".join(
                self.broken[:10]
            )
        return text


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in LINK_ATTRIBUTES and value:
                self.found.append(value)


def links_in(html: str, page: str) -> list[str]:
    """The paths on this site that ``html`` (the page at ``page``) links to,
    without query strings or fragments."""
    parser = _Links()
    parser.feed(html)
    paths = []
    for link in parser.found:
        parts = urlsplit(urljoin(f"http://{HOST}{page}", link))
        if parts.netloc == HOST and parts.path:
            paths.append(parts.path)
    return paths


def dynamic_paths(game: Game) -> tuple[str, ...]:
    """Path prefixes that only the application answers."""
    prefixes = ["/api/", "/admin/"]
    for name in ("rules:search", "oracle:editor"):
        prefixes.append(reverse(name, args=[game.slug]))
    prefixes.append(f"/{game.slug}/preview/")
    return tuple(prefixes)


def to_origin(html: str, game: Game, origin: str) -> str:
    """Point every link, form and data URL into the application at ``origin``."""
    prefixes = "|".join(re.escape(p) for p in dynamic_paths(game))
    pattern = re.compile(rf'(\s[\w-]+=")((?:{prefixes})[^"]*)"')
    return pattern.sub(lambda m: f'{m.group(1)}{origin}{m.group(2)}"', html)


def redirect_stub(target: str) -> str:
    """A page that sends the browser to ``target`` (the fragment is kept)."""
    url = escape(target)
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="refresh" content="0; url={url}">'
        f'<link rel="canonical" href="{url}"><meta name="robots" content="noindex">'
        f'<title>Moved</title></head><body><p><a href="{url}">{url}</a></p>'
        "</body></html>\n"
    )


def seeds(game: Game) -> list[str]:
    """The pages every export starts from: the indexes and every object."""
    slug = game.slug
    paths = [reverse("rules:home")]
    for name in ("game", "topics", "cards", "rulings", "glossary"):
        paths.append(reverse(f"rules:{name}", args=[slug]))
    for manager, name in (
        (game.topics, "topic"),
        (game.cards, "card"),
        (game.rulings, "ruling"),
    ):
        for key in manager.values_list("slug", flat=True):
            paths.append(reverse(f"rules:{name}", args=[slug, key]))
    for rule_id in game.rules.values_list("rule_id", flat=True):
        paths.append(reverse("rules:rule", args=[slug, rule_id]))
    return paths


class Exporter:
    """Renders pages through the site and writes them under ``root``."""

    def __init__(self, game: Game, root: Path, origin: str, site_url: str) -> None:
        self.game = game
        self.root = root
        self.origin = origin.rstrip("/")
        self.site_url = site_url.rstrip("/")
        self.dynamic = dynamic_paths(game)
        self.client = Client(HTTP_HOST=HOST)
        self.report = ExportReport()
        self.redirects: list[tuple[str, str]] = []

    def run(self) -> ExportReport:
        queue = deque(seeds(self.game))
        seen = set(queue)
        while queue and len(seen) <= MAX_PAGES:
            path = queue.popleft()
            for link in self.export(path):
                if link not in seen and self.is_page(link):
                    seen.add(link)
                    queue.append(link)
        self.write_extras()
        self.report.assets = self.copy_static()
        return self.report

    def is_page(self, path: str) -> bool:
        return not path.startswith((*self.dynamic, settings.STATIC_URL))

    def export(self, path: str) -> list[str]:
        """Write the page at ``path``; return the site paths it links to."""
        response = self.client.get(path)
        if response.status_code in (301, 302, 308):
            target = response["Location"]
            self.redirects.append((path, target))
            self.write(path, redirect_stub(target))
            self.report.redirects += 1
            return [urlsplit(urljoin(path, target)).path]
        if response.status_code != 200:
            self.report.broken.append(path)
            return []
        html = response.content.decode()
        self.write(path, self.finish(html))
        self.report.pages += 1
        return links_in(html, path)

    def finish(self, html: str) -> str:
        html = to_origin(html, self.game, self.origin)
        return html.replace(f"http://{HOST}", self.site_url)

    def write(self, path: str, text: str) -> None:
        file = self.root / path.lstrip("/")
        if path.endswith("/"):
            file = file / "index.html"
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text, encoding="utf-8")

    def write_extras(self) -> None:
        # The site's own 404 page; the request logger would call it a warning.
        logging.getLogger("django.request").disabled = True
        try:
            missing = self.client.get(f"/{self.game.slug}/rules/no-such-page/")
        finally:
            logging.getLogger("django.request").disabled = False
        (self.root / "404.html").write_text(self.finish(missing.content.decode()))
        sitemap = self.client.get(reverse("sitemap"))
        (self.root / "sitemap.xml").write_text(self.finish(sitemap.content.decode()))
        lines = [f"{source} {target} 301" for source, target in self.redirects]
        (self.root / "_redirects").write_text("\n".join(lines) + "\n")

    def copy_static(self) -> int:
        """Collect the assets as the site serves them (hashed names when the
        manifest storage is on) and copy them under the static URL."""
        call_command("collectstatic", interactive=False, verbosity=0)
        target = self.root / settings.STATIC_URL.strip("/")
        shutil.copytree(settings.STATIC_ROOT, target, dirs_exist_ok=True)
        return sum(1 for item in target.rglob("*") if item.is_file())


def export_site(
    game: Game,
    root: Path,
    *,
    origin: str,
    site_url: str = "",
) -> ExportReport:
    """Export ``game``'s reference into ``root`` (created; files in it are
    overwritten)."""
    root.mkdir(parents=True, exist_ok=True)
    return Exporter(game, root, origin, site_url).run()
