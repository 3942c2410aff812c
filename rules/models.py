"""Reference content of a game: topics with numbered rules, cards, glossary terms
and rulings. Rows are written only by ``load_content`` from ``fixtures/``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import models
from django.urls import reverse

from rules.ids import RULE_ID, canonical_rule_id, rule_sort_key, topic_code

__all__ = ["RULE_ID", "canonical_rule_id", "rule_sort_key"]


class Game(models.Model):
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=200)
    short_name = models.CharField(max_length=40)
    reference_name = models.CharField(max_length=200, blank=True)
    reference_version = models.CharField(max_length=40, blank=True)
    reference_date = models.DateField(null=True, blank=True)
    vocabularies = models.JSONField(default=dict)
    # The own fields of each card type, as game.yaml declares them:
    # {type: [{key, kind, label, choices, card_types, required}, ...]}.
    card_fields = models.JSONField(default=dict)
    content_version = models.CharField(max_length=64, blank=True)
    loaded_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("rules:game", args=[self.slug])

    def label(self, vocabulary: str, key: str) -> str:
        """The display label of a vocabulary key (card type, window, expansion)."""
        return str(self.vocabularies.get(vocabulary, {}).get(key, key))


class Topic(models.Model):
    """A topic of the rules reference. Its number is ``number`` after an
    optional series ``prefix``: ``58``, or ``TE1`` for a topic the printed
    reference does not number; numbered topics come first."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="topics")
    prefix = models.CharField(max_length=4, blank=True, default="")
    number = models.PositiveIntegerField()
    expansion = models.CharField(max_length=40, default="base")
    slug = models.SlugField()
    title = models.CharField(max_length=200)
    summary_md = models.TextField(blank=True)
    summary_html = models.TextField(blank=True)
    body_md = models.TextField(blank=True)
    related = models.ManyToManyField("self", symmetrical=False, blank=True)
    updated = models.DateField(null=True, blank=True)
    source_file = models.CharField(max_length=300, blank=True)
    # When the site first carried this topic and last saw its text change,
    # worked out at load from content hashes (rules.content.history); None
    # for what the game's first load brought.
    content_hash = models.CharField(max_length=64, blank=True)
    first_seen = models.DateTimeField(null=True, blank=True)
    changed = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "prefix", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "slug"], name="topic_slug_unique"),
            models.UniqueConstraint(
                fields=["game", "prefix", "number"], name="topic_number_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.code} {self.title}"

    def get_absolute_url(self) -> str:
        return reverse("rules:topic", args=[self.game.slug, self.slug])

    @property
    def code(self) -> str:
        """The topic's number as written: ``58``, ``TE1``."""
        return topic_code(self.prefix, self.number)


class TopicLinks(models.Model):
    """What a topic's page lists beside its rules (neighbours, related topics,
    terms, citing cards, backlinks), worked out when content loads: see
    ``rules.content.topiclinks``. A table of its own keeps the JSON out of
    every list of topics."""

    topic = models.OneToOneField(
        Topic, on_delete=models.CASCADE, primary_key=True, related_name="links"
    )
    data = models.JSONField(default=dict)

    def __str__(self) -> str:
        return f"Links of {self.topic_id}"


class Rule(models.Model):
    """A numbered rule (``2.4``), a lettered sub-rule (``2.4a``), a step
    (``8.2.i``) or a note (``2.N1``). The id is the permanent anchor and the
    unit of citation."""

    class Kind(models.TextChoices):
        RULE = "rule"
        NOTE = "note"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rules")
    topic = models.ForeignKey(Topic, on_delete=models.CASCADE, related_name="rules")
    rule_id = models.CharField(max_length=20)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.RULE)
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="children"
    )
    position = models.PositiveIntegerField()
    text_md = models.TextField()
    text_html = models.TextField()
    source = models.CharField(max_length=30, default="rules-reference")
    date = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ["game", "topic__prefix", "topic__number", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "rule_id"], name="rule_id_unique")
        ]

    def __str__(self) -> str:
        return self.rule_id

    def get_absolute_url(self) -> str:
        return f"{self.topic.get_absolute_url()}#{self.rule_id}"

    @property
    def is_note(self) -> bool:
        return self.kind == self.Kind.NOTE


