"""Replace a game's rows with validated content. Runs inside one transaction."""

from __future__ import annotations

import datetime as dt

from rules.content.attrhtml import render_attrs
from rules.content.glossary import TermLinker
from rules.content.history import History, card_hash, topic_hash
from rules.content.markup import Renderer
from rules.content.specs import CardSpec, GameContent, RulingSpec, Text
from rules.content.topiclinks import topic_links
from rules.models import (
    Card,
    Game,
    Reference,
    Rule,
    Ruling,
    Term,
    Topic,
    TopicLinks,
)
from rules.text import opening, plain_text

# Within Ruling.answer_opening's 300 characters, with room for the ellipsis.
OPENING_LENGTH = 240


class _Writer:
    def __init__(self, game: Game, renderer: Renderer) -> None:
        self.game = game
        self.renderer = renderer
        self.references: list[Reference] = []

    def html(self, text: Text, source_kind: str, source_key: str) -> str:
        html, linked = self.renderer.render(text.source)
        for kind, key in linked:
            self.references.append(
                Reference(
                    game=self.game,
                    source_kind=source_kind,
                    source_key=source_key,
                    target_kind=kind,
                    target_key=key,
                )
            )
        return html


def write_content(
    content: GameContent,
    renderer: Renderer,
    implemented: dict[str, str],
    *,
    now: dt.datetime,
) -> Game:
    """Delete the game's content and insert ``content`` in its place."""
    game = _upsert_game(content, now)
    # Read before the rows go: the dates of what did not change carry over.
    topic_history = History.read(Topic, game, now)
    card_history = History.read(Card, game, now)
    for model in (Reference, Ruling, Term, Card, Rule, Topic):
        model.objects.filter(game=game).delete()
    writer = _Writer(game, renderer)
    topics, rules = _write_topics(content, writer, topic_history)
    cards = _write_cards(content, writer, rules, implemented, card_history)
    _write_terms(content, writer, topics, rules)
    _write_rulings(content, writer, cards, rules)
    Reference.objects.bulk_create(writer.references)
    _write_topic_links(content, writer, topics)
    return game


def _write_topic_links(
    content: GameContent, writer: _Writer, topics: dict[str, Topic]
) -> None:
    references = [
        (ref.source_kind, ref.source_key, ref.target_kind, ref.target_key)
        for ref in writer.references
    ]
    TopicLinks.objects.bulk_create(
        TopicLinks(topic=topics[slug], data=data)
        for slug, data in topic_links(content, references).items()
    )


def _upsert_game(content: GameContent, now: dt.datetime) -> Game:
    spec = content.game
    game, _ = Game.objects.update_or_create(
        slug=spec.slug,
        defaults={
            "name": spec.name,
            "short_name": spec.short_name,
            "reference_name": spec.reference_name,
            "reference_version": spec.reference_version,
            "reference_date": spec.reference_date,
            "vocabularies": spec.vocabularies,
            "card_fields": {
                card_type: [field.as_json() for field in fields]
                for card_type, fields in spec.card_fields.items()
            },
            "content_version": content.version,
            "loaded_at": now,
        },
    )
    return game


def _write_topics(
    content: GameContent, writer: _Writer, history: History
) -> tuple[dict[str, Topic], dict[str, Rule]]:
    game = writer.game
    default_date = content.game.reference_date
    topics: dict[str, Topic] = {}
    for spec in content.topics:
        topics[spec.slug] = Topic(
            game=game,
            prefix=spec.prefix,
            number=spec.number,
            expansion=spec.expansion,
            slug=spec.slug,
            title=spec.title,
            summary_md=spec.summary.source,
            summary_html=writer.html(spec.summary, "topic", spec.slug),
            body_md=spec.body,
            updated=spec.updated or default_date,
            source_file=spec.file,
            **history.seen(spec.slug, topic_hash(spec)).fields(),
        )
    Topic.objects.bulk_create(topics.values())
    rules: dict[str, Rule] = {}
    linker = TermLinker((term.term, term.slug) for term in content.terms)
    defined = _terms_defined_by_rule(content)
    for spec in content.topics:
        # A topic's own terms are defined right there: linking them is noise.
        own_terms = frozenset(t.slug for t in content.terms if t.topic == spec.slug)
        for rule in spec.rules:
            # Nor does a rule link the terms it defines back to the glossary.
            skip = own_terms | defined.get(rule.rule_id, frozenset())
            linked = Text(
                linker.link(rule.text.source, skip=skip),
                rule.text.file,
                rule.text.line,
            )
            rules[rule.rule_id] = Rule(
                game=game,
                topic=topics[spec.slug],
                rule_id=rule.rule_id,
                kind=rule.kind,
                position=rule.position,
                text_md=rule.text.source,
                text_html=writer.html(linked, "rule", rule.rule_id),
                source=rule.source,
                date=rule.date or (default_date if rule.kind == "note" else None),
            )
    Rule.objects.bulk_create(rules.values())
    _link_parents(content, rules)
    _link_related(content, topics)
    return topics, rules


