"""What every TI4 card module shares: the typed card (``Ti4Card``), its targets
(``Choice``), the builders ``action_card`` and ``response_card``, and predicates.

A card states each rule once, in the ``refuse`` function of a ``Choice``: it
returns why a candidate is not a legal target (with rule ids), or None when it
is one. From it the pack derives the engine's target filter, the explanation
of a target the player names (``pack.explain_target``), and the "nothing to
act on" check (``targets_exist``, rules 2.N11 and 2.6a).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from oracle.engine.core.abilities import (
    AbilityFields,
    Handler,
    Target,
    Trigger,
    action,
    make,
)
from oracle.engine.core.abilities import AbilityKind as Kind
from oracle.engine.core.cards import Card, CardDef, Player
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.engine.core.game import PLAY, Game
from oracle.engine.flow.actions import GameAction
from oracle.engine.play.targeting import candidates
from oracle.games.ti4 import cite, reserve
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.costs import CardCost

#: Why something is refused: the sentence and the rule ids it cites.
Reason = tuple[str, tuple[str, ...]]
#: A refusal in no words of its own: the engine's "X is not a legal target".
NOT_LEGAL: Reason = ("", ())
#: ``refuse(ctx, candidate)``: why a card, player or option is not a legal target.
Refuse = Callable[[Context, Any], Reason | None]
#: A check of the card as a whole: why it cannot be played now (or None).
Check = Callable[[Context], Reason | None]


@dataclass(frozen=True)
class Choice:
    """One target of a card: ``among`` says what kind of thing it chooses
    (the engine's ``Target`` without a predicate), ``refuse`` which of them are
    legal and why the others are not. ``none`` words the refusal of the card
    when no candidate is legal, ``only_own`` when only the player's own would
    be (offensive cards, 2.N9; default ``none``). Without ``none`` the engine's
    own check of the target applies."""

    among: Target
    refuse: Refuse | None = None
    none: Check | None = None
    only_own: Check | None = None

    @functools.cached_property
    def unrefused(self) -> Target:
        """``among`` less the candidates ``refuse`` refuses, whoever's they are
        (worked out once: the card's check looks for one before every use)."""
        return _filtered(self.among, lambda x, ctx: is_legal(self, False, ctx, x))


@dataclass(frozen=True)
class Ti4Card(CardDef):
    """A TI4 card definition with the pack's typed facts about it.

    ``timing``: when it may be played, in words (refusals of 2.6);
    ``offensive``: it cannot be aimed at its own player (2.N9);
    ``cancels_plays``: it cancels an action card as it is played (Sabotage);
    ``choices``: its targets (see ``Choice``), by target name;
    ``needs``: the checks, in order, that it has something to act on;
    ``strategic``: a strategy card, whose action is a strategic action;
    ``own_effect``: each copy played affects a game effect of its own, so 2.6b
    never bars a second copy in a window (the card limits itself: Diplomatic
    Pressure, whose notes allow a second copy in the same window).
    """

    timing: str = ""
    offensive: bool = False
    cancels_plays: bool = False
    choices: Mapping[str, Choice] = field(default_factory=dict)
    needs: tuple[Check, ...] = ()
    strategic: bool = False
    own_effect: bool = False


def targets_exist(ctx: Context) -> Reason | None:
    """The check derived from a card's choices: for each choice that words its
    refusal, is at least one candidate legal (2.N11, 2.6a)?"""
    definition = ti4_card(ctx.game, ctx.source)
    if definition is None:
        return None
    for choice in definition.choices.values():
        reason = _nothing_to_choose(choice, definition.offensive, ctx)
        if reason is not None:
            return reason
    return None


def _nothing_to_choose(choice: Choice, offensive: bool, ctx: Context) -> Reason | None:
    """The choice's own words when none of its candidates is legal."""
    if choice.none is None:
        return None
    found = candidates(choice.unrefused, ctx)
    if any(_counts(offensive, ctx.game, x, ctx.player.name) for x in found):
        return None
    wording = choice.only_own if found and choice.only_own else choice.none
    return wording(ctx)


def _counts(offensive: bool, game: Game, found: object, me: str) -> bool:
    """Whether a candidate is one an offensive card may still aim at."""
    if not offensive or not isinstance(found, (Card, Player)):
        return True
    return not belongs(game, found, me)


def is_legal(choice: Choice, offensive: bool, ctx: Context, item: object) -> bool:
    """Return whether ``item`` is a legal target of ``choice``."""
    if choice.refuse is not None and choice.refuse(ctx, item) is not None:
        return False
    return _counts(offensive, ctx.game, item, ctx.player.name)


def target_of(choice: Choice, offensive: bool) -> Target:
    """Return the engine target of a choice: its candidates filtered by
    ``refuse`` (and, for an offensive card, not the player's own)."""
    if choice.refuse is None and not offensive:
        return choice.among
    return _filtered(choice.among, lambda x, ctx: is_legal(choice, offensive, ctx, x))


def _filtered(spec: Target, legal: Callable[[Any, Context], bool]) -> Target:
    """``spec`` with ``legal`` as its predicate (player, option or card)."""
    if spec.mode == "player":
        return replace(spec, player_predicate=legal)
    if spec.mode == "option":
        return replace(spec, options={o: _option(legal, o) for o in spec.options})
    return replace(spec, predicate=legal)


def _option(
    legal: Callable[[Any, Context], bool], label: str
) -> Callable[[Context], bool]:
    return lambda ctx: legal(label, ctx)


def options(labels: Sequence[str]) -> Target:
    """An option target over ``labels`` (legality comes from the choice)."""
    return Target(mode="option", options=dict.fromkeys(labels, _always))


def _always(ctx: Context) -> bool:
    return True


def ti4_card(game: Game, card: Card | None) -> Ti4Card | None:
    """Return the typed definition of a card, if it is a TI4 card."""
    if card is None:
        return None
    definition = game.definition(card)
    return definition if isinstance(definition, Ti4Card) else None


def belongs(game: Game, meant: Card | Player, name: str) -> bool:
    """Return whether a player, unit, planet or card is the named player's own."""
    if isinstance(meant, Player):
        return meant.name == name
    kind = st.kind(game, meant)
    if kind == st.UNIT:
        return meant.owner == name
    if kind == st.PLANET:
        return st.controller(game, meant) == name
    return meant.controller == name


# -- builders ----------------------------------------------------------------------


def action_card(
    slug: str,
    name: str,
    handler: Handler,
    *,
    choices: Mapping[str, Choice] | None = None,
    needs: tuple[Check, ...] = (targets_exist,),
    offensive: bool = False,
    cost: CardCost | None = None,
) -> Ti4Card:
    """Define an "Action:" card: a component action played from hand (2.6a).

    A ``cost`` is checked when the card is played and paid when its ability
    resolves (see ``costs.CardCost``): a cancelled card spends nothing (2.8).
    """
    chosen = dict(choices or {})
    ability = action(
        cost=() if cost is None else cost,
        location="hand",
        played_to=st.ACTION_DISCARD,
        targets={n: target_of(c, offensive) for n, c in chosen.items()},
        handler=handler if cost is None else paid_first(cost, handler),
        rules=cite.ACTION_TIMING,
    )
    return Ti4Card(
        slug,
        name,
        st.ACTION,
        abilities=(ability,),
        timing="as a component action on your turn in the action phase",
        offensive=offensive,
        choices=chosen,
        needs=needs,
    )


def response_card(
    slug: str,
    name: str,
    kind: Kind,
    when: Mapping[str, Trigger],
    timing: str,
    *,
    handler: Handler | None = None,
    effect: GameAction | None = None,
    message: str | None = None,
    choices: Mapping[str, Choice] | None = None,
    needs: tuple[Check, ...] = (),
    cancels_plays: bool = False,
    own_effect: bool = False,
    offensive: bool = False,
    cost: CardCost | None = None,
) -> Ti4Card:
    """Define an action card played in a timing window other than an action:
    a ``kind`` of ability (reaction, cancel-interrupt...) answering ``when``,
    played from hand; ``timing`` says when in words. A ``cost`` works as for
    ``action_card``: checked on play, paid as the card resolves."""
    chosen = dict(choices or {})
    if cost is not None and handler is not None:
        handler = paid_first(cost, handler)
    fields: AbilityFields = {
        "location": "hand",
        "played_to": st.ACTION_DISCARD,
        "targets": {n: target_of(c, offensive) for n, c in chosen.items()},
        "handler": handler,
        "message": message,
        "rules": cite.TIMING,
    }
    if effect is not None:
        fields["effect"] = effect
    if cost is not None:
        fields["cost"] = cost
    return Ti4Card(
        slug,
        name,
        st.ACTION,
        abilities=(make(kind, when, fields),),
        timing=timing,
        cancels_plays=cancels_plays,
        choices=chosen,
        needs=needs,
        own_effect=own_effect,
        offensive=offensive,
    )


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


def inert_card(slug: str, name: str, kind: str, **info: object) -> CardDef:
    """Define a card the pack knows but does not implement (no abilities)."""
    return CardDef(slug, name, kind, data={"implemented": False, **info})


# -- predicates and words ----------------------------------------------------------


def plays_action_card(event: Event, ctx: Context) -> bool:
    """Return whether another player is playing an action card (a ``play``)."""
    card = event.card
    return (
        card is not None
        and st.kind(ctx.game, card) == st.ACTION
        and event.player is not None
        and event.player != ctx.player.name
    )


def phase_starts(phase: str) -> Trigger:
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


PLANETS = Target(card_type=st.PLANET, zone=(PLAY, st.PLANETS))
"""Planet cards, controlled or not."""
SYSTEMS = Target(card_type=st.SYSTEM, zone=st.SYSTEMS)
"""System tiles."""
UNITS = Target(card_type=st.UNIT, zone=PLAY)
"""Units on the board."""
OTHER_PLAYERS = Target(mode="player", controller="opponent")
"""Players other than the one playing the card."""
PAYING_PLANETS = Choice(
    Target(card_type=st.PLANET, zone=PLAY, controller="self", count=30, up_to=True),
    lambda ctx, planet: NOT_LEGAL if planet.exhausted else None,
)
"""The readied planets a player names to pay a card's cost (``planets``)."""


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


# -- placing units -----------------------------------------------------------------


def in_stock(unit: str, count: int, card: str) -> Check:
    """A check that ``count`` units of a limited type can be placed: from
    reinforcements, or else taken from a system without one of the player's
    command tokens (23.4a)."""

    def check(ctx: Context) -> Reason | None:
        game, me = ctx.game, ctx.player.name
        if reserve.placeable(game, me, unit, count, None):
            return None
        held = st.in_reinforcements(game, me, unit)
        word = unit.replace("-", " ")
        have = f"only {held} of the {count} {word}s it places" if held else f"no {word}"
        return nothing(
            f"{card} cannot be played: {me} has {have} left in reinforcements, and "
            f"no {word} of theirs on the board is in a system free of their command "
            "tokens",
            (*cite.NOT_RESOLVABLE, *cite.REINFORCEMENTS, *cite.BORROW_UNIT),
        )

    return check


def no_plastic(ctx: Context, *, borrow: bool = True) -> str:
    """Say why no infantry token can be placed: all the plastic is elsewhere."""
    text = (
        f"all {reserve.plastic('infantry')} plastic infantry of {ctx.player.name} "
        "stand on other planets or in other space areas, and an infantry token "
        "must share its place with one"
    )
    if borrow:
        return (
            f"{text}; none of them stands alone in a system free of their command "
            "tokens"
        )
    return (
        f"{text}; moving one of them here instead is the player's choice, which "
        "the oracle does not make for them"
    )


#: The rules ``no_plastic`` rests on.
NO_PLASTIC = (*cite.NEEDS_PLASTIC["infantry"], *cite.BORROW_UNIT)
