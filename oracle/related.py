"""The rulings a run's question meets: those whose scenario asks the same
question (the same canonical scenario apart from ``question`` and ``expect``),
else the closest by the cards and rules they share with the run."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from django.db.models import Count

from oracle.adapters import prepare, scenario_hash
from oracle.engine import ENGINE_VERSION, ScenarioError
from oracle.models import RulingKey
from rules.models import Game, Ruling

#: How many close rulings an answer links.
CLOSEST = 3
#: Keys left out of the question a scenario asks.
NOT_THE_QUESTION = ("question", "expect")


@dataclass
class Matches:
    """The rulings of the same question, and the closest others."""

    same: list[Ruling] = field(default_factory=list)
    close: list[Ruling] = field(default_factory=list)


def question_key(canonical: Mapping[str, object]) -> str:
    """The hash of what a canonical scenario asks (its set-up and steps)."""
    return scenario_hash(
        {k: v for k, v in canonical.items() if k not in NOT_THE_QUESTION}
    )


@dataclass(frozen=True)
class Clues:
    """What a run's answer rests on, to rank rulings by: the cards (slugs) and
    rules (ids) involved, and those of its refusals (the ``key_`` ones)."""

    cards: frozenset[str] = frozenset()
    rules: frozenset[str] = frozenset()
    key_cards: frozenset[str] = frozenset()
    key_rules: frozenset[str] = frozenset()


def matching_rulings(
    game: Game, canonical: Mapping[str, object], clues: Clues
) -> Matches:
    """The rulings answering the question of ``canonical``, else the closest by
    ``clues``. A few queries, whatever the number of rulings: only new
    rulings' scenarios are read."""
    _key_new_rulings(game)
    same = list(
        Ruling.objects.filter(
            game=game, oracle_key__key=question_key(canonical)
        ).order_by("slug")
    )
    if same:
        return Matches(same=same)
    return Matches(close=_closest(game, clues))


def _key_new_rulings(game: Game) -> None:
    """Key the rulings with a scenario that have no key of this engine version
    (after a content load or an engine upgrade: once)."""
    waiting = list(
        Ruling.objects.with_scenario()
        .filter(game=game)
        .exclude(oracle_key__engine_version=ENGINE_VERSION)
        .only("pk", "scenario")
    )
    if not waiting:
        return
    RulingKey.objects.filter(ruling__in=waiting).delete()
    RulingKey.objects.bulk_create(
        [
            RulingKey(
                ruling=ruling,
                key=_key(ruling, game.slug),
                engine_version=ENGINE_VERSION,
            )
            for ruling in waiting
        ],
        ignore_conflicts=True,  # another request keyed them meanwhile
    )


def _key(ruling: Ruling, game: str) -> str:
    try:
        return question_key(prepare(ruling.scenario, game).canonical)
    except ScenarioError:  # no longer valid: it answers no run
        return ""


def _closest(game: Game, clues: Clues) -> list[Ruling]:
    """Ranked by the refusals' cards, all cards, the refusals' rules, all
    rules shared, then by the fewest rules the ruling cites beyond the run's
    (the more specific ruling first)."""
    cards, rules = Ruling.cards.through, Ruling.rules.through
    counts = (
        _shared(cards, game, card__slug__in=clues.key_cards),
        _shared(cards, game, card__slug__in=clues.cards),
        _shared(rules, game, rule__rule_id__in=clues.key_rules),
        _shared(rules, game, rule__rule_id__in=clues.rules),
    )
    found = {pk for count in counts for pk in count}
    cited = dict(
        Ruling.objects.filter(pk__in=found)
        .annotate(n=Count("rules"))
        .values_list("pk", "n")
    )
    scores = {
        pk: (*(-count[pk] for count in counts), cited[pk] - counts[3][pk], pk)
        for pk in cited
    }
    chosen = sorted(scores, key=scores.__getitem__)[:CLOSEST]
    rulings = Ruling.objects.in_bulk(chosen)
    return [rulings[pk] for pk in chosen if pk in rulings]


def _shared(through: type, game: Game, **lookup: Collection[str]) -> Counter[int]:
    """How many of the given cards (or rules) each ruling of ``game`` names."""
    (values,) = lookup.values()
    if not values:
        return Counter()
    rows = (
        through.objects.filter(ruling__game=game, **lookup)  # type: ignore[attr-defined]
        .values("ruling_id")
        .annotate(n=Count("ruling_id"))
    )
    return Counter({row["ruling_id"]: row["n"] for row in rows})
