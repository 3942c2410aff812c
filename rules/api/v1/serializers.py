"""Read-only representations of a game's content, version 1.

Every object has a stable string ``id`` (slug or rule id), ``url`` (its API
resource) and ``web_url`` (its page). Other objects are referred to by compact
``*Ref`` objects carrying the same three keys. Views load what these read
(``select_related`` / ``prefetch_related``); serializers make no queries of
their own except ``cited_by`` on detail endpoints.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Model, QuerySet
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from rules.api.v1.fields import DetailUrlField, GameLinkField, WebUrlField
from rules.content.cardfields import KIND_NAMES
from rules.models import Card, Game, Rule, Ruling, Term, Topic, mentions_of


class ReadOnlyFieldsMixin:
    # Every field is output only, so the schema marks each one as always
    # present (``required``) in responses. (A comment, not a docstring: the
    # schema would show a docstring as every component's description.)

    def get_fields(self) -> dict[str, serializers.Field]:
        fields: dict[str, serializers.Field] = super().get_fields()  # type: ignore[misc]
        for field in fields.values():
            field.read_only = True
        return fields


class OutputSerializer(ReadOnlyFieldsMixin, serializers.Serializer):
    pass


class ModelOutputSerializer(ReadOnlyFieldsMixin, serializers.ModelSerializer):
    pass


# --- compact references ---------------------------------------------------


class ContentSerializer(ModelOutputSerializer):
    # The keys every object has: its stable id and its two absolute URLs.
    id = serializers.CharField(source="slug", help_text="Stable id: the slug.")
    url = DetailUrlField()
    web_url = WebUrlField()


def rule_id_field() -> serializers.CharField:
    return serializers.CharField(
        source="rule_id", help_text='Rule id: "2.4a", "8.2.i", "2.N1".'
    )


def topic_code_field() -> serializers.CharField:
    return serializers.CharField(
        read_only=True,
        help_text='The topic\'s number as written: "58", or "TE1" for a topic '
        "the printed reference does not number (`number` is then 1).",
    )


class TopicRefSerializer(ContentSerializer):
    code = topic_code_field()

    class Meta:
        model = Topic
        fields = ["id", "number", "code", "title", "url", "web_url"]


class RuleRefSerializer(ContentSerializer):
    id = rule_id_field()
    topic = serializers.CharField(source="topic.slug", help_text="Its topic's id.")

    class Meta:
        model = Rule
        fields = ["id", "topic", "url", "web_url"]


class CardRefSerializer(ContentSerializer):
    class Meta:
        model = Card
        fields = ["id", "name", "url", "web_url"]


class TermRefSerializer(ContentSerializer):
    class Meta:
        model = Term
        fields = ["id", "term", "url", "web_url"]


class RulingRefSerializer(ContentSerializer):
    class Meta:
        model = Ruling
        fields = ["id", "question", "url", "web_url"]


class CitedBySerializer(OutputSerializer):
    """Everything whose text cross-links to an object, by kind."""

    topics = TopicRefSerializer(many=True)
    rules = RuleRefSerializer(many=True)
    cards = CardRefSerializer(many=True)
    terms = TermRefSerializer(many=True)
    rulings = RulingRefSerializer(many=True)


_BACKLINK_SOURCES: dict[str, tuple[str, type[Model], str]] = {
    "topic": ("topics", Topic, "slug"),
    "rule": ("rules", Rule, "rule_id"),
    "card": ("cards", Card, "slug"),
    "term": ("terms", Term, "slug"),
    "ruling": ("rulings", Ruling, "slug"),
}


def cited_by(game: Game, kind: str, key: str) -> dict[str, list[Model]]:
    """The objects whose text links to ``kind:key``: one query for the links,
    then one per kind of source that has any."""
    found: dict[str, list[Model]] = {
        plural: [] for plural, _, _ in _BACKLINK_SOURCES.values()
    }
    for source_kind, keys in mentions_of(game, kind, key).items():
        plural, model, field = _BACKLINK_SOURCES[source_kind]
        rows: QuerySet[Any] = model._default_manager.filter(
            game=game, **{f"{field}__in": keys}
        )
        if model is Rule:
            rows = rows.select_related("topic")
        found[plural] = list(rows)
    return found


@extend_schema_field(CitedBySerializer)
class CitedByField(serializers.Field):
    """``cited_by`` of the object, known as ``kind:key`` to Reference rows."""

    def __init__(self, kind: str, attr: str = "slug", **kwargs: Any) -> None:
        self.kind, self.attr = kind, attr
        kwargs.setdefault(
            "help_text",
            "Everything whose text cross-links here ([[…]] links in topics, "
            "rules, cards, terms and rulings), by kind.",
        )
        super().__init__(source="*", read_only=True, **kwargs)

    def to_representation(self, value: Any) -> Any:
        found = cited_by(self.context["game"], self.kind, getattr(value, self.attr))
        return CitedBySerializer(found, context=self.context).data


# --- games ----------------------------------------------------------------


class ReferenceDocumentSerializer(OutputSerializer):
    name = serializers.CharField(source="reference_name")
    version = serializers.CharField(source="reference_version")
    date = serializers.DateField(source="reference_date", allow_null=True)


class GameLinksSerializer(OutputSerializer):
    topics = GameLinkField("topic-list")
    rules = GameLinkField("rule-list")
    cards = GameLinkField("card-list")
    terms = GameLinkField("term-list")
    rulings = GameLinkField("ruling-list")
    bulk = GameLinkField("bulk")
    search = GameLinkField("search")


class CardFieldSerializer(OutputSerializer):
    key = serializers.CharField(help_text="The field's key in a card's `attrs`.")
    kind = serializers.ChoiceField(
        choices=KIND_NAMES, help_text="What the field holds (see the API docs)."
    )
    label = serializers.CharField(help_text="How pages label it.")
    choices = serializers.DictField(
        child=serializers.CharField(),
        help_text="For choice kinds: each allowed value and its label.",
    )
    card_types = serializers.ListField(
        child=serializers.CharField(),
        help_text="For card kinds: the card types a value may name (any if empty).",
    )
    required = serializers.BooleanField(help_text="Whether every such card has it.")


class GameSerializer(ContentSerializer):
    reference = ReferenceDocumentSerializer(
        source="*", help_text="The published rules document this content follows."
    )
    vocabularies = serializers.DictField(
        child=serializers.DictField(child=serializers.CharField()),
        help_text="Labels of the keys used by cards: card_types, expansions, "
        "windows (timing windows), flags and factions.",
    )
    card_fields = serializers.DictField(
        child=CardFieldSerializer(many=True),
        help_text="The own fields of each card type (a card's `attrs`), in order.",
    )
    content_version = serializers.CharField(
        help_text="Hash of the loaded content; changes whenever any of it does."
    )
    loaded_at = serializers.DateTimeField(
        allow_null=True, help_text="When this content version was loaded."
    )
    links = GameLinksSerializer(source="*", help_text="The game's collections.")

    class Meta:
        model = Game
        fields = [
            "id",
            "name",
            "short_name",
            "reference",
            "vocabularies",
            "card_fields",
            "content_version",
            "loaded_at",
            "links",
            "url",
            "web_url",
        ]


# --- topics and rules -----------------------------------------------------


class RuleSerializer(ContentSerializer):
    id = rule_id_field()
    kind = serializers.ChoiceField(choices=Rule.Kind.choices)
    topic = TopicRefSerializer()
    parent = RuleRefSerializer(
        allow_null=True, help_text="The rule a lettered sub-rule belongs to."
    )
    source = serializers.CharField(help_text="rules-reference, faq, designer…")

    class Meta:
        model = Rule
        fields = [
            "id",
            "kind",
            "topic",
            "parent",
            "text_md",
            "text_html",
            "source",
            "date",
            "url",
            "web_url",
        ]


class RuleDetailSerializer(RuleSerializer):
    children = RuleRefSerializer(many=True, help_text="Its lettered sub-rules.")
    cards = CardRefSerializer(many=True, help_text="Cards that cite this rule.")
    rulings = RulingRefSerializer(many=True, help_text="Rulings that cite it.")
    cited_by = CitedByField("rule", attr="rule_id")

    class Meta(RuleSerializer.Meta):
        fields = [
            *RuleSerializer.Meta.fields,
            "children",
            "cards",
            "rulings",
            "cited_by",
        ]


class TopicSerializer(ContentSerializer):
    code = topic_code_field()
    expansion = serializers.CharField(
        help_text='The expansion the topic belongs to: "base", "te"... '
        "(keys of the game's expansions)."
    )

    class Meta:
        model = Topic
        fields = [
            "id",
            "number",
            "code",
            "expansion",
            "title",
            "summary_md",
            "summary_html",
            "updated",
            "url",
            "web_url",
        ]


class TopicDetailSerializer(TopicSerializer):
    rules = RuleSerializer(many=True, help_text="Numbered rules, then notes.")
    related = TopicRefSerializer(many=True, help_text="Related topics.")
    terms = TermRefSerializer(many=True, help_text="Glossary terms of this topic.")
    cards = CardRefSerializer(
        source="cards_citing", many=True, help_text="Cards citing any of its rules."
    )
    rulings = RulingRefSerializer(
        source="rulings_citing", many=True, help_text="Rulings citing any of its rules."
    )
    cited_by = CitedByField("topic")

    class Meta(TopicSerializer.Meta):
        fields = [
            *TopicSerializer.Meta.fields,
            "rules",
            "related",
            "terms",
            "cards",
            "rulings",
            "cited_by",
        ]


# --- cards, terms, rulings ------------------------------------------------


class CardNoteSerializer(OutputSerializer):
    text_md = serializers.CharField()
    text_html = serializers.CharField()
    source = serializers.ChoiceField(
        choices=Ruling.Source.choices, help_text="Where the clarification comes from."
    )
    date = serializers.DateField(allow_null=True)


class CardSerializer(ContentSerializer):
    type = serializers.CharField(help_text="Key of the game's card_types.")
    expansion = serializers.CharField(help_text="Key of the game's expansions.")
    window = serializers.CharField(
        help_text="Timing window: key of the game's windows ('' when none)."
    )
    flags = serializers.ListField(
        child=serializers.CharField(), help_text="Keys of the game's flags."
    )
    implemented = serializers.BooleanField(
        source="is_implemented", help_text="Whether the oracle can play this card."
    )
    implemented_by = serializers.SerializerMethodField(
        help_text="The oracle pack that implements it, or null."
    )
    rules = RuleRefSerializer(
        source="cited_rules", many=True, help_text="Rules this card cites."
    )
    faction = serializers.CharField(
        help_text="Key of the game's factions ('' when none). A faction's own "
        "card has its faction's key as its id."
    )
    attrs = serializers.DictField(
        child=serializers.JSONField(),
        help_text="The type's own fields (the game's `card_fields`): numbers, "
        "text, Markdown, choice keys, card ids, lists, or for `outcomes` a list "
        "of {outcome, effect} (effect in Markdown).",
    )
    attrs_html = serializers.DictField(
        child=serializers.CharField(),
        help_text="Each attr as the card page shows it (sanitized HTML, with "
        "labels for choices and links for cards).",
    )
    notes = CardNoteSerializer(many=True, help_text="Clarifications, with sources.")
    replaces = CardRefSerializer(
        allow_null=True, help_text="The card this revised card replaces, or null."
    )
    revised_as = CardRefSerializer(
        many=True, help_text="The revised cards that replace this one."
    )

    class Meta:
        model = Card
        fields = [
            "id",
            "name",
            "type",
            "expansion",
            "count",
            "window",
            "timing_md",
            "timing_html",
            "effect_md",
            "effect_html",
            "flags",
            "faction",
            "attrs",
            "attrs_html",
            "notes",
            "replaces",
            "revised_as",
            "implemented",
            "implemented_by",
            "rules",
            "url",
            "web_url",
        ]

    def get_implemented_by(self, card: Card) -> str | None:
        return card.implemented_by or None


class CardDetailSerializer(CardSerializer):
    rulings = RulingRefSerializer(many=True, help_text="Rulings about this card.")
    cited_by = CitedByField("card")

    class Meta(CardSerializer.Meta):
        fields = [*CardSerializer.Meta.fields, "rulings", "cited_by"]


class TermSerializer(ContentSerializer):
    topic = TopicRefSerializer(allow_null=True, help_text="Where the term is ruled.")
    rule = RuleRefSerializer(
        allow_null=True,
        help_text="The numbered rule that states the definition (its id is the "
        'rule id, e.g. "2.4"), or null when no single rule does.',
    )

    class Meta:
        model = Term
        fields = [
            "id",
            "term",
            "topic",
            "rule",
            "definition_md",
            "definition_html",
            "url",
            "web_url",
        ]


class VerificationSerializer(ModelOutputSerializer):
    status = serializers.ChoiceField(
        source="verification",
        choices=Ruling.Verification.choices,
        help_text="none (no scenario), pending, passed (the oracle agrees), failed.",
    )
    engine_verified = serializers.BooleanField(source="is_engine_verified")
    engine_version = serializers.CharField(source="verified_engine_version")

    class Meta:
        model = Ruling
        fields = ["status", "engine_verified", "verified_at", "engine_version"]


class RulingSerializer(ContentSerializer):
    source = serializers.ChoiceField(choices=Ruling.Source.choices)
    cards = CardRefSerializer(many=True, help_text="Cards the ruling is about.")
    rules = RuleRefSerializer(many=True, help_text="Rules the ruling cites.")
    verification = VerificationSerializer(
        source="*", help_text="Whether the oracle reproduces the ruling."
    )
    scenario = serializers.JSONField(
        allow_null=True,
        help_text="The oracle scenario that checks this ruling, or null.",
    )

    class Meta:
        model = Ruling
        fields = [
            "id",
            "question",
            "answer_md",
            "answer_html",
            "source",
            "date",
            "updated",
            "cards",
            "rules",
            "verification",
            "scenario",
            "url",
            "web_url",
        ]


class RulingDetailSerializer(RulingSerializer):
    cited_by = CitedByField("ruling")

    class Meta(RulingSerializer.Meta):
        fields = [*RulingSerializer.Meta.fields, "cited_by"]


# --- bulk -----------------------------------------------------------------


class BulkSerializer(OutputSerializer):
    """The whole content of one game in one document."""

    game = GameSerializer()
    content_version = serializers.CharField()
    generated_at = serializers.DateTimeField()
    topics = TopicSerializer(many=True)
    rules = RuleSerializer(many=True)
    cards = CardSerializer(many=True)
    terms = TermSerializer(many=True)
    rulings = RulingSerializer(many=True)
