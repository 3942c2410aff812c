"""Synthetic cards for actions: conditions, costs, targets, limits, locations."""

from __future__ import annotations

from oracle.engine.core.abilities import (
    Limit,
    Target,
    Then,
    action,
    per_phase,
    per_round,
    per_turn,
)
from oracle.engine.core.cards import CardDef
from oracle.engine.core.context import Context
from oracle.engine.core.effects import Modify, ModifyPlayer, Until, more_uses
from oracle.engine.core.messages import Message
from oracle.engine.flow.basic import (
    Attach,
    CardLasting,
    Draw,
    Exhaust,
    GainResource,
    PlayerLasting,
    Ready,
    ResetAbilities,
    discard,
    put_into_play,
    return_to_hand,
)
from oracle.engine.flow.costs import (
    discard_self,
    exhaust_parent,
    exhaust_self,
    on_chosen,
    pay,
    remove_tokens,
)

from .effect_cards import is_unit


def gold(amount: int) -> GainResource:
    """Gain ``amount`` gold."""
    return GainResource(resource="gold", amount=amount)


def rich(ctx: Context) -> bool:
    """The player holds at least 3 gold."""
    return ctx.player.resource("gold") >= 3


def boost(
    amount: int,
    period: str | None = None,
    event: str | None = None,
    on: str | None = None,
) -> CardLasting:
    """A lasting strength change on the chosen card."""
    return CardLasting(
        on=on,
        effect=Modify("strength", amount),
        until=Until(period=period, event=event),
    )


def _duration(slug: str, name: str, until: Until) -> CardDef:
    return CardDef(
        slug,
        name,
        "event",
        abilities=(
            action(
                target=Target(card_type="unit", controller="self"),
                effect=CardLasting(effect=Modify("strength", 2), until=until),
                location="hand",
                played_to="discard",
            ),
        ),
    )


def has_recruit(ctx: Context) -> bool:
    """The player's reserve still holds a soldier (counted or not)."""
    return ctx.game.stock_count("reserve", ctx.player.name, "soldier") > 0


def dig(ctx: Context) -> bool:
    """Draw a card; with an empty deck, call the action off (return False)."""
    if not ctx.player.zones["deck"]:
        return False
    return Draw().resolve(ctx)


def slugs_in_hand(ctx: Context) -> list[str]:
    """The slugs of the other cards in the player's hand, built during play."""
    hand = ctx.game.cards_in("hand", ctx.player.name)
    return [c.slug for c in hand if c is not ctx.source]


def discard_named(ctx: Context) -> bool:
    """Discard every card of the named slug from the player's hand."""
    hand = ctx.game.cards_in("hand", ctx.player.name)
    named = [c for c in hand if c.slug == ctx.option()]
    return discard().resolve(ctx, named)


def recruit(ctx: Context) -> bool:
    """Put a soldier from the reserve (a stock zone) into play."""
    game, name = ctx.game, ctx.player.name
    soldier = game.take_from_stock("reserve", "soldier", name)
    if soldier is None:
        return False
    game.move(soldier, "play", name)
    return True


