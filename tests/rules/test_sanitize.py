from __future__ import annotations

import pytest

from rules.content.links import LinkTargets, Target
from rules.content.markup import Renderer, sanitize


def render(source: str) -> str:
    targets = LinkTargets()
    targets.add(Target("card", "spy", "/g/cards/spy/", "Spy", "Spy"))
    return Renderer(targets).render(source)[0]


@pytest.mark.parametrize(
    "attack",
    [
        "<script>alert(1)</script>",
        '<img src=x onerror="alert(1)">',
        '<a href="javascript:alert(1)">x</a>',
        '<p onclick="alert(1)">x</p>',
        '<a href="JaVaScRiPt:alert(1)">x</a>',
        "[x](javascript:alert(1))",
        '<svg onload="alert(1)"></svg>',
        '<iframe src="https://example.org"></iframe>',
    ],
)
def test_strips_scripts_handlers_and_javascript_urls(attack: str) -> None:
    html = render(attack).lower()

    assert "<script" not in html
    assert "javascript:" not in html
    assert "onerror" not in html and "onclick" not in html and "onload" not in html
    assert "<iframe" not in html


def test_keeps_ordinary_markdown() -> None:
    html = render("**bold** and [a link](https://example.org) and `code`")

    assert "<strong>bold</strong>" in html
    assert 'href="https://example.org"' in html
    assert "<code>code</code>" in html


def test_cross_link_uses_label_or_target_name() -> None:
    assert ">Spy</a>" in render("[[card:spy]]")
    assert ">the Spy card</a>" in render("[[card:spy|the Spy card]]")


def test_sanitize_is_idempotent_on_safe_html() -> None:
    safe = '<p><a href="/x/" class="xref">x</a></p>'
    assert sanitize(sanitize(safe)) == sanitize(safe)
