"""The golden scenarios cover every rule and note of topic 2 and every card."""

from __future__ import annotations

from pathlib import Path

import oracle.games.ti4 as ti4
from oracle.games.ti4 import cards

from . import golden

DOC = golden.ROOT / "docs" / "ti4-oracle.md"


def _covered(kind: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in golden.files():
        for item in golden.load(path).get("covers", []):
            prefix, _, value = str(item).partition(":")
            if prefix == kind:
                found.setdefault(value, []).append(path.name)
    return found


def test_every_rule_and_note_of_topic_2_has_a_golden_scenario() -> None:
    missing = golden.topic_rule_ids(2) - set(_covered("rule"))
    assert not missing, f"no golden scenario covers {sorted(missing)}"


def test_every_implemented_card_has_a_golden_scenario() -> None:
    missing = ti4.implemented_cards() - set(_covered("card"))
    assert not missing, f"no golden scenario covers {sorted(missing)}"


def test_covers_name_only_known_rules_and_cards() -> None:
    assert set(_covered("rule")) <= golden.topic_rule_ids()
    assert set(_covered("card")) <= ti4.implemented_cards()


def test_the_doc_lists_each_implemented_action_card_with_its_scenario() -> None:
    text = DOC.read_text()
    by_card = _covered("card")
    for slug in cards.ACTION_CARDS:
        name = ti4.PACK.card(slug).name
        assert name in text, name
        assert any(Path(f).name in text for f in by_card[slug]), slug
