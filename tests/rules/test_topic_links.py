"""The lists a topic page reads from what the loader stored agree, for every
topic of the real content, with what the database's rows say: the backlinks
of ``Reference``, the cards' cited rules, the related topics and the terms.
Card and ruling pages still ask the rows, so the two must never drift."""

from __future__ import annotations

from typing import Any

from rules.backlinks import find_backlinks
from rules.models import Card, Game, Topic


def keys(links: list[Any]) -> list[str]:
    return [link["key"] if isinstance(link, dict) else link.key for link in links]


def test_every_topic_stores_the_backlinks_the_references_give(ti4: Game) -> None:
    topics = ti4.topics.select_related("links").prefetch_related("rules")
    for topic in topics:
        rule_ids = [rule.rule_id for rule in topic.rules.all()]
        own = [("topic", topic.slug), *(("rule", rule_id) for rule_id in rule_ids)]
        found = find_backlinks(
            ti4, {"topic": [topic.slug], "rule": rule_ids}, exclude=own
        )
        stored = topic.links.data

        mentions = stored["mentions"]
        assert keys(mentions["topics"]) == keys(found.topics), topic.slug
        assert keys(mentions["rules"]) == keys(found.rules), topic.slug
        # Names and terms: the same set (a database's collation may order them
        # otherwise than Python's code points).
        assert sorted(keys(mentions["cards"])) == sorted(keys(found.cards)), topic.slug
        assert sorted(keys(mentions["terms"])) == sorted(keys(found.terms)), topic.slug
        assert stored["rulings"] == sorted(keys(found.rulings)), topic.slug


def test_every_topic_stores_its_citing_cards_related_topics_and_terms(
    ti4: Game,
) -> None:
    through = Card.cited_rules.through.objects.filter(card__game=ti4)
    cited: dict[str, dict[str, list[str]]] = {}
    for topic, card, rule_id in through.order_by("rule__position").values_list(
        "rule__topic__slug", "card__slug", "rule__rule_id"
    ):
        cited.setdefault(topic, {}).setdefault(card, []).append(rule_id)
    checked = 0
    for topic in Topic.objects.filter(game=ti4).select_related("links"):
        stored = topic.links.data
        citing = {
            card["slug"]: card["rules"] for card in stored["cards"] if card["rules"]
        }
        assert citing == cited.get(topic.slug, {}), topic.slug
        assert keys(stored["related"]) == [t.slug for t in topic.related.all()]
        assert sorted(keys(stored["terms"])) == sorted(
            topic.terms.values_list("slug", flat=True)
        )
        checked += bool(citing)
    assert checked > 20  # the real content: most topics are cited by some card
