"""The HTML each of a card's own fields shows as, rendered once at load time so
that pages and the API only read it."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import mark_safe

from rules.content.fields import SLUG
from rules.content.specs import CardSpec, FieldSpec, Text

Render = Callable[[Text], str]
_PARAGRAPH = re.compile(r"^<p>(.*)</p>$", re.DOTALL)


def render_attrs(
    card: CardSpec, fields: list[FieldSpec], render: Render
) -> dict[str, str]:
    """``{key: html}`` for each attr ``card`` gives, in declaration order.
    ``render`` turns Markdown into safe HTML and records its cross-links."""
    shown: dict[str, str] = {}
    for spec in fields:
        if spec.key in card.attrs:
            shown[spec.key] = _html(card, spec, card.attrs[spec.key], render)
    return shown


def _html(card: CardSpec, spec: FieldSpec, value: Any, render: Render) -> str:
    if value == []:
        return "None"
    if spec.kind == "markdown":
        return render(card.attr_texts[spec.key])
    if spec.kind == "outcomes":
        return _outcomes(card, spec, value, render)
    if spec.kind == "bool":
        return "Yes" if value else "No"
    if spec.kind in ("choice", "choice-list"):
        items = value if isinstance(value, list) else [value]
        return escape(", ".join(spec.choices.get(item, item) for item in items))
    if spec.kind in ("card", "card-list"):
        items = value if isinstance(value, list) else [value]
        return ", ".join(_card_item(card, item, render) for item in items)
    if spec.kind == "text-list":
        return escape(", ".join(value))
    return escape(str(value))


def _card_item(card: CardSpec, item: str, render: Render) -> str:
    if not SLUG.match(item):
        return escape(item)  # a name written out, with no card of its own
    link = render(Text(f"[[card:{item}]]", card.file, card.lines.get("attrs", 1)))
    match = _PARAGRAPH.match(link.strip())
    return match[1] if match else link


def _outcomes(
    card: CardSpec, spec: FieldSpec, value: list[dict[str, str]], render: Render
) -> str:
    effects = [render(card.attr_texts[f"{spec.key}.{i}"]) for i in range(len(value))]
    rows = format_html_join(
        "",
        "<dt>{}</dt><dd>{}</dd>",
        (
            # The effect is already sanitized by the renderer.
            (item["outcome"], mark_safe(effect))
            for item, effect in zip(value, effects, strict=True)
        ),
    )
    return format_html('<dl class="outcomes">{}</dl>', rows)
