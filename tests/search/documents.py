"""Small documents for in-memory indexes: exact expectations, no database."""

from __future__ import annotations

from typing import Any

from rules.search import SearchDocument


def doc(key: str, title: str, body: str, *, kind: str = "rule", **extra: Any) -> Any:
    """A document of the ``demo`` game."""
    if kind == "rule":
        extra.setdefault("rule_id", key)
        extra.setdefault("aliases", (key.lower(),))
    return SearchDocument(
        "demo", kind, key, title, f"/demo/{kind}/{key}/", body, **extra
    )


DEMO = [
    doc(
        "1.1", "1.1", "Each player draws one card in the status phase.", context="Cards"
    ),
    doc(
        "1.2", "1.2", "A player may hold at most seven cards in hand.", context="Cards"
    ),
    doc("1.3", "1.3", "Drawing happens in initiative order.", context="Cards"),
    doc("1.4", "1.4", "Cards drawn are kept hidden.", context="Cards"),
    doc(
        "cancel",
        "Cancel",
        "When another player plays a card, cancel that card.",
        kind="card",
        context="Action card",
        aliases=("cancel",),
    ),
    doc("hand-limit", "hand limit", "Seven cards at most.", kind="term"),
    doc("cards", "Cards", "How cards are drawn and played.", kind="topic"),
]
