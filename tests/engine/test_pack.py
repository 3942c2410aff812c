"""The pack interface and registry."""

from __future__ import annotations

from collections import Counter

import pytest

from oracle.engine import (
    IllegalPlay,
    Pack,
    Result,
    get_pack,
    packs,
    register_pack,
    run_scenario,
)
from oracle.engine.core.abilities import AbilityKind, Target, action, per_phase
from oracle.engine.core.cards import Card, CardDef, Player
from oracle.engine.core.context import Context
from oracle.engine.core.game import PLAY, Game
from oracle.engine.core.pack import unregister_pack

from . import synth


def test_registry_returns_registered_packs_by_slug() -> None:
    assert get_pack("synth") is synth.PACK
    assert synth.PACK in packs()
    with pytest.raises(KeyError):
        get_pack("nope")


def test_pack_lists_the_cards_it_implements() -> None:
    implemented = synth.PACK.implemented_cards()
    assert {"strike", "block", "knight"} <= implemented
    assert isinstance(implemented, frozenset)


def test_every_rule_id_the_pack_can_cite_is_known() -> None:
    cited = synth.PACK.cited_rule_ids()
    assert cited == synth.RULE_IDS


def test_register_refuses_an_unsound_pack() -> None:
    bad = Pack(
        "bad",
        phases=("main",),
        cards=[
            CardDef(
                "x",
                "X",
                "event",
                abilities=(action(phase="lunch", window="duel", limit=per_phase(1)),),
            ),
        ],
    )
    with pytest.raises(
        ValueError, match=r"unknown phase 'lunch'.*unknown window 'duel'"
    ):
        register_pack(bad)


def test_register_refuses_a_second_pack_with_the_same_slug() -> None:
    first = register_pack(Pack("twice"))
    try:
        with pytest.raises(ValueError, match="already registered"):
            register_pack(Pack("twice"))
        assert register_pack(Pack("twice"), replace=True) is not first
    finally:
        unregister_pack("twice")


def test_pack_refuses_a_zone_both_shared_and_per_player() -> None:
    assert Pack("z", player_zones=("pile",), shared_zones=("pile",)).problems() == [
        "a zone cannot be both a player zone and a shared zone"
    ]


def test_added_card_is_indexed_for_triggers() -> None:
    pack = Pack("later")
    pack.add_card(synth.PACK.card("watcher"))
    assert pack.slugs_for(AbilityKind.REACTION, "draw") == frozenset({"watcher"})


class Explaining(synth.SynthPack):
    """The synthetic pack with exact refusals for targets and timing."""

    def explain_target(
        self, ctx: Context, name: str, spec: Target, raw: object
    ) -> IllegalPlay | None:
        """Word a refused target exactly."""
        return IllegalPlay(f"{ctx.player.name} may not aim {name} at {raw}", ("R10",))

    def explain_timing(
        self, game: Game, player: Player, card: Card
    ) -> IllegalPlay | None:
        """Word a refused response-only card exactly."""
        return IllegalPlay(f"{player.name} must wait for a Strike", ("R3",))


def test_pack_hooks_explain_refused_targets_and_timing() -> None:
    register_pack(synth.build(Explaining, "synth-explained"))
    try:
        result = run_scenario(
            {
                "game": "synth-explained",
                "players": [
                    {"name": "Alice", "hand": ["strike", "block"]},
                    {"name": "Bob", "play": ["soldier", "knight"]},
                ],
                "steps": [
                    {
                        "player": "Alice",
                        "play": "strike",
                        "targets": {"target": "Alice/x"},
                    },
                    {"player": "Alice", "play": "block"},
                ],
            }
        )
    finally:
        unregister_pack("synth-explained")
    assert [s.reason for s in result.steps] == [
        "Alice may not aim target at Alice/x",
        "Alice must wait for a Strike",
    ]


class Providing(synth.SynthPack):
    """The synthetic pack with Rest as a rule component made on first use."""

    def provide_card(self, game: Game, player: Player, slug: str) -> Card | None:
        """Give a player a Rest the first time a step of theirs uses one."""
        if slug != "rest" or any(
            game.cards[i].slug == slug for i in game.zone(PLAY, player.name)
        ):
            return None
        return game.new_card(slug, player.name, PLAY)


def _provided(*steps: dict[str, object]) -> Result:
    register_pack(synth.build(Providing, "synth-providing"))
    try:
        return run_scenario(
            {
                "game": "synth-providing",
                "phase": "action",
                "players": [{"name": "Alice"}, {"name": "Bob"}],
                "steps": list(steps),
            }
        )
    finally:
        unregister_pack("synth-providing")


def test_a_provided_card_exists_only_once_a_step_uses_it() -> None:
    unused = _provided()
    assert unused.state["cards"] == {}
    assert [p["play"] for p in unused.state["players"].values()] == [[], []]

    used = _provided(
        {"player": "Alice", "use": "rest"},
        {"player": "Alice", "use": "rest"},  # the same card, exhausted now
        {"player": "Bob", "use": "Alice/rest"},  # not Bob's to be given
    )
    assert [s.status for s in used.steps] == ["accepted", "rejected", "rejected"]
    assert used.steps[2].reason == "Bob has no Rest to use"
    assert [e.message for e in used.log] == ["Alice uses Rest", "Alice exhausts Rest"]
    assert used.state["players"]["Alice"]["play"] == ["rest"]
    assert used.state["players"]["Bob"]["play"] == []
    assert [c["slug"] for c in used.state["cards"].values()] == ["rest"]


def test_the_default_pack_provides_no_card() -> None:
    result = run_scenario(
        {
            "game": "synth",
            "phase": "action",
            "players": [{"name": "Alice"}, {"name": "Bob"}],
            "steps": [{"player": "Alice", "use": "rest"}],
        }
    )
    assert result.steps[0].reason == "Alice has no Rest to use"
    assert result.state["cards"] == {}


def test_a_pack_runs_only_the_rule_checks_that_apply() -> None:
    from oracle.engine import RuleCheck

    def refuse(ctx: Context) -> str:
        return "no"

    anywhere = RuleCheck("anywhere", ("R1",), refuse)
    actions = RuleCheck(
        "actions", ("R2",), refuse, kinds=frozenset({AbilityKind.ACTION})
    )
    cards = RuleCheck("cards", ("R3",), refuse, card_types=frozenset({"event"}))
    pack = Pack("checks", rule_checks=(cards, actions, anywhere))
    assert pack.checks_for(AbilityKind.ACTION, "event") == (cards, actions, anywhere)
    assert pack.checks_for(AbilityKind.REACTION, "event") == (cards, anywhere)
    # A sourceless rule ability has no card type.
    assert pack.checks_for(AbilityKind.ACTION, None) == (actions, anywhere)
    pack.rule_checks = (anywhere,)  # replaced: the index follows
    assert pack.checks_for(AbilityKind.ACTION, "event") == (anywhere,)


def test_synthetic_cards_have_distinct_slugs() -> None:
    # A pack keeps the last definition of a slug: a clash would silently
    # replace a card another test relies on.
    slugs = Counter(card.slug for module in synth.MODULES for card in module.CARDS)
    assert [slug for slug, n in slugs.items() if n > 1] == []
