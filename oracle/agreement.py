"""Whether a run agrees with a ruling: the answer page of a ruling's scenario.

Opening a ruling in the editor (``?ruling=<slug>``) gives its scenario with
its ``expect`` block, the ruling's recorded answer. A run whose scenario
carries exactly that block, as given or edited, checks that answer: it agrees
when it passes as ``verify_rulings`` decides (``verify.passes``). Nothing is
recorded: a ruling's badge changes only through ``verify_rulings``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from oracle.adapters import canonical_json, prepare
from oracle.answers import Answer
from oracle.engine import ScenarioError
from oracle.verify import disagreements, passes
from rules.models import Game, Ruling


@dataclass(frozen=True)
class Agreement:
    """How a run compares with the ruling whose answer its scenario checks;
    ``own``: the run is the ruling's scenario as recorded, not an edit."""

    ruling: Ruling
    agrees: bool
    own: bool
    differences: list[str] = field(default_factory=list)


def ruling_agreement(
    game: Game, scenario: Mapping[str, Any], result: Mapping[str, Any], answer: Answer
) -> Agreement | None:
    """The agreement of a run (its canonical ``scenario``, ``result`` and
    presented ``answer``) with the ruling it checks, or None if it checks none."""
    expect = scenario.get("expect")
    if not expect:
        return None
    ruling, own = _checked_ruling(game, scenario, canonical_json(expect))
    if ruling is None:
        return None
    differences = disagreements(answer.expectations)
    if result.get("error"):
        differences.insert(0, f"The engine stopped the run: {result['error']}.")
    return Agreement(
        ruling,
        agrees=passes(result),
        own=own,
        differences=differences,
    )


def _checked_ruling(
    game: Game, scenario: Mapping[str, Any], expect: str
) -> tuple[Ruling | None, bool]:
    """The ruling whose expectations are ``expect`` (canonical JSON), and
    whether ``scenario`` is its own: such a ruling first when several rulings
    share their expectations."""
    found = [
        ruling
        for ruling in Ruling.objects.with_scenario().filter(game=game).order_by("slug")
        if isinstance(ruling.scenario, Mapping)
        and canonical_json(ruling.scenario.get("expect") or []) == expect
    ]
    for ruling in found:
        if _same_scenario(ruling, scenario, game.slug):
            return ruling, True
    return (found[0] if found else None), False


def _same_scenario(ruling: Ruling, scenario: Mapping[str, Any], game: str) -> bool:
    try:
        return prepare(ruling.scenario, game).canonical == scenario
    except ScenarioError:
        return False
