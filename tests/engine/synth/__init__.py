"""A synthetic game pack ("synth") whose tiny cards exercise every engine pattern.

Rule ids are the pack's own (``R1``...); they are listed in ``RULE_IDS`` so a
test can check the pack cites nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping

from oracle.engine import Pack, RuleCheck, register_pack
from oracle.engine.core.abilities import AbilityKind, forced_reaction
from oracle.engine.core.context import Context
from oracle.engine.core.errors import Problem
from oracle.engine.core.events import Event
from oracle.engine.core.game import Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.engine.core.refs import labels
from oracle.engine.core.scenario import Scenario
from oracle.engine.flow.basic import discard
from oracle.engine.play.windows import open_window

from . import (
    action_cards,
    effect_cards,
    event_cards,
    holder_cards,
    lasting_cards,
    move_cards,
    special_cards,
    town_cards,
    trigger_cards,
)

#: The modules of synthetic cards, in the order the pack registers them.
MODULES = (
    effect_cards,
    action_cards,
    trigger_cards,
    special_cards,
    lasting_cards,
    move_cards,
    event_cards,
    town_cards,
    holder_cards,
)
FACTIONS = ("red", "blue")
#: Soldiers in every player's reserve at the start (a stock zone).
RESERVE = 2
RULE_IDS = frozenset(
    {
        "R1",
        "R2",
        "R2a",
        "R3",
        "R4",
        "R5",
        "R6",
        "R7",
        "R8",
        "R10",
        "R11",
        "R12",
        "R13",
        "R20",
        "R30",
        "R40",
        "R41",
        "R42",
        "R43",
    }
)


def hand_limit(game: Game, name: str) -> int:
    """A player's hand limit: 3 plus player effects."""
    return game.player_stat(name, "hand_limit", 3)


def over_limit(event: Event, ctx: Context) -> bool:
    """The drawing player holds more cards than the hand limit."""
    return len(ctx.player.zones["hand"]) > hand_limit(ctx.game, ctx.player.name)


def discard_excess(ctx: Context) -> bool:
    """The player chooses which cards over the limit to discard."""
    game, name = ctx.game, ctx.player.name
    hand = game.cards_in("hand", name)
    excess = len(hand) - hand_limit(game, name)
    options = labels(game, hand)
    prompt = Prompt(
        PromptKind.CARD,
        name,
        "hand-limit",
        tuple(options),
        minimum=excess,
        maximum=excess,
    )
    answer = ask(game, prompt)
    chosen = (
        [hand[options.index(label)] for label in answer]
        if isinstance(answer, tuple)
        else []
    )
    return discard(rules=("R4",)).resolve(ctx, chosen)


def no_actions_in_end_phase(ctx: Context) -> str | None:
    """Rule R5: nobody takes actions in the end phase."""
    ability = ctx.ability
    if (
        ability is not None
        and ability.kind is AbilityKind.ACTION
        and ctx.game.clock.phase == "end"
    ):
        return f"{ctx.player.name} cannot take actions in the end phase"
    return None


class SynthPack(Pack):
    """The synthetic pack: a faction per player, weather on the board, a duel
    window at the start of combat."""

    def parse_player(
        self, data: Mapping[str, object], path: str
    ) -> tuple[dict[str, object], list[Problem]]:
        """Accept ``faction`` (red or blue)."""
        out: dict[str, object] = {}
        problems = []
        for key, value in data.items():
            if key != "faction":
                problems.append(Problem(f"{path}/{key}", "unknown field"))
            elif value not in FACTIONS:
                problems.append(Problem(f"{path}/faction", "must be red or blue"))
            else:
                out["faction"] = value
        return out, problems

    def parse_board(
        self, data: Mapping[str, object], path: str
    ) -> tuple[dict[str, object], list[Problem]]:
        """Accept ``weather`` (a string)."""
        problems = [
            Problem(f"{path}/{k}", "unknown field") for k in data if k != "weather"
        ]
        weather = data.get("weather", "clear")
        if not isinstance(weather, str):
            problems.append(Problem(f"{path}/weather", "must be a string"))
        return {"weather": weather}, problems

    def setup(self, game: Game, scenario: Scenario) -> None:
        """Give every player a reserve of soldiers, counted, not created."""
        super().setup(game, scenario)
        for player in game.players:
            game.add_stock("reserve", {"soldier": RESERVE}, player.name)

    def on_phase_start(self, game: Game, phase: str) -> None:
        """Open the duel window when combat starts."""
        if phase == "combat":
            open_window(game, "duel")


def build(kind: type[SynthPack] = SynthPack, slug: str = "synth") -> SynthPack:
    """Build the synthetic pack (as ``kind``, under ``slug``)."""
    cards = tuple(card for module in MODULES for card in module.CARDS)
    return kind(
        slug,
        name="Synthetic",
        cards=cards,
        phases=("setup", "action", "combat", "end"),
        player_zones=("reserve", "estate", "removed"),
        in_play_zones=("estate",),
        stock_zones=("reserve",),
        shared_zones=("market",),
        windows=("duel",),
        periods=("combat_round", "job"),
        rule_checks=(RuleCheck("end-phase", ("R5",), no_actions_in_end_phase),),
        rule_abilities=(
            forced_reaction(
                {"draw": over_limit},
                handler=discard_excess,
                title="hand limit",
                rules=("R4",),
            ),
        ),
        citations={
            "location": ("R1",),
            "phase": ("R2",),
            "window": ("R2a",),
            "timing": ("R3",),
            "limit": ("R6",),
            "condition": ("R7",),
            "cost": ("R8",),
            "target": ("R10",),
            "resolve": ("R11",),
            "choice": ("R12",),
            "blank": ("R13",),
        },
    )


PACK = register_pack(build(), replace=True)
