"""The parser remembers the bare cards it has read (their text is valid), but
still asks each scenario's pack whether it has the card."""

from __future__ import annotations

import pytest

from oracle.engine import Pack, Scenario, UnknownCard, register_pack
from oracle.engine.core.cards import CardDef
from oracle.engine.core.pack import unregister_pack

from .helpers import player, scenario


def test_a_slug_read_for_one_pack_is_unknown_to_another() -> None:
    known = Scenario.parse(scenario(player("Alice", hand=["strike", "strike"])))
    assert [c.slug for c in known.players[0].zones["hand"]] == ["strike", "strike"]
    other = Pack("other", phases=("action",), cards=[CardDef("x", "X", "event")])
    register_pack(other)
    try:
        with pytest.raises(UnknownCard) as caught:
            Scenario.parse(
                scenario(player("Alice", hand=["x", "strike"]), game="other")
            )
    finally:
        unregister_pack("other")
    assert (caught.value.slug, caught.value.path) == ("strike", "/players/0/hand/1")


def test_bare_cards_are_shared_and_cannot_be_changed() -> None:
    first = Scenario.parse(scenario(player("Alice", hand=["strike"])))
    second = Scenario.parse(scenario(player("Bob", deck=["strike"])))
    card = first.players[0].zones["hand"][0]
    assert second.players[0].zones["deck"][0] is card
    with pytest.raises(TypeError):
        card.tokens["x"] = 1  # type: ignore[index]
