"""The situations the TI4 rule checks declare (``RuleCheck.kinds`` and
``card_types``) are right: the engine runs a check only where it says it
applies, so a check that could refuse elsewhere would silently never refuse.

Every golden scenario and every ruling scenario is run again with every check
run everywhere; a check run outside its declared situation must find nothing
to refuse, and the results must be byte-identical.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest
import yaml

from oracle.engine import RuleCheck, get_pack, run_scenario
from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.errors import IllegalPlay
from oracle.engine.core.pack import Pack
from oracle.games.ti4 import rules

from . import golden

RULINGS = golden.ROOT / "fixtures" / "ti4" / "rulings"


def _scenarios() -> list[tuple[str, dict[str, Any]]]:
    found = [(p.stem, golden.load(p)["scenario"]) for p in golden.files()]
    for path in sorted(RULINGS.glob("*.yaml")):
        data = yaml.safe_load(path.read_text())
        if isinstance(data, dict) and "scenario" in data:
            found.append((f"ruling-{path.stem}", data["scenario"]))
    return found


SCENARIOS = _scenarios()
#: Runs a test once with each golden and ruling scenario (``scenario``).
each_scenario = pytest.mark.parametrize(
    "scenario", [s for _, s in SCENARIOS], ids=[n for n, _ in SCENARIOS]
)
Misfire = tuple[str, AbilityKind, str | None]


def _everywhere(misfires: list[Misfire]) -> Any:
    """A ``Pack.checks_for`` that runs every check, and notes each refusal of a
    check outside its declared situation."""

    def spied(check: RuleCheck, kind: AbilityKind, card_type: str | None) -> RuleCheck:
        test = check.test

        def run(ctx: Context) -> str | IllegalPlay | None:
            reason = test(ctx)
            if reason is not None:
                misfires.append((check.name, kind, card_type))
            return reason

        return dataclasses.replace(check, test=run)

    def checks_for(
        self: Pack, kind: AbilityKind, card_type: str | None
    ) -> tuple[RuleCheck, ...]:
        return tuple(
            c if c.applies(kind, card_type) else spied(c, kind, card_type)
            for c in self.rule_checks
        )

    return checks_for


@pytest.fixture
def everywhere(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Misfire]]:
    misfires: list[Misfire] = []
    monkeypatch.setattr(Pack, "checks_for", _everywhere(misfires))
    yield misfires


def test_there_are_scenarios_with_ruling_files_among_them() -> None:
    assert len(SCENARIOS) > len(golden.files()) >= 40


def test_the_ti4_checks_declare_where_they_apply() -> None:
    declared = {c.name for c in rules.RULE_CHECKS if c.kinds or c.card_types}
    assert {"card-phase", "turn", "one-action", "same-name", "hand-limit"} <= declared


@each_scenario
def test_running_every_check_everywhere_changes_nothing(
    scenario: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    indexed = run_scenario(scenario).to_json()
    misfires: list[Misfire] = []
    monkeypatch.setattr(Pack, "checks_for", _everywhere(misfires))
    assert run_scenario(scenario).to_json() == indexed
    assert misfires == []


def test_a_wrong_declaration_is_caught(
    everywhere: list[Misfire], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Declare every check as applying nowhere: each one that refuses anything
    # in the scenarios then refuses outside its declaration.
    nowhere = tuple(
        dataclasses.replace(c, kinds=frozenset()) for c in rules.RULE_CHECKS
    )
    monkeypatch.setattr(get_pack("ti4"), "rule_checks", nowhere)
    for _, scenario in SCENARIOS:
        run_scenario(scenario)
    caught = {name for name, _, _ in everywhere}
    # The checks some scenario sees refuse (hand-limit, one-action, action-phase
    # and strategy-used refuse in none of them).
    refusing = {"card-phase", "card-turn", "cost", "needs", "passed", "same-name"}
    assert refusing | {"turn"} <= caught


def test_a_check_applies_only_where_declared() -> None:
    same_name = next(c for c in rules.RULE_CHECKS if c.name == "same-name")
    assert same_name.applies(AbilityKind.CANCEL, "action")
    assert not same_name.applies(AbilityKind.CANCEL, "strategy")
    assert not same_name.applies(AbilityKind.FORCED_REACTION, None)
    turn = next(c for c in rules.RULE_CHECKS if c.name == "turn")
    assert turn.applies(AbilityKind.ACTION, None)
    assert not turn.applies(AbilityKind.REACTION, "action")


def test_the_pack_indexes_checks_by_situation_in_pack_order() -> None:
    pack = get_pack("ti4")
    cancel = [c.name for c in pack.checks_for(AbilityKind.CANCEL, "action")]
    assert cancel == [
        "same-name",
        "hand-limit",
        "political-secret",
        "political-censure",
        "cost",
        "needs",
    ]
    action = [c.name for c in pack.checks_for(AbilityKind.ACTION, "action")]
    # Not for action cards: strategy cards only, and reactions only.
    elsewhere = {"strategy-used", "minister-of-peace"}
    assert action == [c.name for c in pack.rule_checks if c.name not in elsewhere]
    reaction = [c.name for c in pack.checks_for(AbilityKind.REACTION, "law")]
    assert "minister-of-peace" in reaction
