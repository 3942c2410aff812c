"""Synthetic cards for persistent effects (one card per pattern)."""

from __future__ import annotations

from oracle.engine.core.cards import Card, CardDef
from oracle.engine.core.context import Context
from oracle.engine.core.effects import (
    Gain,
    Modify,
    ModifyPlayer,
    Persistent,
    cannot_be,
    while_attached,
)


def is_unit(card: Card, ctx: Context) -> bool:
    """A unit card."""
    return ctx.game.definition(card).type == "unit"


def is_soldier(card: Card, ctx: Context) -> bool:
    """A unit with the soldier trait."""
    return is_unit(card, ctx) and ctx.game.definition(card).has_trait("soldier")


def is_knight(card: Card, ctx: Context) -> bool:
    """A card with the knight trait."""
    return ctx.game.definition(card).has_trait("knight")


def units_controlled(ctx: Context) -> int:
    """How many units the context's player controls in play."""
    return sum(1 for c in ctx.game.cards_in("play", ctx.player.name) if is_unit(c, ctx))


def parent_ready(ctx: Context) -> bool:
    """The card the source is attached to is ready."""
    source = ctx.source
    if source is None or source.parent is None:
        return False
    return not ctx.game.cards[source.parent].exhausted


def weak_self(ctx: Context) -> bool:
    """The source is weaker than 3 (a deliberately unstable condition)."""
    return ctx.source is not None and ctx.game.stat(ctx.source, "strength") < 3


CARDS = (
    CardDef(
        "soldier", "Soldier", "unit", {"strength": 1, "cost": 1}, frozenset({"soldier"})
    ),
    CardDef(
        "knight", "Knight", "unit", {"strength": 2, "cost": 2}, frozenset({"knight"})
    ),
    CardDef("peasant", "Peasant", "unit", {"strength": 1, "cost": 1}),
    CardDef(
        "banner",
        "Banner",
        "location",
        effects=(Persistent(Modify("strength", 1), match=is_soldier),),
    ),
    CardDef(
        "lone-wolf",
        "Lone Wolf",
        "unit",
        {"strength": 1},
        effects=(Persistent(Modify("strength", 2), match="self"),),
    ),
    CardDef(
        "sentinel",
        "Sentinel",
        "unit",
        {"strength": 1},
        effects=(
            Persistent(
                Modify("strength", 2),
                match="self",
                condition=lambda ctx: units_controlled(ctx) >= 3,
            ),
        ),
    ),
    CardDef(
        "fog",
        "Fog",
        "location",
        effects=(
            Persistent(
                Modify("strength", -1), match=is_unit, target_controller="opponent"
            ),
        ),
    ),
    CardDef(
        "plague",
        "Plague",
        "location",
        effects=(
            Persistent(Modify("strength", -1), match=is_unit, target_controller="any"),
        ),
    ),
    CardDef(
        "treasurer",
        "Treasurer",
        "unit",
        {"strength": 0},
        effects=(
            Persistent(
                Modify("strength", lambda ctx: ctx.player.resource("gold")),
                match="self",
            ),
        ),
    ),
    CardDef(
        "blade",
        "Blade",
        "attachment",
        effects=(while_attached(Modify("strength", 2), match=is_knight),),
    ),
    CardDef(
        "spur",
        "Spur",
        "attachment",
        effects=(while_attached(Modify("strength", 1), condition=parent_ready),),
    ),
    CardDef(
        "ward", "Ward", "attachment", effects=(while_attached(cannot_be("discard")),)
    ),
    CardDef(
        "standard",
        "Standard",
        "unit",
        {"strength": 1},
        effects=(
            Persistent(
                (Modify("strength", 1), Modify("defense", 1), Gain("stealth")),
                match="self",
            ),
        ),
    ),
    CardDef(
        "discount",
        "Discount",
        "location",
        effects=(Persistent(Modify("cost", -1), target_zone="hand"),),
    ),
    CardDef(
        "omen",
        "Omen",
        "event",
        effects=(
            Persistent(Modify("strength", 1), match=is_unit, active_in=("hand",)),
        ),
    ),
    CardDef(
        "library",
        "Library",
        "location",
        effects=(Persistent(ModifyPlayer("hand_limit", 1), target_type="player"),),
    ),
    CardDef(
        "flicker",
        "Flicker",
        "unit",
        {"strength": 2},
        effects=(Persistent(Modify("strength", 2), match="self", condition=weak_self),),
    ),
)
