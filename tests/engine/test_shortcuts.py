"""Shortcuts the engine takes for speed answer exactly as the plain way would."""

from __future__ import annotations

import hashlib
import json

from oracle.engine import run_scenario
from oracle.engine.core.abilities import AbilityKind, reaction
from oracle.engine.core.cards import CardDef
from oracle.engine.core.effects import Modify, Persistent
from oracle.engine.core.game import Game, stable_id
from oracle.engine.core.pack import Pack
from oracle.engine.flow.basic import GainResource

from . import helpers, synth


def _plain_id(seed: int, n: int) -> str:
    raw = bytearray(hashlib.blake2b(f"{seed}/{n}".encode(), digest_size=16).digest())
    raw[6] = (raw[6] & 0x0F) | 0x40
    raw[8] = (raw[8] & 0x3F) | 0x80
    h = raw.hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def test_stable_ids_are_the_hash_of_seed_and_number() -> None:
    for seed in (0, 1, 7, -3, 2**63 - 1):
        for n in (1, 2, 9, 10, 99, 100, 12345):
            assert stable_id(seed, n) == _plain_id(seed, n)


def test_cards_with_lists_matching_cards_in_creation_order() -> None:
    game = Game(synth.PACK, players=["Alice", "Bob"])
    first = game.new_card("knight", "Alice", "play")
    game.new_card("soldier", "Bob", "play")
    second = game.new_card("knight", "Bob", "hand")
    knights = frozenset({"knight"})
    assert game.cards_with(knights) == [first, second]
    third = game.new_card("knight", "Alice", "deck")  # a new card is seen at once
    assert game.cards_with(knights) == [first, second, third]
    assert game.cards_with(frozenset({"knight", "soldier"})) == [
        c for c in game.cards.values()
    ]
    assert game.cards_with(frozenset()) == []


def _lookups(pack: Pack) -> tuple[object, ...]:
    """Everything the pack indexes, through its public lookups."""
    events = {name for d in pack.cards.values() for a in d.abilities for name in a.when}
    events |= {name for a in pack.rule_abilities for name in a.when}
    pairs = [(kind, name) for kind in AbilityKind for name in sorted(events)]
    types = sorted({d.type for d in pack.cards.values()})
    return (
        [(k, n, pack.slugs_for(k, n), pack.may_trigger(k, n)) for k, n in pairs],
        pack.effect_slugs(),
        [(t, pack.slugs_of_type(t)) for t in types],
    )


def _rebuilt(pack: Pack) -> Pack:
    """The same cards in a pack that indexes them from scratch."""
    return Pack(
        pack.slug,
        cards=pack.cards.values(),
        phases=pack.phases,
        rule_abilities=pack.rule_abilities,
    )


def test_an_extended_pack_indexes_its_new_cards() -> None:
    before = _lookups(synth.PACK)
    plain = [CardDef("mile", "Milestone", "landmark"), CardDef("keep", "Keep", "unit")]
    extended = synth.PACK.extended(plain)
    assert _lookups(extended) == _lookups(_rebuilt(extended))
    assert extended.slugs_of_type("landmark") == {"mile"}
    assert "keep" in extended.slugs_of_type("unit")
    # Cards with abilities or effects, and a replaced card, change the indexes.
    busy = [
        CardDef(
            "echo",
            "Echo",
            "location",
            abilities=(reaction({"draw": lambda e, c: True}, effect=GainResource()),),
        ),
        CardDef("glow", "Glow", "location", effects=(Persistent(Modify("x", 1)),)),
        CardDef("knight", "Knight", "landmark"),
    ]
    again = extended.extended(busy)
    assert _lookups(again) == _lookups(_rebuilt(again))
    assert "echo" in again.slugs_for(AbilityKind.REACTION, "draw")
    assert "glow" in again.effect_slugs()
    assert "knight" not in again.slugs_of_type("unit")
    assert _lookups(synth.PACK) == before  # the registered pack is unchanged
    assert not synth.PACK.has_card("mile")


def test_card_mappings_come_with_sorted_keys() -> None:
    result = run_scenario(
        helpers.scenario(helpers.player("Alice", play=["knight", "banner"]))
    )
    cards = result.state["cards"]
    assert isinstance(cards, dict)
    for card in cards.values():
        assert list(card) == sorted(card)
    text = json.dumps(result.to_dict(), sort_keys=True)
    assert json.loads(text)["state"]["cards"] == cards
