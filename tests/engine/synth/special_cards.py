"""Synthetic cards for numbers, psi games, traces, pulls and jobs."""

from __future__ import annotations

from oracle.engine.core.abilities import Target, action, reaction
from oracle.engine.core.cards import Card, CardDef
from oracle.engine.core.context import Context
from oracle.engine.core.effects import Modify, Until
from oracle.engine.core.events import Event
from oracle.engine.flow.basic import AddTokens, CardLasting, discard
from oracle.engine.flow.costs import exhaust_self, pay
from oracle.engine.play.special import Job, Psi, Pull, Trace

from .action_cards import gold
from .effect_cards import units_controlled


def _take(ctx: Context, resource: str, amount: int) -> None:
    ctx.player.resources[resource] = ctx.player.resource(resource) + amount


def invest(ctx: Context) -> bool:
    """Turn the chosen amount of gold into power tokens."""
    n = ctx.number()
    assert ctx.source is not None
    _take(ctx, "gold", -n)
    return AddTokens(on="source", kind="power", amount=n).resolve(ctx) if n else False


def discharge(ctx: Context) -> bool:
    """Turn the chosen number of charge tokens into gold."""
    n = ctx.number()
    assert ctx.source is not None
    ctx.source.tokens["charge"] = ctx.source.token_count("charge") - n
    _take(ctx, "gold", n)
    return n > 0


def quota(ctx: Context) -> bool:
    """Gain the chosen amount of gold."""
    _take(ctx, "gold", ctx.number())
    return True


def job_against_me(event: Event, ctx: Context) -> bool:
    """A job starts against a card this player controls."""
    mark = event.param("mark")
    return (
        event.param("period") == "job"
        and isinstance(mark, Card)
        and mark.controller == ctx.player.name
    )


def the_mark(ctx: Context) -> list[Card]:
    """The mark of the job that triggered the ability."""
    mark = ctx.event.param("mark") if ctx.event else None
    return [mark] if isinstance(mark, Card) else []


CARDS = (
    CardDef(
        "invest",
        "Invest",
        "location",
        abilities=(
            action(
                target=Target(
                    mode="number", maximum=lambda ctx: ctx.player.resource("gold")
                ),
                handler=invest,
            ),
        ),
    ),
    CardDef(
        "battery",
        "Battery",
        "location",
        abilities=(
            action(
                target=Target(
                    mode="number",
                    minimum=1,
                    maximum=lambda ctx: (
                        ctx.source.token_count("charge") if ctx.source else 0
                    ),
                ),
                handler=discharge,
            ),
        ),
    ),
    CardDef(
        "quota",
        "Quota",
        "location",
        abilities=(
            action(
                target=Target(mode="number", maximum=units_controlled), handler=quota
            ),
        ),
    ),
    CardDef(
        "gambit",
        "Gambit",
        "location",
        abilities=(
            action(
                cost=pay("gold", 1),
                effect=Psi(
                    equal=(gold(3),), resource="gold", rules=("R40",), before_costs=True
                ),
            ),
        ),
    ),
    CardDef(
        "snare",
        "Snare",
        "location",
        abilities=(
            action(
                cost=pay("gold", 1),
                effect=Trace(
                    base=1,
                    success=(gold(2),),
                    resource="gold",
                    rules=("R41",),
                    before_costs=True,
                ),
            ),
        ),
    ),
    CardDef(
        "gamble",
        "Gamble",
        "location",
        abilities=(
            action(
                cost=exhaust_self(),
                effect=Psi(equal=(gold(3),), resource="gold", rules=("R40",)),
            ),
        ),
    ),
    CardDef(
        "tracker",
        "Tracker",
        "location",
        abilities=(
            action(
                cost=exhaust_self(),
                effect=Trace(
                    base=2,
                    success=(gold(2),),
                    threshold=5,
                    bonus=(AddTokens(on="source", kind="power", amount=1),),
                    failure=(AddTokens(on="source", kind="shame", amount=1),),
                    resource="gold",
                    rules=("R41",),
                ),
            ),
        ),
    ),
    CardDef(
        "hex",
        "Hex",
        "spell",
        abilities=(
            action(
                cost=exhaust_self(),
                effect=Pull(
                    difficulty=5,
                    success=(gold(2),),
                    bonus=1,
                    failure=(AddTokens(on="source", kind="curse", amount=1),),
                    rules=("R42",),
                ),
            ),
        ),
    ),
    CardDef("coin-2", "Two of Coins", "coin", {"value": 2}),
    CardDef("coin-7", "Seven of Coins", "coin", {"value": 7}),
    CardDef(
        "heister",
        "Heister",
        "unit",
        {"strength": 3},
        abilities=(
            action(
                target=Target(card_type="unit", controller="opponent"),
                effect=Job(
                    success=(discard(on="target"),), failure=(gold(1),), rules=("R43",)
                ),
                message="{player} sends {source} on a job against {target}",
            ),
        ),
    ),
    CardDef(
        "deputy",
        "Deputy",
        "unit",
        {"strength": 1},
        abilities=(
            reaction(
                {"period_start": job_against_me},
                cost=exhaust_self(),
                effect=CardLasting(
                    on=the_mark, effect=Modify("strength", 3), until=Until(period="job")
                ),
            ),
        ),
    ),
    CardDef(
        "scry",
        "Scry",
        "spell",
        abilities=(
            action(
                cost=exhaust_self(),
                effect=Pull(
                    difficulty=lambda ctx: 3 + len(ctx.player.zones["hand"]),
                    success=(gold(2),),
                    rules=("R42",),
                ),
            ),
        ),
    ),
)
