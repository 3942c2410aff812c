"""Example payloads for the OpenAPI schema, in the shape the API returns them.

Built from a few helpers so that every reference object has the same keys as
the serializers produce. Texts are shortened; ids are real ``ti4`` ids.
"""

from __future__ import annotations

from typing import Any

SITE = "https://rulesite.example"
API = f"{SITE}/api/v1/ti4"


def ref(collection: str, key: str, web_path: str, **label: Any) -> dict[str, Any]:
    """A reference object: id, its label field(s), API URL and page URL."""
    return {
        "id": key,
        **label,
        "url": f"{API}/{collection}/{key}/",
        "web_url": f"{SITE}/ti4/{web_path}",
    }


def topic_ref(slug: str, number: int, title: str) -> dict[str, Any]:
    return ref(
        "topics", slug, f"rules/{slug}/", number=number, code=str(number), title=title
    )


def rule_ref(rule_id: str, topic: str) -> dict[str, Any]:
    return ref("rules", rule_id, f"rules/{topic}/#{rule_id}", topic=topic)


def card_ref(slug: str, name: str) -> dict[str, Any]:
    return ref("cards", slug, f"cards/{slug}/", name=name)


def term_ref(slug: str, term: str) -> dict[str, Any]:
    return ref("terms", slug, f"glossary/#term-{slug}", term=term)


def ruling_ref(slug: str, question: str) -> dict[str, Any]:
    return ref("rulings", slug, f"rulings/{slug}/", question=question)


def cited_by(**kinds: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        kind: kinds.get(kind, [])
        for kind in ("topics", "rules", "cards", "terms", "rulings")
    }


ACTION_CARDS = topic_ref("action-cards", 2, "Action Cards")
SABOTAGE_QUESTION = "Can a Sabotage be cancelled by another Sabotage?"

GAME = {
    "id": "ti4",
    "name": "Twilight Imperium (Fourth Edition)",
    "short_name": "TI4",
    "reference": {
        "name": "Living Rules Reference",
        "version": "2.0",
        "date": "2023-01-01",
    },
    "vocabularies": {
        "card_types": {"action": "Action card", "technology": "Technology"},
        "expansions": {"base": "Base game", "pok": "Prophecy of Kings"},
        "windows": {"when-action-card-played": "When an action card is played"},
        "flags": {"offensive": "Offensive: cannot be aimed at the player who plays it"},
        "factions": {"xxcha": "The Xxcha Kingdom", "yssaril": "The Yssaril Tribes"},
    },
    "card_fields": {
        "technology": [
            {
                "key": "colour",
                "kind": "choice",
                "label": "Colour",
                "choices": {"blue": "Blue", "green": "Green"},
                "card_types": [],
                "required": False,
            },
            {
                "key": "prerequisites",
                "kind": "choice-list",
                "label": "Prerequisites",
                "choices": {"blue": "Blue", "green": "Green"},
                "card_types": [],
                "required": False,
            },
        ]
    },
    "content_version": "f4ca81bd03b756c4f493eab0f6dd7c34a614d991de8e7dddfeeef45b67b94fc7",  # noqa: E501
    "loaded_at": "2026-11-21T19:22:00.377730Z",
    "links": {
        name: f"{API}/{name}/"
        for name in ("topics", "rules", "cards", "terms", "rulings", "bulk", "search")
    },
    "url": f"{SITE}/api/v1/games/ti4/",
    "web_url": f"{SITE}/ti4/",
}

TOPIC = {
    **ACTION_CARDS,
    "expansion": "base",
    "summary_md": "Action cards are one-shot abilities kept in a hidden hand.",
    "summary_html": "<p>Action cards are one-shot abilities kept in a hidden hand.</p>",
    "updated": "2023-01-01",
}

RULE = {
    "id": "2.4a",
    "kind": "rule",
    "topic": ACTION_CARDS,
    "parent": rule_ref("2.4", "action-cards"),
    "text_md": "That limit of seven can be raised or lowered by game effects.",
    "text_html": "<p>That limit of seven can be raised or lowered by game effects.</p>",
    "source": "rules-reference",
    "date": None,
    "url": f"{API}/rules/2.4a/",
    "web_url": f"{SITE}/ti4/rules/action-cards/#2.4a",
}

