"""Lasting effects: the zones they fix in, and when they end."""

from __future__ import annotations

import pytest

from oracle.engine import Pack
from oracle.engine.core.abilities import Target, action
from oracle.engine.core.cards import CardDef
from oracle.engine.core.effects import Modify
from oracle.engine.flow.basic import CardLasting

from .helpers import messages, player, run, state, statuses, strength


def elixir_on(ref: str) -> dict[str, object]:
    return {"player": "Alice", "play": "elixir", "targets": {"target": ref}}


def test_lasting_effect_on_a_card_in_hand_holds_while_it_stays_there() -> None:
    curse = {"player": "Alice", "play": "curse", "targets": {"target": "Bob/ambush"}}
    spring = {"player": "Bob", "use": "ambush"}
    hands = (player("Alice", hand=["curse"]), player("Bob", hand=["ambush"]))
    cursed = run(*hands, steps=[curse])
    assert statuses(cursed) == ["accepted"]
    assert strength(cursed, "ambush") == 3
    assert state(cursed)["lasting"][0]["until"] == "until the end of the round"
    # Put into play, the card is a new one to the rules: the effect has ended.
    sprung = run(*hands, steps=[curse, spring])
    assert statuses(sprung) == ["accepted", "accepted"]
    assert state(sprung)["players"]["Bob"]["play"] == ["ambush"]
    assert strength(sprung, "ambush") == 2
    assert state(sprung)["lasting"] == []


def test_lasting_effect_on_a_card_in_a_zone_the_pack_counts_in_play() -> None:
    result = run(
        player("Alice", hand=["elixir"], estate=["manor"]),
        steps=[elixir_on("Alice/manor@estate")],
    )
    assert statuses(result) == ["accepted"]
    assert strength(result, "manor") == 2
    assert "Alice applies an effect to Manor until the end of the round" in messages(
        result
    )


def test_lasting_effect_aimed_outside_its_zones_says_it_does_not_apply() -> None:
    result = run(
        player("Alice", hand=["elixir", "soldier"]),
        steps=[elixir_on("Alice/soldier@hand")],
    )
    assert statuses(result) == ["accepted"]
    assert strength(result, "soldier") == 1
    assert state(result)["lasting"] == []
    assert (
        "Alice cannot apply an effect to Soldier: it is not in play or estate"
        in messages(result)
    )


def test_lasting_effect_ends_when_its_card_leaves_play_and_comes_back() -> None:
    recall = {
        "player": "Alice",
        "play": "recall",
        "targets": {"target": "Alice/ambush"},
    }
    result = run(
        player("Alice", hand=["elixir", "recall"], play=["ambush"]),
        steps=[elixir_on("Alice/ambush"), recall, {"player": "Alice", "use": "ambush"}],
    )
    assert statuses(result) == ["accepted", "accepted", "accepted"]
    assert state(result)["players"]["Alice"]["play"] == ["ambush"]
    assert strength(result, "ambush") == 2
    assert state(result)["lasting"] == []


def test_lasting_effect_that_can_never_fix_on_its_target_is_refused() -> None:
    never = CardDef(
        "mistake",
        "Mistake",
        "event",
        abilities=(
            action(
                target=Target(zone="hand"),
                effect=CardLasting(effect=Modify("strength", 1)),
                location="hand",
            ),
        ),
    )
    assert Pack("bad", cards=[never]).problems() == [
        "mistake: a lasting effect on 'target' fixes only on cards in play, "
        "but the target picks from hand"
    ]
    reaches = CardDef(
        "fine",
        "Fine",
        "event",
        abilities=(
            action(
                target=Target(zone="hand"),
                effect=CardLasting(effect=Modify("strength", 1), zones=("hand",)),
            ),
        ),
    )
    assert Pack("good", cards=[reaches]).problems() == []


@pytest.mark.parametrize("zone", ["estate", "nowhere"])
def test_pack_zones_counted_in_play_must_be_its_own(zone: str) -> None:
    pack = Pack("zones", player_zones=("estate",), in_play_zones=(zone,))
    problems = pack.problems()
    assert problems == (
        [] if zone == "estate" else ["in-play zone 'nowhere' is not a pack zone"]
    )


