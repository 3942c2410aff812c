"""The GET filter forms of the card and ruling lists. They work without
JavaScript; a value that is not a choice is left out (the list still shows)
and the page says so."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import QuerySet
from django.utils.text import Truncator

from rules.models import Card, Game, Ruling
from rules.text import SOURCE_LABELS, without_control_characters

ANY = ""


class _Filter(forms.Form):
    """A form whose valid fields narrow a queryset; invalid ones are ignored."""

    lookups: dict[str, str] = {}

    def __init__(self, data: Any, **kwargs: Any) -> None:
        super().__init__(data, auto_id="filter-%s", label_suffix="", **kwargs)

    def active(self) -> dict[str, Any]:
        """The filters the user chose that are valid choices."""
        self.is_valid()
        cleaned = getattr(self, "cleaned_data", {})
        return {name: value for name, value in cleaned.items() if value != ANY}

    def left_out(self) -> list[str]:
        """A sentence for each filter whose value is not one of its choices."""
        self.is_valid()
        sentences = []
        for name, field in self.fields.items():
            value = without_control_characters(str(self.data.get(name) or ""))
            if name in self.errors and value:
                shown = Truncator(value).chars(40)
                sentences.append(
                    f"{field.label}: “{shown}” is not one of the choices; "
                    "that filter was left out."
                )
        return sentences

    def apply(self, queryset: QuerySet[Any]) -> QuerySet[Any]:
        chosen = self.active()
        return queryset.filter(
            **{
                self.lookups[name]: chosen[name]
                for name in chosen
                if name in self.lookups
            }
        )


def _choices(label: str, pairs: Any) -> list[tuple[str, str]]:
    return [(ANY, label), *((str(key), str(text)) for key, text in pairs)]


class CardFilter(_Filter):
    type = forms.ChoiceField(label="Type", required=False)
    window = forms.ChoiceField(label="Timing window", required=False)
    expansion = forms.ChoiceField(label="Expansion", required=False)
    faction = forms.ChoiceField(label="Faction", required=False)
    implemented = forms.ChoiceField(
        label="In the oracle",
        required=False,
        choices=_choices("Any", [("yes", "Implemented"), ("no", "Not yet")]),
    )

    lookups = {
        "type": "type",
        "window": "window",
        "expansion": "expansion",
        "faction": "faction",
    }

    def __init__(self, data: Any, *, game: Game) -> None:
        super().__init__(data)
        vocabularies = game.vocabularies
        for name, vocabulary, label in (
            ("type", "card_types", "Any type"),
            ("window", "windows", "Any window"),
            ("expansion", "expansions", "Any expansion"),
            ("faction", "factions", "Any faction"),
        ):
            field = self.fields[name]
            assert isinstance(field, forms.ChoiceField)
            field.choices = _choices(label, vocabularies.get(vocabulary, {}).items())

    def apply(self, queryset: QuerySet[Card]) -> QuerySet[Card]:
        implemented = self.active().get("implemented")
        if implemented == "yes":
            queryset = queryset.exclude(implemented_by="")
        elif implemented == "no":
            queryset = queryset.filter(implemented_by="")
        return super().apply(queryset)


class RulingFilter(_Filter):
    card = forms.ChoiceField(label="Card", required=False)
    topic = forms.ChoiceField(label="Topic", required=False)
    source = forms.ChoiceField(
        label="Source",
        required=False,
        choices=_choices("Any source", SOURCE_LABELS.items()),
    )
    verified = forms.ChoiceField(
        label="Engine check",
        required=False,
        choices=_choices("Any", Ruling.Verification.choices),
    )

    lookups = {
        "card": "cards__slug",
        "topic": "rules__topic__slug",
        "source": "source",
        "verified": "verification",
    }

    def __init__(self, data: Any, *, game: Game) -> None:
        super().__init__(data)
        card = self.fields["card"]
        topic = self.fields["topic"]
        assert isinstance(card, forms.ChoiceField)
        assert isinstance(topic, forms.ChoiceField)
        # Cards with a ruling only: the others would list nothing, and the game
        # has hundreds of components (each option costs the page render time).
        ruled = game.cards.filter(rulings__isnull=False).distinct()
        card.choices = _choices(
            "Any card", ruled.order_by("name").values_list("slug", "name")
        )
        topic.choices = _choices(
            "Any topic",
            (
                (slug, f"{prefix}{number} {title}")
                for slug, prefix, number, title in game.topics.values_list(
                    "slug", "prefix", "number", "title"
                )
            ),
        )

    def apply(self, queryset: QuerySet[Ruling]) -> QuerySet[Ruling]:
        return super().apply(queryset).distinct()
