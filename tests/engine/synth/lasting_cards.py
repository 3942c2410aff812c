"""Synthetic cards for lasting effects: zones, durations and targeting."""

from __future__ import annotations

from oracle.engine.core.abilities import Target, action
from oracle.engine.core.cards import Card, CardDef
from oracle.engine.core.context import Context
from oracle.engine.core.effects import (
    Modify,
    Persistent,
    Until,
    cannot_be_targeted,
    until_by_use,
)
from oracle.engine.flow.actions import GameAction
from oracle.engine.flow.basic import CardLasting, Exhaust, discard
from oracle.engine.flow.effect_actions import LastingMatch

#: Zones a scenario card may be aimed at by the lasting effects below.
ANYWHERE = ("play", "hand", "estate")


def _event(slug: str, name: str, target: Target | None, effect: GameAction) -> CardDef:
    """An event card played from hand whose effect is one game action."""
    targets = {"target": target} if target is not None else {}
    ability = action(
        targets=targets, effect=effect, location="hand", played_to="discard"
    )
    return CardDef(slug, name, "event", abilities=(ability,))


#: In the duel window, to the end of the combat round; else to the phase's end.
BY_USE = until_by_use({"duel": Until(period="combat_round")}, Until(period="phase"))
GRIT = CardLasting(effect=Modify("strength", 1), until=BY_USE)


def stealthy(card: Card, ctx: Context) -> bool:
    """The card has stealth, printed or given."""
    return ctx.game.has_keyword(card, "stealth")


def a_soldier(card: Card, ctx: Context) -> bool:
    """The card is a soldier."""
    return ctx.game.definition(card).has_trait("soldier")


CARDS = (
    # A lasting effect that says it reaches a card in hand.
    _event(
        "curse",
        "Curse",
        Target(card_type="unit", zone="hand", controller="opponent"),
        CardLasting(
            effect=Modify("strength", 1), until=Until(period="round"), zones=("hand",)
        ),
    ),
    # A lasting effect on a card the game counts in play, wherever it is.
    _event(
        "elixir",
        "Elixir",
        Target(card_type=("unit", "location"), zone=ANYWHERE, controller="self"),
        CardLasting(effect=Modify("strength", 2), until=Until(period="round")),
    ),
    CardDef("manor", "Manor", "location", {"strength": 0}),
    # Until the end of a named later phase.
    _event(
        "war-paint",
        "War Paint",
        Target(card_type="unit", controller="self"),
        CardLasting(effect=Modify("strength", 2), until=Until(phase="combat")),
    ),
    # Until the end of the combat round or the phase, whichever comes first.
    _event(
        "rally",
        "Rally",
        Target(card_type="unit", controller="self"),
        CardLasting(
            effect=Modify("strength", 2),
            until=Until.first_of(Until(period="combat_round"), Until(period="phase")),
        ),
    ),
    # Immune to being targeted; a choice that does not target still reaches it.
    CardDef(
        "shade",
        "Shade",
        "unit",
        {"strength": 1},
        effects=(Persistent(cannot_be_targeted(), match="self"),),
    ),
    _event(
        "smite", "Smite", Target(card_type="unit", controller="opponent"), discard()
    ),
    _event(
        "cull",
        "Cull",
        Target(card_type="unit", controller="opponent", targets=False),
        discard(),
    ),
    # Every soldier of its player, those that arrive later included.
    _event(
        "war-cry",
        "War Cry",
        None,
        LastingMatch(effect=Modify("strength", 1), match=a_soldier),
    ),
    CardDef("prowler", "Prowler", "unit", {"strength": 1}, frozenset({"stealth"})),
    # Asks one question of printed and granted keywords alike.
    _event(
        "flush-out",
        "Flush Out",
        Target(card_type="unit", predicate=stealthy),
        Exhaust(),
    ),
    # One lasting effect whose duration depends on where it is played.
    CardDef(
        "grit",
        "Grit",
        "event",
        abilities=tuple(
            action(
                target=Target(card_type="unit", controller="self"),
                effect=GRIT,
                window=window,
                location="hand",
                played_to="discard",
            )
            for window in (None, "duel")
        ),
    ),
)