class CardQuerySet(models.QuerySet["Card"]):
    def implemented(self) -> CardQuerySet:
        return self.exclude(implemented_by="")


class Card(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="cards")
    slug = models.SlugField(max_length=100)
    name = models.CharField(max_length=200)
    type = models.CharField(max_length=40)
    expansion = models.CharField(max_length=40)
    count = models.PositiveIntegerField(null=True, blank=True)
    window = models.CharField(max_length=60, blank=True)
    timing_md = models.TextField(blank=True)
    timing_html = models.TextField(blank=True)
    effect_md = models.TextField()
    effect_html = models.TextField()
    flags = models.JSONField(default=list)
    faction = models.CharField(max_length=60, blank=True)
    # The type's own fields (game.yaml card_fields): plain values as written,
    # and the HTML each shows as, rendered once by load_content.
    attrs = models.JSONField(default=dict)
    attrs_html = models.JSONField(default=dict)
    # Clarifications: [{text_md, text_html, source, date}].
    notes = models.JSONField(default=list)
    # A revised (Ω) card names the card it replaces.
    replaces = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="revised_as",
    )
    cited_rules = models.ManyToManyField(Rule, blank=True, related_name="cards")
    # The oracle pack that implements this card; filled by load_content from the
    # engine registry, never typed in fixtures.
    implemented_by = models.CharField(max_length=40, blank=True)
    # As on Topic: first carried and last changed, from content hashes at load.
    content_hash = models.CharField(max_length=64, blank=True)
    first_seen = models.DateTimeField(null=True, blank=True)
    changed = models.DateTimeField(null=True, blank=True)

    objects = CardQuerySet.as_manager()

    class Meta:
        ordering = ["game", "name"]
        constraints = [
            models.UniqueConstraint(fields=["game", "slug"], name="card_slug_unique")
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("rules:card", args=[self.game.slug, self.slug])

    @property
    def is_implemented(self) -> bool:
        return bool(self.implemented_by)


class Term(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="terms")
    slug = models.SlugField(max_length=100)
    term = models.CharField(max_length=200)
    topic = models.ForeignKey(
        Topic, null=True, blank=True, on_delete=models.CASCADE, related_name="terms"
    )
    # The numbered rule that states the definition, when one does (2.4 for
    # "hand limit"): the glossary links to it and search ranks it for the term.
    rule = models.ForeignKey(
        Rule,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="defined_terms",
    )
    definition_md = models.TextField()
    definition_html = models.TextField()

    class Meta:
        ordering = ["game", "term"]
        constraints = [
            models.UniqueConstraint(fields=["game", "slug"], name="term_slug_unique")
        ]

    def __str__(self) -> str:
        return self.term

    def get_absolute_url(self) -> str:
        return reverse("rules:glossary", args=[self.game.slug]) + f"#term-{self.slug}"


class RulingQuerySet(models.QuerySet["Ruling"]):
    def with_scenario(self) -> RulingQuerySet:
        return self.exclude(scenario=None)


class Ruling(models.Model):
    class Source(models.TextChoices):
        RULES_REFERENCE = "rules-reference"
        FAQ = "faq"
        DESIGNER = "designer"
        COMMUNITY = "community"

    class Verification(models.TextChoices):
        NONE = "none", "no scenario"
        PENDING = "pending", "not yet run"
        PASSED = "passed", "engine agrees"
        FAILED = "failed", "engine disagrees"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rulings")
    slug = models.SlugField(max_length=120)
    question = models.TextField()
    answer_md = models.TextField()
    answer_html = models.TextField()
    # Plain text for lists: the first sentence (two when the first is a bare
    # "No."), from rules.text.opening at load.
    answer_opening = models.CharField(max_length=300, blank=True)
    source = models.CharField(max_length=30, choices=Source.choices)
    # When the ruling was given; ``updated``: when its answer or scenario last
    # changed in substance, if ever (both authored in fixtures).
    date = models.DateField()
    updated = models.DateField(null=True, blank=True)
    cards = models.ManyToManyField(Card, blank=True, related_name="rulings")
    rules = models.ManyToManyField(Rule, blank=True, related_name="rulings")
    scenario = models.JSONField(null=True, blank=True)
    verification = models.CharField(
        max_length=10, choices=Verification.choices, default=Verification.NONE
    )
    verified_at = models.DateTimeField(null=True, blank=True)
    verified_engine_version = models.CharField(max_length=40, blank=True)
    verification_detail = models.TextField(blank=True)

    objects = RulingQuerySet.as_manager()

    class Meta:
        ordering = ["game", "-date", "slug"]
        constraints = [
            models.UniqueConstraint(fields=["game", "slug"], name="ruling_slug_unique")
        ]
        indexes = [
            # A game's newest verification is part of every ETag and page-cache
            # key (rules.conditional): one index probe, not a scan of its rulings.
            models.Index(fields=["game", "verified_at"], name="ruling_verified_idx")
        ]

    def __str__(self) -> str:
        return self.question

    def get_absolute_url(self) -> str:
        return reverse("rules:ruling", args=[self.game.slug, self.slug])

    @property
    def is_engine_verified(self) -> bool:
        return self.verification == self.Verification.PASSED


#: The texts of a card (and their JSON): a list or a link needs none of them.
CARD_TEXTS = (
    "timing_md",
    "timing_html",
    "effect_md",
    "effect_html",
    "attrs",
    "attrs_html",
    "notes",
)


def game_data(path: str = "game") -> tuple[str, str]:
    """The game's vocabularies and card fields (JSON, decoded with every row
    that selects the game) as fields to defer: a link needs only the game's
    slug (``select_related("topic__game").defer(*game_data("topic__game"))``)."""
    return (f"{path}__vocabularies", f"{path}__card_fields")


GAME_DATA = game_data()
#: The texts of a ruling and its scenario: a list or a link needs none of them.
RULING_TEXTS = ("answer_md", "answer_html", "scenario", "verification_detail")


class RulingVerdict(models.Model):
    """What one engine version answered for one ruling's scenario, kept across
    content loads (rulings are keyed by slug, as their rows are replaced). A
    verdict that differs from the one an earlier engine gave is ``changed``:
    the "what's new" page lists it. Written by ``rules.verdicts``."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="verdicts")
    ruling_slug = models.SlugField(max_length=120)
    engine_version = models.CharField(max_length=40)
    verification = models.CharField(max_length=10)
    detail = models.TextField(blank=True)
    recorded_at = models.DateTimeField()
    changed = models.BooleanField(default=False)
    previous_engine_version = models.CharField(max_length=40, blank=True)
    previous_verification = models.CharField(max_length=10, blank=True)
    previous_detail = models.TextField(blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "ruling_slug", "engine_version"],
                name="ruling_verdict_unique",
            )
        ]
        indexes = [
            models.Index(
                fields=["game", "changed", "recorded_at"], name="verdict_changed_idx"
            )
        ]

    def __str__(self) -> str:
        return f"{self.ruling_slug} by engine {self.engine_version}"


class Reference(models.Model):
    """One cross-link found in content: ``source`` mentions ``target``. Backlinks
    ("mentioned in") are one query on the target columns."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="references")
    source_kind = models.CharField(max_length=10)
    source_key = models.CharField(max_length=120)
    target_kind = models.CharField(max_length=10)
    target_key = models.CharField(max_length=120)

    class Meta:
        indexes = [
            models.Index(fields=["game", "target_kind", "target_key"]),
        ]

    def __str__(self) -> str:
        source = f"{self.source_kind}:{self.source_key}"
        return f"{source} → {self.target_kind}:{self.target_key}"


def mentions_of(game: Game, kind: str, key: str) -> dict[str, list[str]]:
    """Keys of everything that links to ``kind:key``, grouped by source kind."""
    grouped: dict[str, list[str]] = {}
    rows: Iterable[dict[str, Any]] = (
        Reference.objects.filter(game=game, target_kind=kind, target_key=key)
        .values("source_kind", "source_key")
        .distinct()
        .order_by("source_kind", "source_key")
    )
    for row in rows:
        grouped.setdefault(row["source_kind"], []).append(row["source_key"])
    return grouped
