"""What a topic page lists beside its rules, worked out once when content loads:
the topics before and after it, its related topics and terms, the cards that
cite its rules or link to it, and what else links to it. Content changes only
by loading, so the page reads one stored value instead of running a query
for each list (``rules.topiclinks`` reads it back).

Each link is stored as ``{"kind", "key", "label"}`` plus ``"code"`` (a
topic's number, a rule's id) and, for a rule, its ``"topic"`` slug: keys, not
URLs, so a change of URLs needs no reload. Rulings are stored as slugs only:
the page reads their verification, which ``verify_rulings`` changes, live."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from rules.content.specs import GameContent, RuleSpec, TopicSpec

#: (source kind, source key, target kind, target key) of one cross-link.
Reference = tuple[str, str, str, str]

StoredLink = dict[str, str]


def topic_links(
    content: GameContent, references: Iterable[Reference]
) -> dict[str, dict[str, Any]]:
    """The stored links of every topic of ``content``, by topic slug."""
    game = _Lookups(content, references)
    return {spec.slug: game.links_of(index) for index, spec in enumerate(game.topics)}


class _Lookups:
    """One game's content indexed once for all its topics."""

    def __init__(self, content: GameContent, references: Iterable[Reference]) -> None:
        # Reference order: numbered topics, then prefixed ones such as TE1.
        self.topics = sorted(
            content.topics, key=lambda spec: (spec.prefix, spec.number)
        )
        self.by_slug = {spec.slug: spec for spec in self.topics}
        self.order = {spec.slug: index for index, spec in enumerate(self.topics)}
        self.rules: dict[str, tuple[TopicSpec, RuleSpec]] = {
            rule.rule_id: (spec, rule) for spec in self.topics for rule in spec.rules
        }
        self.card_names = {card.slug: card.name for card in content.cards}
        self.terms = content.terms
        self.term_labels = {term.slug: term.term for term in content.terms}
        self.rulings = {ruling.slug for ruling in content.rulings}
        self.linking: dict[tuple[str, str], set[tuple[str, str]]] = defaultdict(set)
        for source_kind, source_key, target_kind, target_key in references:
            self.linking[target_kind, target_key].add((source_kind, source_key))
        self.citing: dict[str, list[str]] = defaultdict(list)
        for card in content.cards:
            for rule_id in dict.fromkeys(card.rules):
                self.citing[rule_id].append(card.slug)

    def links_of(self, index: int) -> dict[str, Any]:
        spec = self.topics[index]
        sources = self._sources(spec)
        following = index + 1 < len(self.topics)
        return {
            "previous": self._topic(self.topics[index - 1]) if index > 0 else None,
            "next": self._topic(self.topics[index + 1]) if following else None,
            "related": self._topics(set(spec.related)),
            "terms": _sorted_by_label(
                {"kind": "term", "key": term.slug, "label": term.term}
                for term in self.terms
                if term.topic == spec.slug
            ),
            "cards": self._cards_citing(spec, sources["card"]),
            "mentions": {
                "topics": self._topics(sources["topic"]),
                "rules": [
                    self._rule(rule_id)
                    for rule_id in sorted(sources["rule"], key=self._rule_order)
                ],
                "cards": _sorted_by_label(
                    {"kind": "card", "key": slug, "label": self.card_names[slug]}
                    for slug in sources["card"]
                ),
                "terms": _sorted_by_label(
                    {"kind": "term", "key": slug, "label": self.term_labels[slug]}
                    for slug in sources["term"]
                ),
            },
            "rulings": sorted(sources["ruling"] & self.rulings),
        }

    def _sources(self, spec: TopicSpec) -> dict[str, set[str]]:
        """What links to the topic or one of its rules, from outside it."""
        own = {("topic", spec.slug)} | {("rule", rule.rule_id) for rule in spec.rules}
        sources: dict[str, set[str]] = defaultdict(set)
        for target in own:
            for kind, key in self.linking.get(target, ()):
                if (kind, key) not in own:
                    sources[kind].add(key)
        return sources

    def _cards_citing(self, spec: TopicSpec, mentioning: set[str]) -> list[Any]:
        """Cards that cite a rule of the topic (with those rules, in page
        order), then the cards whose text links to it, by name."""
        cited: dict[str, list[str]] = {}
        for rule in sorted(spec.rules, key=lambda rule: rule.position):
            for card in self.citing.get(rule.rule_id, ()):
                cited.setdefault(card, []).append(rule.rule_id)
        for card in mentioning:
            cited.setdefault(card, [])
        cards = [
            {"slug": card, "name": self.card_names[card], "rules": rule_ids}
            for card, rule_ids in cited.items()
        ]
        return sorted(cards, key=lambda card: (card["name"].casefold(), card["slug"]))

    def _topic(self, spec: TopicSpec) -> StoredLink:
        return {
            "kind": "topic",
            "key": spec.slug,
            "label": spec.title,
            "code": spec.code,
        }

    def _topics(self, slugs: set[str]) -> list[StoredLink]:
        return [
            self._topic(self.by_slug[slug])
            for slug in sorted(slugs, key=self.order.__getitem__)
        ]

    def _rule(self, rule_id: str) -> StoredLink:
        spec, _ = self.rules[rule_id]
        return {
            "kind": "rule",
            "key": rule_id,
            "label": spec.title,
            "code": rule_id,
            "topic": spec.slug,
        }

    def _rule_order(self, rule_id: str) -> tuple[int, int]:
        spec, rule = self.rules[rule_id]
        return self.order[spec.slug], rule.position


def _sorted_by_label(links: Iterable[StoredLink]) -> list[StoredLink]:
    # As the database lists names and terms: by the text itself, then the key.
    return sorted(links, key=lambda link: (link["label"], link["key"]))