CARDS = (
    CardDef(
        "barracks",
        "Barracks",
        "location",
        abilities=(
            action(
                condition=has_recruit,
                cost=exhaust_self(),
                handler=recruit,
                message="{player} uses {source} to recruit a Soldier",
            ),
        ),
    ),
    CardDef(
        "tower",
        "Tower",
        "location",
        abilities=(action(condition=rich, cost=exhaust_self(), effect=gold(1)),),
    ),
    CardDef(
        "forge",
        "Forge",
        "location",
        abilities=(
            action(
                cost=[exhaust_self(), pay("gold", 2)],
                effect=GainResource(resource="steel", amount=1),
            ),
        ),
    ),
    CardDef(
        "sniper",
        "Sniper",
        "unit",
        {"strength": 1},
        abilities=(
            action(
                target=Target(
                    card_type="unit",
                    controller="opponent",
                    predicate=lambda c, ctx: ctx.game.stat(c, "strength") <= 2,
                    action=discard(),
                ),
                cost=exhaust_self(),
                message="{player} uses {source} to discard {target}",
            ),
        ),
    ),
    CardDef(
        "wake",
        "Wake",
        "event",
        abilities=(
            action(
                target=Target(card_type="unit", action=Ready()),
                location="hand",
                played_to="discard",
            ),
        ),
    ),
    CardDef(
        "swap",
        "Swap",
        "event",
        abilities=(
            action(
                targets={
                    "mine": Target(card_type="unit", controller="self"),
                    "theirs": Target(card_type="unit", controller="opponent"),
                },
                effect=[boost(1, "phase", on="mine"), boost(-1, "phase", on="theirs")],
                location="hand",
                played_to="discard",
                message="{player} plays {source} to strengthen {mine} "
                "and weaken {theirs}",
            ),
        ),
    ),
    CardDef(
        "bargain",
        "Bargain",
        "event",
        abilities=(
            action(
                target=Target(
                    mode="option",
                    options={
                        "gain 2 gold": gold(2),
                        "draw a card": Draw(),
                        "gain 5 gold if rich": rich,
                    },
                ),
                handler=lambda ctx: _bargain_bonus(ctx),
                location="hand",
                played_to="discard",
                message="{player} plays {source} to {target}",
            ),
        ),
    ),
    CardDef("rest", "Rest", "location", abilities=(action(effect=Exhaust()),)),
    CardDef(
        "herald",
        "Herald",
        "location",
        abilities=(
            action(
                cost=exhaust_self(),
                effect=GainResource(
                    resource="gold",
                    amount=lambda ctx: 1 + len(ctx.player.zones["hand"]),
                ),
                message=Message(
                    "{player} uses {source} to gain {amount} gold for {hand}",
                    {
                        "amount": lambda ctx: 1 + len(ctx.player.zones["hand"]),
                        "hand": lambda ctx: list(
                            ctx.game.cards_in("hand", ctx.player.name)
                        ),
                    },
                ),
            ),
        ),
    ),
    _duration("tonic-turn", "Tonic of the Turn", Until(period="turn")),
    _duration("tonic-phase", "Tonic of the Phase", Until(period="phase")),
    _duration("tonic-round", "Tonic of the Round", Until(period="round")),
    _duration(
        "tonic-combat", "Tonic of the Combat Round", Until(period="combat_round")
    ),
    _duration("tonic-draw", "Tonic until a Draw", Until(event="draw")),
    CardDef(
        "drill",
        "Drill",
        "location",
        abilities=(action(phase="combat", cost=exhaust_self(), effect=gold(1)),),
    ),
    CardDef(
        "well",
        "Well",
        "location",
        abilities=(action(limit=per_turn(1), effect=gold(1)),),
    ),
    CardDef(
        "shrine",
        "Shrine",
        "location",
        abilities=(action(limit=per_round(1, key="shrine"), effect=gold(1)),),
    ),
    CardDef(
        "phoenix",
        "Phoenix",
        "unit",
        {"strength": 3},
        abilities=(
            action(
                location="discard", cost=pay("gold", 1), effect=put_into_play("source")
            ),
        ),
    ),
    CardDef(
        "ambush",
        "Ambush",
        "unit",
        {"strength": 2},
        abilities=(
            action(
                location="hand",
                effect=put_into_play("source"),
                message="{player} springs {source} from hand",
            ),
        ),
    ),
    CardDef(
        "recycle",
        "Recycle",
        "event",
        abilities=(
            action(
                target=Target(
                    zone="hand", controller="self", up_to=True, action=discard()
                ),
                then=Then(
                    effect=(Draw(amount=2),),
                    message=Message("{player} draws 2 cards for {source}"),
                ),
                location="hand",
                played_to="discard",
            ),
        ),
    ),
    CardDef(
        "sage",
        "Sage",
        "unit",
        {"strength": 1},
        abilities=(action(limit=per_turn(1), effect=gold(1)),),
    ),
    CardDef(
        "encore",
        "Encore",
        "event",
        abilities=(
            action(
                target=Target(controller="self"),
                effect=CardLasting(effect=more_uses(1), until=Until(period="turn")),
                location="hand",
                played_to="discard",
            ),
        ),
    ),
    CardDef(
        "divination",
        "Divination",
        "event",
        abilities=(
            action(
                target=Target(mode="option", choices=slugs_in_hand),
                handler=discard_named,
                location="hand",
                played_to="discard",
                message="{player} plays {source} to name {target}",
            ),
        ),
    ),
    CardDef(
        "muster",
        "Muster",
        "location",
        abilities=(
            action(
                cost=on_chosen(
                    Exhaust(),
                    Target(card_type="unit", controller="self"),
                    "exhaust a unit you control",
                ),
                effect=gold(2),
                message="{player} uses {source}, exhausting {cost}, to gain 2 gold",
            ),
        ),
    ),
    CardDef(
        "renew",
        "Renew",
        "event",
        abilities=(
            action(
                target=Target(action=ResetAbilities()),
                location="hand",
                played_to="discard",
            ),
        ),
    ),
    CardDef(
        "stop",
        "Stop",
        "event",
        abilities=(
            action(
                target=Target(card_type="unit", predicate=is_unit, action=Exhaust()),
                location="hand",
                played_to="discard",
            ),
        ),
    ),
    CardDef(
        "crossroads",
        "Crossroads",
        "location",
        abilities=(
            action(title="Toll", effect=gold(1)),
            action(title="Study", effect=Draw()),
        ),
    ),
    CardDef(
        "tribute",
        "Tribute",
        "location",
        abilities=(
            action(
                target=Target(
                    card_type="unit",
                    controller="opponent",
                    chooser="opponent",
                    action=discard(),
                ),
                message="{player} uses {source} to demand a unit",
            ),
        ),
    ),
    CardDef(
        "reactor",
        "Reactor",
        "location",
        abilities=(action(cost=remove_tokens("charge", 2), effect=gold(1)),),
    ),
    CardDef(
        "reins",
        "Reins",
        "attachment",
        abilities=(action(cost=exhaust_parent(), effect=gold(1)),),
    ),
    CardDef(
        "fuse",
        "Fuse",
        "location",
        abilities=(action(cost=discard_self(), effect=gold(2)),),
    ),
    CardDef(
        "bell",
        "Bell",
        "location",
        abilities=(action(limit=per_phase(1), effect=gold(1)),),
    ),
    CardDef(
        "drum",
        "Drum",
        "location",
        abilities=(action(limit=Limit(1, "combat_round"), effect=gold(1)),),
    ),
    CardDef(
        "jolt",
        "Jolt",
        "event",
        abilities=(
            action(
                target=Target(card_type="unit", action=(Exhaust(), Ready())),
                location="hand",
                played_to="discard",
            ),
        ),
    ),
    CardDef(
        "recall",
        "Recall",
        "event",
        abilities=(
            action(
                target=Target(
                    card_type="unit", controller="self", action=return_to_hand()
                ),
                location="hand",
                played_to="discard",
            ),
        ),
    ),
    CardDef(
        "saddle",
        "Saddle",
        "attachment",
        abilities=(
            action(
                target=Target(card_type="unit", controller="self"),
                effect=Attach(),
                location="hand",
            ),
        ),
    ),
    CardDef(
        "respite",
        "Respite",
        "event",
        abilities=(
            action(
                effect=PlayerLasting(
                    effect=ModifyPlayer("hand_limit", 2), until=Until(period="turn")
                ),
                location="hand",
                played_to="discard",
            ),
        ),
    ),
    CardDef(
        "beacon",
        "Beacon",
        "event",
        abilities=(
            action(
                target=Target(
                    card_type="unit", action=Ready(), prompt="Choose a unit to ready"
                ),
                location="hand",
                played_to="discard",
            ),
        ),
    ),
    CardDef(
        "parley",
        "Parley",
        "location",
        abilities=(
            action(
                target=Target(
                    card_type="unit",
                    controller="opponent",
                    action=discard(),
                    on_cancel=Then(
                        effect=(gold(1),),
                        message=Message("{player} takes 1 gold from {source} instead"),
                    ),
                ),
                cost=exhaust_self(),
                limit=per_turn(1),
                message="{player} uses {source} to discard {target}",
            ),
        ),
    ),
    CardDef(
        "dowse",
        "Dowse",
        "location",
        abilities=(action(limit=per_turn(1), handler=dig),),
    ),
)


def _bargain_bonus(ctx: Context) -> bool:
    if ctx.option() == "gain 5 gold if rich":
        return gold(5).resolve(ctx)
    return True