def _terms_defined_by_rule(content: GameContent) -> dict[str, frozenset[str]]:
    defined: dict[str, frozenset[str]] = {}
    for term in content.terms:
        if term.rule:
            defined[term.rule] = defined.get(term.rule, frozenset()) | {term.slug}
    return defined


def _link_parents(content: GameContent, rules: dict[str, Rule]) -> None:
    children = []
    for spec in content.topics:
        for rule in spec.rules:
            if rule.parent_id:
                child = rules[rule.rule_id]
                child.parent = rules[rule.parent_id]
                children.append(child)
    Rule.objects.bulk_update(children, ["parent"])


def _link_related(content: GameContent, topics: dict[str, Topic]) -> None:
    through = Topic.related.through
    through.objects.bulk_create(
        through(from_topic=topics[spec.slug], to_topic=topics[slug])
        for spec in content.topics
        for slug in dict.fromkeys(spec.related)
    )


def _write_cards(
    content: GameContent,
    writer: _Writer,
    rules: dict[str, Rule],
    implemented: dict[str, str],
    history: History,
) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for spec in content.cards:
        cards[spec.slug] = Card(
            game=writer.game,
            slug=spec.slug,
            name=spec.name,
            type=spec.type,
            expansion=spec.expansion,
            count=spec.count,
            window=spec.window,
            timing_md=spec.timing.source if spec.timing else "",
            timing_html=writer.html(spec.timing, "card", spec.slug)
            if spec.timing
            else "",
            effect_md=spec.effect.source,
            effect_html=writer.html(spec.effect, "card", spec.slug),
            flags=spec.flags,
            faction=spec.faction,
            attrs=spec.attrs,
            attrs_html=render_attrs(
                spec,
                content.game.card_fields.get(spec.type, []),
                lambda text, slug=spec.slug: writer.html(text, "card", slug),
            ),
            notes=_notes(spec, writer),
            implemented_by=implemented.get(spec.slug, ""),
            **history.seen(spec.slug, card_hash(spec)).fields(),
        )
    Card.objects.bulk_create(cards.values())
    revised = []
    for spec in content.cards:
        if spec.replaces:
            cards[spec.slug].replaces = cards[spec.replaces]
            revised.append(cards[spec.slug])
    Card.objects.bulk_update(revised, ["replaces"])
    through = Card.cited_rules.through
    through.objects.bulk_create(
        through(card=cards[spec.slug], rule=rules[rule_id])
        for spec in content.cards
        for rule_id in dict.fromkeys(spec.rules)
    )
    return cards


def _notes(spec: CardSpec, writer: _Writer) -> list[dict[str, str | None]]:
    return [
        {
            "text_md": note.text.source,
            "text_html": writer.html(note.text, "card", spec.slug),
            "source": note.source,
            "date": note.date.isoformat() if note.date else None,
        }
        for note in spec.notes
    ]


def _write_terms(
    content: GameContent,
    writer: _Writer,
    topics: dict[str, Topic],
    rules: dict[str, Rule],
) -> None:
    Term.objects.bulk_create(
        Term(
            game=writer.game,
            slug=spec.slug,
            term=spec.term,
            topic=topics.get(spec.topic) if spec.topic else None,
            rule=rules[spec.rule] if spec.rule else None,
            definition_md=spec.definition.source,
            definition_html=writer.html(spec.definition, "term", spec.slug),
        )
        for spec in content.terms
    )


def _write_rulings(
    content: GameContent,
    writer: _Writer,
    cards: dict[str, Card],
    rules: dict[str, Rule],
) -> None:
    rulings = {spec.slug: _ruling(spec, writer) for spec in content.rulings}
    Ruling.objects.bulk_create(rulings.values())
    for field, lookup in (("cards", cards), ("rules", rules)):
        through = getattr(Ruling, field).through
        target = "card" if field == "cards" else "rule"
        through.objects.bulk_create(
            through(ruling=rulings[spec.slug], **{target: lookup[key]})
            for spec in content.rulings
            for key in dict.fromkeys(getattr(spec, field))
        )


def _ruling(spec: RulingSpec, writer: _Writer) -> Ruling:
    answer_html = writer.html(spec.answer, "ruling", spec.slug)
    return Ruling(
        game=writer.game,
        slug=spec.slug,
        question=spec.question,
        answer_md=spec.answer.source,
        answer_html=answer_html,
        answer_opening=opening(plain_text(answer_html), limit=OPENING_LENGTH),
        source=spec.source,
        date=spec.date,
        updated=spec.updated,
        scenario=spec.scenario,
        verification=(
            Ruling.Verification.PENDING if spec.scenario else Ruling.Verification.NONE
        ),
    )
