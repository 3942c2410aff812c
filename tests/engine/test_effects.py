"""Persistent effects: matching, one card, conditions, controllers, values, zones."""

from __future__ import annotations

from oracle.engine import get_pack
from oracle.engine.core.effects import Gain, Modify, ModifyPlayer, Persistent
from oracle.engine.core.game import Game
from oracle.engine.flow import view
from oracle.engine.flow.view import recompute

from .helpers import card, player, run, state, statuses, strength


def test_effect_applies_to_every_matching_card_of_its_controller() -> None:
    result = run(
        player("Alice", play=["banner", "soldier", "soldier", "knight"]),
        player("Bob", play=["soldier"]),
    )
    assert [strength(result, "soldier", n) for n in range(3)] == [2, 2, 1]
    assert strength(result, "knight") == 2


def test_effect_on_one_card_applies_to_that_card_only() -> None:
    result = run(player("Alice", play=["lone-wolf", "soldier"]))
    assert strength(result, "lone-wolf") == 3
    assert strength(result, "soldier") == 1


def test_conditional_effect_applies_and_unapplies_with_its_condition() -> None:
    result = run(
        player("Alice", play=["sentinel", "soldier", "soldier"]),
        player("Bob", hand=["strike"]),
        steps=[
            {
                "player": "Bob",
                "play": "strike",
                "targets": {"target": "Alice/soldier#1"},
            }
        ],
    )
    assert result.ok
    start = run(player("Alice", play=["sentinel", "soldier", "soldier"]))
    assert strength(start, "sentinel") == 3
    assert strength(result, "sentinel") == 1


def test_effect_on_opponent_cards_leaves_own_cards_alone() -> None:
    result = run(
        player("Alice", play=["fog", "soldier"]), player("Bob", play=["soldier"])
    )
    assert strength(result, "soldier", 0) == 1
    assert strength(result, "soldier", 1) == 0


def test_effect_on_any_player_cards_reaches_every_unit() -> None:
    result = run(
        player("Alice", play=["plague", "knight"]), player("Bob", play=["knight"])
    )
    assert strength(result, "knight", 0) == 1
    assert strength(result, "knight", 1) == 1


def test_dynamic_value_follows_the_game_state() -> None:
    result = run(
        player("Alice", play=["treasurer", "well"], resources={"gold": 2}),
        steps=[{"player": "Alice", "use": "well"}],
    )
    assert strength(result, "treasurer") == 3


def test_while_attached_effect_applies_only_when_the_parent_matches() -> None:
    result = run(
        player(
            "Alice",
            play=[
                {"card": "knight", "attachments": ["blade"]},
                {"card": "soldier", "attachments": ["blade"]},
            ],
        )
    )
    assert strength(result, "knight") == 4
    assert strength(result, "soldier") == 1


def test_several_effects_apply_at_once() -> None:
    result = run(player("Alice", play=["standard"]))
    standard = card(result, "standard")
    assert standard["stats"] == {"defense": 1, "strength": 2}
    assert standard["flags"] == ["stealth"]


def test_effect_reaches_cards_in_hand() -> None:
    result = run(
        player("Alice", play=["discount"], hand=["knight"]),
        player("Bob", hand=["knight"]),
    )
    assert card(result, "knight", 0)["stats"]["cost"] == 1
    assert card(result, "knight", 1)["stats"]["cost"] == 2


def test_effect_can_work_from_hand() -> None:
    result = run(player("Alice", hand=["omen"], play=["soldier"]))
    assert strength(result, "soldier") == 2


def test_player_effect_modifies_a_player_value() -> None:
    result = run(player("Alice", play=["library"]), player("Bob"))
    players = state(result)["players"]
    assert players["Alice"]["values"] == {"hand_limit": 1}
    assert players["Bob"]["values"] == {}


def test_immunity_effect_removes_a_card_from_legal_targets() -> None:
    result = run(
        player("Alice", play=[{"card": "knight", "attachments": ["ward"]}]),
        player("Bob", hand=["strike"]),
        steps=[{"player": "Bob", "play": "strike"}],
    )
    assert result.steps[0].status == "rejected"
    assert result.steps[0].reason == "Strike has no legal target"
    assert result.steps[0].rules == ("R10",)


def test_the_engine_knows_what_a_fixed_player_effect_reads() -> None:
    fixed = Persistent(ModifyPlayer("hand_limit", 1), target_type="player")
    assert fixed.reads_known


def test_a_computed_effect_reads_unknown_things_unless_it_says() -> None:
    def laws(game: Game) -> tuple[str, ...]:
        return tuple(game.shared.get("laws", ()))

    computed = ModifyPlayer("hand_limit", lambda ctx: len(ctx.player.zones["hand"]))
    assert not Persistent(computed, target_type="player").reads_known
    assert Persistent(computed, target_type="player", reads=laws).reads_known
    conditional = Persistent(
        ModifyPlayer("hand_limit", 1), target_type="player", condition=lambda c: True
    )
    assert not conditional.reads_known


def test_a_card_effect_reads_whole_zones() -> None:
    assert not Persistent(Modify("strength", 1), match="self").reads_known
    assert not Persistent(Gain("stealth"), match="self", reads=lambda g: 0).reads_known


def test_effects_reading_unknown_things_are_recomputed_after_every_event() -> None:
    game = Game(get_pack("synth"), players=["Alice"])
    game.new_card("banner", "Alice", "play")
    recompute(game)
    assert view._inputs(game) is None


def test_effect_reaches_cards_entering_and_leaving_play() -> None:
    result = run(
        player("Alice", play=["banner", "barracks", "soldier"]),
        player("Bob", hand=["strike"]),
        steps=[
            {"player": "Alice", "use": "barracks"},
            {
                "player": "Bob",
                "play": "strike",
                "targets": {"target": "Alice/soldier#1"},
            },
        ],
    )
    assert statuses(result) == ["accepted", "accepted"]
    gone, recruited = card(result, "soldier", 0), card(result, "soldier", 1)
    # The soldier that entered play gets the Banner's bonus at once ...
    assert (recruited["zone"], recruited["stats"]["strength"]) == ("play", 2)
    # ... and the one that left play no longer has it.
    assert (gone["zone"], gone["stats"]["strength"]) == ("discard", 1)


def test_while_attached_effect_with_a_condition_follows_it() -> None:
    result = run(
        player(
            "Alice",
            play=[
                {"card": "knight", "attachments": ["spur"]},
                {"card": "soldier", "exhausted": True, "attachments": ["spur"]},
            ],
        )
    )
    assert strength(result, "knight") == 3
    assert strength(result, "soldier") == 1
