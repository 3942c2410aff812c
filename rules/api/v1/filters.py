"""Query parameters of the list endpoints, validated by input serializers.

Each query class validates ``request.query_params`` (a bad value is a 400 that
names the parameter) and narrows a queryset. The same classes document the
parameters in the OpenAPI schema (``extend_schema(parameters=[CardQuery])``).
Parameters no class knows (``page``, ``page_size``, anything else) are left to
the paginator or ignored.
"""

from __future__ import annotations

import re
from typing import Any

from django.db.models import Q, QuerySet
from rest_framework import serializers
from rest_framework.request import Request

from rules.models import RULE_ID, Game, Rule, Ruling

# The model's pattern without Python-only named groups, so that it is also a
# valid ECMA regex in the OpenAPI schema.
RULE_ID_PATTERN = re.sub(r"\?P<\w+>", "", RULE_ID.pattern)
KEY_LIST_PATTERN = r"^[-a-zA-Z0-9_]+(,[-a-zA-Z0-9_]+)*$"


def key_list(help_text: str) -> serializers.RegexField:
    return serializers.RegexField(
        KEY_LIST_PATTERN,
        required=False,
        help_text=f"{help_text} Several keys separated by commas match any of them.",
    )


class ContentQuery(serializers.Serializer):
    @classmethod
    def narrow(
        cls, request: Request, queryset: QuerySet[Any], game: Game | None = None
    ) -> QuerySet[Any]:
        """Validate the request's query string (400 on error), then filter.
        ``game`` gives the vocabularies that keys are checked against."""
        query = cls(data=request.query_params.dict(), context={"game": game})
        query.is_valid(raise_exception=True)
        return query.apply(queryset, query.validated_data)

    def apply(self, queryset: QuerySet[Any], values: dict[str, Any]) -> QuerySet[Any]:
        raise NotImplementedError


CARD_ORDERINGS = [
    "name",
    "-name",
    "type",
    "-type",
    "expansion",
    "-expansion",
    "window",
    "-window",
    "count",
    "-count",
]


class CardQuery(ContentQuery):
    type = key_list("Card type: a key of the game's `vocabularies.card_types`.")
    window = key_list("Timing window: a key of the game's `vocabularies.windows`.")
    expansion = key_list("Expansion: a key of the game's `vocabularies.expansions`.")
    faction = key_list(
        "Faction: a key of the game's `vocabularies.factions` (its abilities, "
        "technologies, leaders, units... and its own card)."
    )
    implemented = serializers.BooleanField(
        required=False,
        help_text="true: only cards the oracle can play; false: only the others.",
    )
    q = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=100,
        help_text="Case-insensitive part of the card's name.",
    )
    ordering = serializers.ChoiceField(
        choices=CARD_ORDERINGS,
        required=False,
        default="name",
        help_text="Sort field; a leading '-' reverses it. Ties sort by name.",
    )

    def validate_type(self, value: str) -> str:
        return self._known_keys(value, "card_types", "card type")

    def validate_window(self, value: str) -> str:
        return self._known_keys(value, "windows", "timing window")

    def validate_expansion(self, value: str) -> str:
        return self._known_keys(value, "expansions", "expansion")

    def validate_faction(self, value: str) -> str:
        return self._known_keys(value, "factions", "faction")

    def _known_keys(self, value: str, vocabulary: str, noun: str) -> str:
        # Keys are declared per game, so a typo would silently match nothing;
        # like the other filters, it is a 400 naming the parameter.
        game: Game | None = self.context.get("game")
        if game is None:
            return value
        known = game.vocabularies.get(vocabulary, {})
        unknown = [key for key in value.split(",") if key not in known]
        if unknown:
            raise serializers.ValidationError(
                f"Not a {noun} of {game.name}: {', '.join(unknown)}. "
                f"Known: {', '.join(known)}."
            )
        return value

    def apply(self, queryset: QuerySet[Any], values: dict[str, Any]) -> QuerySet[Any]:
        for field in ("type", "window", "expansion", "faction"):
            if field in values:
                queryset = queryset.filter(**{f"{field}__in": values[field].split(",")})
        if "implemented" in values:
            implemented = ~Q(implemented_by="")
            queryset = queryset.filter(
                implemented if values["implemented"] else ~implemented
            )
        if values.get("q"):
            queryset = queryset.filter(name__icontains=values["q"])
        return queryset.order_by(values["ordering"], "name", "slug")


class RuleQuery(ContentQuery):
    topic = serializers.SlugField(required=False, help_text="Only this topic's rules.")
    kind = serializers.ChoiceField(
        choices=Rule.Kind.choices,
        required=False,
        help_text="rule: numbered rules; note: notes.",
    )

    def apply(self, queryset: QuerySet[Any], values: dict[str, Any]) -> QuerySet[Any]:
        if "topic" in values:
            queryset = queryset.filter(topic__slug=values["topic"])
        if "kind" in values:
            queryset = queryset.filter(kind=values["kind"])
        return queryset


class RulingQuery(ContentQuery):
    card = serializers.SlugField(required=False, help_text="Rulings about this card.")
    rule = serializers.RegexField(
        RULE_ID_PATTERN, required=False, help_text='Rulings citing this rule ("2.4a").'
    )
    topic = serializers.SlugField(
        required=False, help_text="Rulings citing any rule of this topic."
    )
    source = serializers.ChoiceField(
        choices=Ruling.Source.choices, required=False, help_text="Where it comes from."
    )
    verified = serializers.BooleanField(
        required=False,
        help_text="true: only rulings the oracle reproduces (verification passed); "
        "false: only the others.",
    )
    updated_since = serializers.DateField(
        required=False,
        help_text="Only rulings given, or whose answer was updated, on or after "
        "this day (YYYY-MM-DD).",
    )

    def apply(self, queryset: QuerySet[Any], values: dict[str, Any]) -> QuerySet[Any]:
        lookups = {
            "card": "cards__slug",
            "rule": "rules__rule_id",
            "topic": "rules__topic__slug",
            "source": "source",
        }
        for name, lookup in lookups.items():
            if name in values:
                queryset = queryset.filter(**{lookup: values[name]})
        if "updated_since" in values:
            since = values["updated_since"]
            queryset = queryset.filter(Q(date__gte=since) | Q(updated__gte=since))
        if "verified" in values:
            passed = Q(verification=Ruling.Verification.PASSED)
            queryset = queryset.filter(passed if values["verified"] else ~passed)
        # Joins through cards/rules may repeat a ruling.
        return queryset.distinct()
