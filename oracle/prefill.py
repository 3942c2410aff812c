"""The scenario a card page's "ask the oracle" link opens (``?card=<slug>``).

The best example of a card at work is a ruling about it: its scenario sets up
the board the card needs (units, planets, laws...) and names its targets. The
editor opens the set-up of a ruling whose scenario plays or uses the card and
has it accepted, cut just after that step: one named after the card before one
that only mentions it, one the builder can show before one it cannot, then the
smallest. A card no ruling shows
at work gets builder rows written from its definition (``card_rows``).

Finding that ruling runs up to ``MAX_RULINGS`` scenarios, so what it finds is
kept in the cache under all it depends on: the game's content version and the
release of the code, engine included (the page cache's key, less the URL).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.db.models import Case, When

from oracle.adapters import execute, prepare, step_slug
from oracle.engine import ScenarioError
from oracle.engine.core.pack import Pack
from oracle.forms import Rows, rows_for
from rules.models import Game, Ruling
from rulesite.pagecache import release

#: At most this many rulings are run to find one that shows the card.
MAX_RULINGS = 8
#: How long a found pre-fill is kept; a new content version or release misses.
CACHE_SECONDS = 24 * 60 * 60


@dataclass
class Prefill:
    """What ``?card=`` opens: a scenario (or builder rows) and a notice."""

    scenario: dict[str, Any] | Rows
    notices: list[str] = field(default_factory=list)


def card_prefill(game: Game, pack: Pack, slug: str) -> Prefill:
    """The scenario that shows ``slug`` at work in ``game`` (cached)."""
    key = f"oracle-prefill:{game.slug}:{game.content_version}:{release()}:{slug}"
    found: Prefill | None = cache.get(key)
    if found is None:
        found = find_prefill(game, pack, slug)
        cache.set(key, found, CACHE_SECONDS)
    return found


def find_prefill(game: Game, pack: Pack, slug: str) -> Prefill:
    """Look for the scenario that shows ``slug`` at work in ``game``."""
    # Rulings named after the card first (they are about it, not only
    # mention it), then the smallest; one the builder can show beats the rest.
    rulings = (
        Ruling.objects.filter(game=game, cards__slug=slug)
        .with_scenario()
        .annotate(aside=Case(When(slug__contains=slug, then=0), default=1))
        .order_by("aside", "slug")
    )
    candidates = sorted(
        rulings.only("slug", "question", "scenario")[:MAX_RULINGS],
        key=lambda ruling: (ruling.aside, len(json.dumps(ruling.scenario))),
    )
    found: Prefill | None = None
    for ruling in candidates:
        scenario = cut_at_play(ruling.scenario, game.slug, slug)
        if scenario is None:
            continue
        notice = (
            f"The set-up of the ruling “{ruling.question}”, up to the step "
            f"that plays {pack.card(slug).name}."
        )
        if rows_for(scenario, game.slug) is not None:
            return Prefill(scenario, [notice])
        found = found or Prefill(scenario, [notice])
    if found is not None:
        return found
    return Prefill(card_rows(slug, pack))


def cut_at_play(
    scenario: Mapping[str, Any], game: str, slug: str
) -> dict[str, Any] | None:
    """``scenario`` up to its first step that plays or uses ``slug`` and is
    accepted, without expectations; None when no such step runs."""
    outcomes = _outcomes(scenario, game)
    if outcomes is None:
        return None
    steps = scenario.get("steps") or []
    for position, outcome in enumerate(outcomes):
        index = outcome["index"]
        step = steps[index] if index < len(steps) else {}
        played = step.get("play", step.get("use"))
        if played is None or outcome["status"] != "accepted":
            continue
        if step_slug(played) == slug:
            cut = {key: value for key, value in scenario.items() if key != "expect"}
            legal = [
                steps[earlier["index"]]
                for earlier in outcomes[:position]
                if earlier["status"] != "rejected"
            ]
            shown = {**cut, "steps": [*legal, step]}
            # A ruling may first show a play that is refused; opened from a
            # card, the answer should show the card at work, not a refusal.
            if len(shown["steps"]) <= index:
                rerun = _outcomes(shown, game)
                if rerun and rerun[-1]["status"] == "accepted":
                    return shown
            return {**cut, "steps": steps[: index + 1]}
    return None


def _outcomes(scenario: Mapping[str, Any], game: str) -> list[Any] | None:
    """The step outcomes of running ``scenario``; None when it does not parse."""
    try:
        result = execute(prepare(dict(scenario), game))
    except ScenarioError:
        return None
    steps = result.get("steps")
    return steps if isinstance(steps, list) else []


def card_rows(card: str, pack: Pack) -> Rows:
    """Builder rows that show a card at work when no ruling does: Alice has the
    card (in hand, as a technology, with her faction's ability), Bob holds a
    Sabotage. Alice plays the card (or uses it), naming Bob for each player the
    card targets; a card with nothing to play or use shows its effect as the
    game moves on to the next phase."""
    definition = pack.card(card)
    start = "action" if "action" in pack.phases else pack.first_phase()
    alice: dict[str, Any] = {"name": "Alice"}
    if isinstance(faction := definition.data.get("faction"), str):
        alice["faction"] = faction
    played = next((a for a in definition.abilities if a.kind.value == "action"), None)
    if card not in pack.implemented_cards() and definition.type == "action":
        # Played as it would be, the run answers with the pack's own message
        # naming the card as not implemented.
        alice["hand"] = card
        step = {"player": "Alice", "action": "play", "card": card, "targets": ""}
        return Rows(
            {"phase": start, "active_player": "Alice"}, [alice, {"name": "Bob"}], [step]
        )
    if any("hand" in a.location for a in definition.abilities):
        alice["hand"] = card
    elif definition.type == "technology":
        alice["technologies"] = card
    guard = "sabotage" if pack.has_card("sabotage") and card != "sabotage" else ""
    if played is not None:
        kind = "play" if "hand" in played.location else "use"
        step = {"player": "Alice", "action": kind, "card": card}
        step["targets"] = _player_targets(played.targets)
    else:
        phases = list(pack.phases)
        later = phases[phases.index(start) + 1 :] if start in phases else []
        step = {"action": "advance", "card": later[0] if later else start}
    return Rows(
        {"phase": start, "active_player": "Alice"},
        [alice, {"name": "Bob", "hand": guard}],
        [step],
    )


def _player_targets(targets: Mapping[str, Any]) -> str:
    """The builder's targets text naming Bob for every player target."""
    named = [name for name, target in targets.items() if target.mode == "player"]
    if named == ["target"]:
        return "Bob"
    return "; ".join(f"{name}=Bob" for name in named)
