"""Cards in play outside ``play``, attachment restrictions, hand events, a
pack's own steps and game objects that are not cards."""

from __future__ import annotations

import pytest

from oracle.engine import Pack, Result, ScenarioError, register_pack, run_scenario
from oracle.engine.core.events import Event
from oracle.engine.core.game import Game
from oracle.engine.core.pack import unregister_pack
from oracle.engine.flow.events import resolve_event
from oracle.engine.play.periods import begin_period, end_period

from . import synth
from .helpers import card, messages, run, scenario, state, statuses


def _on_manor(slug: str) -> dict[str, object]:
    return {
        "player": "Alice",
        "play": slug,
        "targets": {"target": "Alice/manor@estate"},
    }


def test_basic_game_actions_count_the_packs_in_play_zones_as_in_play() -> None:
    # The scenario's ``exhausted`` holds in the estate, a zone the synthetic
    # pack counts as in play; the basic game actions reach the card there.
    manor = {"card": "manor", "exhausted": True}
    board = {"name": "Alice", "hand": ["rouse", "bow", "tithe", "pennant"]}
    result = run(
        {**board, "estate": [manor]},
        {"name": "Bob"},
        steps=[
            _on_manor("rouse"),
            _on_manor("bow"),
            _on_manor("tithe"),
            {
                "player": "Alice",
                "use": "pennant",
                "targets": {"target": "Alice/manor@estate"},
            },
        ],
    )
    assert statuses(result) == ["accepted"] * 4
    log = messages(result)
    assert "Alice readies Manor" in log
    assert "Alice exhausts Manor" in log
    assert "Alice places 1 gold token on Manor" in log
    assert "Alice attaches Pennant to Manor" in log
    manor_now = card(result, "manor")
    assert manor_now["zone"] == "estate"
    assert manor_now["exhausted"] is True
    assert manor_now["tokens"] == {"gold": 1}
    assert len(manor_now["attachments"]) == 1
    assert card(result, "pennant")["parent"] == _id(result, "manor")
    assert state(result)["players"]["Alice"]["estate"] == ["manor"]


def _id(result: Result, slug: str) -> str:
    return next(i for i, c in state(result)["cards"].items() if c["slug"] == slug)


def _attach(ref: str, via: str = "crest") -> Result:
    use: dict[str, object] = {
        "player": "Alice",
        "use": via,
        "targets": {"target": ref},
    }
    if via != "crest":
        use["targets"] = {"gear": "Alice/crest@hand", "target": ref}
    return run(
        {
            "name": "Alice",
            "hand": ["crest"],
            "play": ["armourer", "soldier"],
            "estate": ["manor"],
        },
        {"name": "Bob"},
        steps=[use],
    )


@pytest.mark.parametrize("via", ["crest", "armourer"])
def test_attachment_restriction_on_the_card_holds_whoever_attaches_it(
    via: str,
) -> None:
    # Crest's own ability would take any card in play, and Armourer knows
    # nothing of Crest: the restriction declared on Crest holds for both.
    allowed = _attach("Alice/soldier", via)
    assert statuses(allowed) == ["accepted"]
    assert card(allowed, "crest")["parent"] == _id(allowed, "soldier")
    assert "Alice attaches Crest to Soldier" in messages(allowed)
    refused = _attach("Alice/manor@estate", via)
    assert card(refused, "crest")["zone"] == "hand"
    assert card(refused, "manor")["attachments"] == []
    assert "Alice cannot attach Crest to Manor: Crest does not allow it" in messages(
        refused
    )


def test_attachment_restriction_holds_for_a_card_put_into_play_attached() -> None:
    board = scenario(
        {"name": "Alice", "play": [{"card": "soldier", "attachments": ["crest"]}]},
        {"name": "Alice2", "estate": [{"card": "manor", "attachments": ["crest"]}]},
    )
    with pytest.raises(ScenarioError) as refused:
        run_scenario(board)
    assert [p.to_dict() for p in refused.value.problems] == [
        {
            "path": "/players/1/estate/0/attachments/0",
            "message": "Crest cannot be attached to Manor",
        }
    ]