def test_lasting_effect_until_the_end_of_a_named_later_phase() -> None:
    paint = {
        "player": "Alice",
        "play": "war-paint",
        "targets": {"target": "Alice/soldier"},
    }
    board = player("Alice", hand=["war-paint"], play=["soldier"])
    # Played in the action phase, it outlasts that phase and ends with combat.
    in_combat = run(board, steps=[paint, {"advance": "combat"}])
    assert statuses(in_combat) == ["accepted", "accepted"]
    assert strength(in_combat, "soldier") == 3
    assert state(in_combat)["lasting"][0]["until"] == (
        "until the end of the combat phase"
    )
    after = run(board, steps=[paint, {"advance": "combat"}, {"end": "phase"}])
    assert state(after)["phase"] == "end"
    assert strength(after, "soldier") == 1
    assert state(after)["lasting"] == []


@pytest.mark.parametrize(
    ("ending", "ended"),
    [("combat_round", True), ("phase", True), ("turn", False)],
)
def test_lasting_effect_until_whichever_comes_first(ending: str, ended: bool) -> None:
    rally = {"player": "Alice", "play": "rally", "targets": {"target": "Alice/soldier"}}
    board = player("Alice", hand=["rally"], play=["soldier"])
    during = run(board, steps=[rally])
    assert state(during)["lasting"][0]["until"] == (
        "until the end of the combat round or the end of the phase, "
        "whichever comes first"
    )
    result = run(board, steps=[rally, {"end": ending}])
    assert statuses(result) == ["accepted", "accepted"]
    assert strength(result, "soldier") == (1 if ended else 3)


def test_card_immune_to_targeting_is_no_legal_target() -> None:
    smite = {"player": "Alice", "play": "smite", "targets": {"target": "Bob/shade"}}
    alone = run(
        player("Alice", hand=["smite"]), player("Bob", play=["shade"]), steps=[smite]
    )
    assert statuses(alone) == ["rejected"]
    assert alone.steps[0].reason == "Smite has no legal target"
    beside = run(
        player("Alice", hand=["smite"]),
        player("Bob", play=["shade", "knight"]),
        steps=[{**smite, "targets": {"target": "Bob/knight"}}],
    )
    assert statuses(beside) == ["accepted"]
    assert beside.decisions[0].options == ("Bob/knight",)
    assert state(beside)["players"]["Bob"]["play"] == ["shade"]


def test_choice_that_does_not_target_ignores_targeting_immunity() -> None:
    cull = {"player": "Alice", "play": "cull", "targets": {"target": "Bob/shade"}}
    result = run(
        player("Alice", hand=["cull"]), player("Bob", play=["shade"]), steps=[cull]
    )
    assert statuses(result) == ["accepted"]
    assert state(result)["players"]["Bob"]["discard"] == ["shade"]


def test_lasting_effect_on_every_card_a_live_match_finds() -> None:
    cry = {"player": "Alice", "play": "war-cry"}
    recruit = {"player": "Alice", "use": "barracks"}
    board = player("Alice", hand=["war-cry"], play=["soldier", "knight", "barracks"])
    result = run(board, player("Bob", play=["soldier"]), steps=[cry, recruit])
    assert statuses(result) == ["accepted", "accepted"]
    # Alice's soldiers, the one recruited after the effect began included.
    alice = [c for c in state(result)["cards"].values() if c["slug"] == "soldier"]
    found = sorted((c["controller"], c.get("stats", {}).get("strength")) for c in alice)
    assert found == [("Alice", 2), ("Alice", 2), ("Bob", 1)]
    assert strength(result, "knight") == 2
    ended = run(board, steps=[cry, recruit, {"end": "phase"}])
    assert strength(ended, "soldier") == 1
    assert state(ended)["lasting"] == []


def test_keyword_query_answers_printed_and_granted_keywords() -> None:
    result = run(
        player("Alice", hand=["flush-out"], play=["prowler", "standard", "soldier"]),
        steps=[
            {
                "player": "Alice",
                "play": "flush-out",
                "targets": {"target": "Alice/prowler"},
            }
        ],
    )
    assert statuses(result) == ["accepted"]
    # Prowler prints stealth; Standard is given it by its own effect.
    assert result.decisions[0].options == ("Alice/prowler", "Alice/standard")


def test_duration_set_by_the_window_the_ability_is_used_in() -> None:
    grit = {"player": "Alice", "play": "grit", "targets": {"target": "Alice/soldier"}}
    board = player("Alice", hand=["grit"], play=["soldier"])
    outside = run(board, steps=[grit])
    assert statuses(outside) == ["accepted"]
    assert state(outside)["lasting"][0]["until"] == "until the end of the phase"
    in_duel = run(board, steps=[{"advance": "combat"}, grit])
    assert statuses(in_duel) == ["accepted", "accepted"]
    assert state(in_duel)["lasting"][0]["until"] == "until the end of the combat round"
    assert strength(in_duel, "soldier") == 2
