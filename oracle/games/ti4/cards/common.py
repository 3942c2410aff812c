"""Builders and predicates shared by the card definitions.

An action card's ``CardDef.data`` carries:

- ``timing``: when it may be played, in words (used to explain refusals);
- ``offensive``: it cannot be aimed at its own player (2.N9);
- ``needs``: a function ``ctx -> (reason, rules) | None`` explaining why the
  card has nothing to act on right now (2.N11, 2.6a);
- ``explain``: a function ``(ctx, card) -> (reason, rules) | None`` explaining
  why a named target is not a legal one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from oracle.engine.core.abilities import Ability, Handler, Target, action
from oracle.engine.core.cards import Card, CardDef
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.engine.core.game import PLAY
from oracle.games.ti4 import cite, data
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.costs import CardCost

Reason = tuple[str, tuple[str, ...]]
Needs = Callable[[Context], Reason | None]
Explain = Callable[[Context, Any], Reason | None]


def card_name(slug: str) -> str:
    """Return the printed name of an action card slug."""
    if slug in data.BASE_ACTION_DECK:
        return data.BASE_ACTION_DECK[slug][0]
    return data.OTHER_ACTION_CARDS[slug][0]


def action_card(
    slug: str,
    handler: Handler,
    *,
    targets: Mapping[str, Target] | None = None,
    needs: Needs | None = None,
    explain: Explain | None = None,
    offensive: bool = False,
    cost: CardCost | None = None,
    explain_missing: Callable[[Context, str], Reason | None] | None = None,
) -> CardDef:
    """Define an "Action:" card: a component action played from hand (2.6a).

    A ``cost`` is checked when the card is played and paid when its ability
    resolves (see ``costs.CardCost``): a cancelled card spends nothing (2.8).
    """
    ability = action(
        cost=() if cost is None else cost,
        location="hand",
        played_to=st.ACTION_DISCARD,
        targets=dict(targets or {}),
        handler=handler if cost is None else paid_first(cost, handler),
        rules=cite.ACTION_TIMING,
    )
    info: dict[str, object] = {
        "timing": "as a component action on your turn in the action phase",
        "offensive": offensive,
    }
    if needs is not None:
        info["needs"] = needs
    if explain is not None:
        info["explain"] = explain
    if explain_missing is not None:
        info["explain_missing"] = explain_missing
    return CardDef(slug, card_name(slug), st.ACTION, abilities=(ability,), data=info)


def paid_first(cost: CardCost, handler: Handler) -> Handler:
    """Return a handler that pays an action card's cost, then resolves the card."""

    def resolve(ctx: Context) -> bool | None:
        if cost.settle(ctx):
            return handler(ctx)
        me = ctx.player.name
        ctx.game.say(
            me,
            f"{me} can no longer pay {cost.label}, so {source(ctx)} has no effect",
            event="cost",
            rules=cite.COST,
        )
        return False

    return resolve


def response_card(
    slug: str,
    ability: Ability,
    timing: str,
    *,
    needs: Needs | None = None,
    explain: Explain | None = None,
    cancels_plays: bool = False,
) -> CardDef:
    """Define an action card played in a timing window other than an action;
    ``cancels_plays``: it cancels an action card as it is played."""
    info: dict[str, object] = {
        "timing": timing,
        "offensive": False,
        "cancels_plays": cancels_plays,
    }
    if needs is not None:
        info["needs"] = needs
    if explain is not None:
        info["explain"] = explain
    return CardDef(slug, card_name(slug), st.ACTION, abilities=(ability,), data=info)


def inert_card(slug: str, name: str, kind: str, **info: object) -> CardDef:
    """Define a card the pack knows but does not implement (no abilities)."""
    return CardDef(slug, name, kind, data={"implemented": False, **info})


# -- predicates ---------------------------------------------------------------------


def plays_action_card(event: Event, ctx: Context) -> bool:
    """Return whether another player is playing an action card (a ``play``)."""
    card = event.card
    return (
        card is not None
        and st.kind(ctx.game, card) == st.ACTION
        and event.player is not None
        and event.player != ctx.player.name
    )


def phase_starts(phase: str) -> Callable[[Event, Context], bool]:
    """Return a trigger for the start of ``phase``."""

    def test(event: Event, ctx: Context) -> bool:
        return event.param("period") == "phase" and event.param("phase") == phase

    return test


def own_planet(card: Card, ctx: Context) -> bool:
    """A planet the acting player controls."""
    game = ctx.game
    return (
        st.kind(game, card) == st.PLANET
        and st.controller(game, card) == ctx.player.name
    )


def others_planet(card: Card, ctx: Context) -> bool:
    """A planet another player controls."""
    game = ctx.game
    owner = st.controller(game, card)
    return st.kind(game, card) == st.PLANET and owner not in (None, ctx.player.name)


def planet_target(predicate: Callable[[Card, Context], bool]) -> Target:
    """A target of one planet card (controlled or not) matching ``predicate``."""
    return Target(card_type=st.PLANET, zone=(PLAY, st.PLANETS), predicate=predicate)


def system_target(predicate: Callable[[Card, Context], bool]) -> Target:
    """A target of one system tile matching ``predicate``."""
    return Target(card_type=st.SYSTEM, zone=st.SYSTEMS, predicate=predicate)


def unit_target(predicate: Callable[[Card, Context], bool]) -> Target:
    """A target of one unit on the board matching ``predicate``."""
    return Target(card_type=st.UNIT, zone=PLAY, predicate=predicate)


def nothing(what: str, rules: Sequence[str] = ()) -> Reason:
    """Return the reason "there is nothing to act on" with 2.N11 and 2.6a."""
    return what, (*cite.TARGETS_EXIST, *cite.ACTION_TIMING, *rules)


def already_exhausted(ctx: Context, planet: Card) -> Reason:
    """Return the refusal for a planet that is already exhausted (34.4, 22.3)."""
    return (
        f"{ctx.game.name_of(planet)} is already exhausted, so {source(ctx)} cannot "
        "be resolved completely",
        (*cite.EXHAUSTED_ALREADY, *cite.NOT_RESOLVABLE),
    )


def source(ctx: Context) -> str:
    """Return the name of the card being played."""
    return ctx.game.name_of(ctx.source) if ctx.source else "the card"
