"""Synthetic cards for the engine's own events (windows, rounds, play, pulls)
and for what a job does before it starts."""

from __future__ import annotations

from oracle.engine.core.abilities import Target, Then, Trigger, action, forced_reaction
from oracle.engine.core.cards import CardDef
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.engine.flow.basic import AddTokens, GainResource, discard
from oracle.engine.flow.costs import exhaust_self
from oracle.engine.play.special import Job, Pull


def _reacts(slug: str, name: str, event: str, test: Trigger) -> CardDef:
    """A location in play that gains its controller 1 gold after ``event``."""
    ability = forced_reaction(
        {event: test},
        effect=GainResource(resource="gold", amount=1),
        message=f"{{player}} gains 1 gold from {{source}} ({event.replace('_', ' ')})",
    )
    return CardDef(slug, name, "location", abilities=(ability,))


def duel(event: Event, ctx: Context) -> bool:
    """The duel window."""
    return event.param("window") == "duel"


def new_round(event: Event, ctx: Context) -> bool:
    """A round begins."""
    return event.param("period") == "round"


def a_unit(event: Event, ctx: Context) -> bool:
    """The card is a unit."""
    return event.card is not None and ctx.game.definition(event.card).type == "unit"


def pull_won(event: Event, ctx: Context) -> bool:
    """A pull that succeeded."""
    return event.param("success") is True


def pull_lost(event: Event, ctx: Context) -> bool:
    """A pull that failed."""
    return event.param("success") is False


def margin(ctx: Context) -> bool:
    """Gain the gold by which the pull beat its difficulty (its record)."""
    pull = ctx.data["pull"]
    assert isinstance(pull, dict)
    gained = GainResource(resource="gold", amount=pull["total"] - pull["difficulty"])
    return gained.resolve(ctx)


def mine_targeted(event: Event, ctx: Context) -> bool:
    """Another player chose one of this player's cards as a target."""
    choices = event.param("choices")
    if event.player == ctx.player.name or not isinstance(choices, dict):
        return False
    return any(
        getattr(choice, "controller", None) == ctx.player.name
        for choice in choices.values()
    )


def blank_changed(event: Event, ctx: Context) -> bool:
    """One of this player's cards became blank or stopped being blank."""
    before, after = event.param("flags_before"), event.param("flags_after")
    if not isinstance(before, list) or not isinstance(after, list):
        return False
    mine = event.card is not None and event.card.controller == ctx.player.name
    return mine and ("blank" in before) != ("blank" in after)


def strength_changed(event: Event, ctx: Context) -> bool:
    """Effects changed the strength of one of this player's cards."""
    before, after = event.param("before"), event.param("after")
    if not isinstance(before, dict) or not isinstance(after, dict):
        return False
    mine = event.card is not None and event.card.controller == ctx.player.name
    return mine and before.get("strength") != after.get("strength")


CARDS = (
    _reacts("bellman", "Bellman", "window_open", duel),
    _reacts("curfew", "Curfew", "window_close", duel),
    _reacts("dawn", "Dawn", "period_start", new_round),
    _reacts("greeter", "Greeter", "enters_play", a_unit),
    _reacts("mourner", "Mourner", "leaves_play", a_unit),
    _reacts("charm", "Charm", "pull", pull_won),
    _reacts("black-cat", "Black Cat", "pull", pull_lost),
    CardDef(
        "augury",
        "Augury",
        "spell",
        abilities=(
            action(
                cost=exhaust_self(),
                effect=Pull(difficulty=4),
                then=Then(handler=margin),
            ),
        ),
    ),
    # A job whose leader stays ready and that marks its leader first.
    CardDef(
        "outlaw",
        "Outlaw",
        "unit",
        {"strength": 3},
        abilities=(
            action(
                target=Target(card_type="unit", controller="opponent"),
                effect=Job(
                    success=(discard(on="target"),),
                    exhausts_leader=False,
                    before=(AddTokens(on="source", kind="bounty"),),
                ),
            ),
        ),
    ),
    _reacts("watchman", "Watchman", "targets_chosen", mine_targeted),
    _reacts("scribe", "Scribe", "stats_change", strength_changed),
    _reacts("gossip", "Gossip", "stats_change", blank_changed),
)
