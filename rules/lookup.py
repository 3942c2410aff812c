"""What a typed or linked rule id or topic number leads to: the rule, its topic
when the reference does not carry that rule yet, or a plain statement of why
there is nothing to show."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlencode

from django.urls import reverse

from rules.ids import canonical_rule_id, split_topic_code, topic_of
from rules.models import Game, Topic

MISSING_PARAMETER = "missing"


@dataclass(frozen=True)
class Lookup:
    """Where to send the reader (``url``), or why nowhere (``message``)."""

    url: str | None = None
    message: str = ""


def find_topic(game: Game, code: str) -> Topic | None:
    """The topic numbered ``code`` (``58``, ``TE1``, any case), if carried."""
    parts = split_topic_code(code)
    if parts is None:
        return None
    return game.topics.filter(prefix=parts[0], number=parts[1]).first()


def look_up(game: Game, wanted: str) -> Lookup:
    """Resolve a rule id (any case, with or without a leading "rule" or "§")
    or a topic number, as typed in the jump box or a permalink."""
    text = re.sub(r"^(?:rule\s*|§\s*)", "", wanted, flags=re.IGNORECASE).strip()
    if split_topic_code(text) is not None:
        topic = find_topic(game, text)
        if topic is not None:
            return Lookup(url=topic.get_absolute_url())
        return Lookup(message=no_topic(game, text.upper()))
    rule_id = canonical_rule_id(text)
    if rule_id is None:
        return Lookup(
            message=f"There is no rule “{wanted}” in {game.short_name}. Type a rule "
            "id such as 2.4, 2.4a, 8.2.i or 2.N1, or a topic number."
        )
    if game.rules.filter(rule_id=rule_id).exists():
        return Lookup(url=reverse("rules:rule", args=[game.slug, rule_id]))
    topic = find_topic(game, topic_of(rule_id))
    if topic is None:
        return Lookup(
            message=f"There is no rule “{wanted}” in {game.short_name}: "
            f"its rules reference has no topic {topic_of(rule_id)}."
        )
    query = urlencode({MISSING_PARAMETER: rule_id})
    return Lookup(url=f"{topic.get_absolute_url()}?{query}")


def no_topic(game: Game, code: str) -> str:
    return f"There is no topic {code} in the {game.short_name} rules reference."


def missing_notice(topic: Topic, wanted: str, carried: set[str]) -> str:
    """The sentence a topic page opens with when it was reached for a rule it
    does not carry (``?missing=58.9``); empty when there is nothing to say."""
    rule_id = canonical_rule_id(wanted)
    if rule_id is None or topic_of(rule_id) != topic.code or rule_id in carried:
        return ""
    kind = "Note" if ".N" in rule_id else "Rule"
    return (
        f"{kind} {rule_id} is not in our reference yet; "
        f"here is topic {topic.code} {topic.title}."
    )