HAND_WAYS = [
    # (Alice's hand, Alice's deck, step, the gains it brings, in order)
    (
        ["recall"],
        [],
        {"player": "Alice", "play": "recall", "targets": {"target": "Alice/knight"}},
        ["Mourner (leaves play)", "Porter (enters hand)"],
    ),
    (
        [],
        ["knight"],
        {"player": "Alice", "use": "crossroads", "ability": "Study"},
        ["Porter (enters hand)"],
    ),
    (
        ["ambush"],
        [],
        {"player": "Alice", "use": "ambush"},
        ["Gleaner (leaves hand)", "Greeter (enters play)"],
    ),
    # A handler's own ``Game.move``, no game action: the same events.
    (
        ["sleight"],
        [],
        {"player": "Alice", "play": "sleight", "targets": {"target": "Alice/knight"}},
        ["Mourner (leaves play)", "Porter (enters hand)"],
    ),
]


@pytest.mark.parametrize(("hand", "deck", "step", "gains"), HAND_WAYS)
def test_one_event_for_a_card_entering_or_leaving_a_hand_whatever_the_way(
    hand: list[str], deck: list[str], step: dict[str, object], gains: list[str]
) -> None:
    watchers = ["porter", "gleaner", "mourner", "greeter", "crossroads"]
    result = run(
        {"name": "Alice", "hand": hand, "deck": deck, "play": ["knight", *watchers]},
        {"name": "Bob"},
        steps=[step],
    )
    assert statuses(result) == ["accepted"]
    assert [m for m in messages(result) if "gold from" in m] == [
        f"Alice gains 1 gold from {gain}" for gain in gains
    ]


class Stepping(synth.SynthPack):
    """The synthetic pack with a step of its own in combat: the combat round
    (a pack period) opens with the phase, and the pack's own ``sundown``
    event ends it."""

    def on_phase_start(self, game: Game, phase: str) -> None:
        """Open the combat round as combat begins."""
        super().on_phase_start(game, phase)
        if phase == "combat":
            begin_period(game, "combat_round")

    def on_phase_end(self, game: Game, phase: str) -> None:
        """Raise sundown, then close the combat round, as combat ends."""
        super().on_phase_end(game, phase)
        if phase == "combat":
            resolve_event(game, Event("sundown", player=game.clock.active_player))
            end_period(game, "combat_round")


def test_a_packs_own_steps_are_its_periods_and_events() -> None:
    register_pack(synth.build(Stepping, "synth-stepping"))
    try:
        result = run_scenario(
            scenario(
                {"name": "Alice", "play": ["lookout", "bugler", "lamplighter"]},
                {"name": "Bob"},
                steps=[{"advance": "combat"}, {"end": "phase"}],
                game="synth-stepping",
            )
        )
    finally:
        unregister_pack("synth-stepping")
    assert statuses(result) == ["accepted", "accepted"]
    assert [m for m in messages(result) if "gold from" in m] == [
        "Alice gains 1 gold from Lookout (period start)",
        "Alice gains 1 gold from Lamplighter (sundown)",
        "Alice gains 1 gold from Bugler (period end)",
    ]


def test_a_ring_is_a_target_and_holder_of_lasting_effects() -> None:
    # The pack counts its shared ``rings`` zone in play: a ring there is
    # targeted, holds tokens and carries a lasting effect as a card does.
    base = synth.PACK
    rings = Pack(
        "synth-rings",
        cards=base.cards.values(),
        phases=base.phases,
        player_zones=base.player_zones,
        windows=base.windows,
        periods=base.periods,
        shared_zones=("rings",),
        in_play_zones=("rings",),
    )
    assert rings.problems() == []
    register_pack(rings)
    try:
        result = run_scenario(
            scenario(
                {"name": "Alice", "hand": ["invocation"]},
                {"name": "Bob"},
                steps=[
                    {
                        "player": "Alice",
                        "play": "invocation",
                        "targets": {"target": "air-ring@rings"},
                    }
                ],
                game="synth-rings",
                decks={"rings": ["air-ring"]},
            )
        )
    finally:
        unregister_pack("synth-rings")
    assert statuses(result) == ["accepted"]
    ring = card(result, "air-ring")
    assert ring["zone"] == "rings"
    assert ring["tokens"] == {"fate": 1}
    assert ring["stats"] == {"bonus": 3}
    assert state(result)["lasting"][0]["until"] == "until the end of the round"
    assert "Alice places 1 fate token on Air Ring" in messages(result)
