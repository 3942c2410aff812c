"""A topic page's lists beside its rules, read from what content loading
stored (``rules.content.topiclinks`` writes it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.backlinks import Backlinks
from rules.pagelinks import Link, PageUrls


@dataclass(frozen=True)
class CardCitation:
    """A card listed on a topic page, with the rules of that topic it cites."""

    slug: str
    name: str
    url: str
    rule_ids: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class SeeAlso:
    previous: Link | None
    next: Link | None
    related: list[Link]
    terms: list[Link]
    cards: list[CardCitation]
    # Everything else that links to the topic or one of its rules.
    mentions: Backlinks
    # Rulings whose text links here; the page lists them with those that cite.
    ruling_slugs: list[str]


def read_see_also(stored: dict[str, Any], urls: PageUrls) -> SeeAlso:
    def links(items: list[dict[str, Any]]) -> list[Link]:
        return [urls.link(item) for item in items]

    mentions = stored.get("mentions", {})
    return SeeAlso(
        previous=urls.link(stored["previous"]) if stored.get("previous") else None,
        next=urls.link(stored["next"]) if stored.get("next") else None,
        related=links(stored.get("related", [])),
        terms=links(stored.get("terms", [])),
        cards=[
            CardCitation(
                card["slug"], card["name"], urls.card(card["slug"]), card["rules"]
            )
            for card in stored.get("cards", [])
        ],
        mentions=Backlinks(
            topics=links(mentions.get("topics", [])),
            rules=links(mentions.get("rules", [])),
            cards=links(mentions.get("cards", [])),
            terms=links(mentions.get("terms", [])),
        ),
        ruling_slugs=stored.get("rulings", []),
    )