RULE_DETAIL = {
    **RULE,
    "children": [],
    "cards": [card_ref("crafty", "Crafty")],
    "rulings": [],
    "cited_by": cited_by(terms=[term_ref("hand-limit", "hand limit")]),
}

TOPIC_DETAIL = {
    **TOPIC,
    "rules": [RULE],
    "related": [topic_ref("abilities", 1, "Abilities")],
    "terms": [term_ref("hand-limit", "hand limit")],
    "cards": [card_ref("sabotage", "Sabotage")],
    "rulings": [ruling_ref("sabotage-vs-sabotage", SABOTAGE_QUESTION)],
    "cited_by": cited_by(rules=[rule_ref("81.3", "status-phase")]),
}

CARD = {
    "id": "sabotage",
    "name": "Sabotage",
    "type": "action",
    "expansion": "base",
    "count": 4,
    "window": "when-action-card-played",
    "timing_md": "When another player plays an action card, unless it is a Sabotage.",
    "timing_html": "<p>When another player plays an action card, unless it is a "
    "Sabotage.</p>",
    "effect_md": "That action card is cancelled.",
    "effect_html": "<p>That action card is cancelled.</p>",
    "flags": [],
    "faction": "",
    "attrs": {},
    "attrs_html": {},
    "notes": [],
    "replaces": None,
    "revised_as": [],
    "implemented": True,
    "implemented_by": "ti4",
    "rules": [rule_ref("2.6", "action-cards"), rule_ref("2.8", "action-cards")],
    "url": f"{API}/cards/sabotage/",
    "web_url": f"{SITE}/ti4/cards/sabotage/",
}

CARD_DETAIL = {
    **CARD,
    "rulings": [ruling_ref("sabotage-vs-sabotage", SABOTAGE_QUESTION)],
    "cited_by": cited_by(
        rules=[rule_ref("2.N8", "action-cards")], terms=[term_ref("cancel", "cancel")]
    ),
}

TERM = {
    "id": "hand-limit",
    "term": "hand limit",
    "topic": ACTION_CARDS,
    "rule": rule_ref("2.4", "action-cards"),
    "definition_md": "The most action cards a player may hold: seven.",
    "definition_html": "<p>The most action cards a player may hold: seven.</p>",
    "url": f"{API}/terms/hand-limit/",
    "web_url": f"{SITE}/ti4/glossary/#term-hand-limit",
}

RULING = {
    "id": "sabotage-vs-sabotage",
    "question": SABOTAGE_QUESTION,
    "answer_md": "No. Sabotage's own timing excludes a card named Sabotage.",
    "answer_html": "<p>No. Sabotage's own timing excludes a card named Sabotage.</p>",
    "source": "rules-reference",
    "date": "2023-01-01",
    "cards": [card_ref("sabotage", "Sabotage")],
    "rules": [rule_ref("2.8", "action-cards")],
    "verification": {
        "status": "passed",
        "engine_verified": True,
        "verified_at": "2026-11-21T19:30:00Z",
        "engine_version": "0.1.0",
    },
    "scenario": {
        "game": "ti4",
        "players": [
            {"name": "Alice", "hand": ["sabotage"]},
            {"name": "Bob", "hand": ["sabotage"]},
        ],
        "steps": [
            {"player": "Alice", "play": "sabotage"},
            {"player": "Bob", "play": "sabotage"},
        ],
    },
    "url": f"{API}/rulings/sabotage-vs-sabotage/",
    "web_url": f"{SITE}/ti4/rulings/sabotage-vs-sabotage/",
}

RULING_DETAIL = {**RULING, "cited_by": cited_by()}

BULK = {
    "game": GAME,
    "content_version": GAME["content_version"],
    "generated_at": "2026-11-21T19:25:13.102934Z",
    "topics": [TOPIC],
    "rules": [RULE],
    "cards": [CARD],
    "terms": [TERM],
    "rulings": [RULING],
}


def error(code: str, message: str, **details: Any) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "details": details}}


NOT_FOUND = error(
    "not_found", "Twilight Imperium (Fourth Edition) has no card 'sabotag'."
)
INVALID = error(
    "invalid",
    "Some parameters are invalid; see details.",
    page_size=["Must be at most 200."],
)
THROTTLED = error(
    "throttled",
    "Request was throttled. Expected available in 12 seconds.",
    retry_after=12,
)
