"""Template helpers of the rules pages: canonical URLs, plain text for meta
descriptions and previews, a block said twice (a page's title is also its Open
Graph title), and display labels of vocabularies and sources."""

from __future__ import annotations

from django import template
from django.http import HttpRequest
from django.template.loader_tags import BLOCK_CONTEXT_KEY

from rules.models import Game
from rules.text import SOURCE_LABELS, plain_text

register = template.Library()


@register.filter(name="plain_text")
def plain_text_filter(markup: str, limit: int | None = None) -> str:
    return plain_text(markup, limit)


@register.filter
def source_label(source: str) -> str:
    """``faq`` → ``FAQ``: how a note's or ruling's source reads on a page."""
    return SOURCE_LABELS.get(source, source)


@register.simple_tag
def vocab_label(game: Game, vocabulary: str, key: str) -> str:
    return game.label(vocabulary, key)


@register.simple_tag(takes_context=True)
def canonical_url(context: template.Context) -> str:
    """The page's absolute URL without its query string."""
    request: HttpRequest | None = context.get("request")
    return request.build_absolute_uri(request.path) if request else ""


@register.simple_tag(takes_context=True)
def block_text(context: template.Context, name: str) -> str:
    """The block ``name`` as the page fills it (its own override, else the
    base's), rendered again: the title and description also go into the Open
    Graph and Twitter tags without each page writing them twice."""
    blocks = context.render_context.get(BLOCK_CONTEXT_KEY)
    block = blocks.get_block(name) if blocks is not None else None
    if block is None:
        return ""
    with context.push(block=block):
        return block.nodelist.render(context)  # escaped as it rendered: safe
