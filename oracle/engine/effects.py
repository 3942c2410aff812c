"""Persistent and lasting effects, recomputed from scratch after every event.

A ``Persistent`` declares *what* (one or several modifiers), *on whom* (matching
cards or players, filtered by controller and zone) and *while* (a condition).
The engine recomputes a ``View`` of all modifications after each event until it
settles; a view that never settles stops the run (the loop guard).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from oracle.engine.cards import Card
from oracle.engine.context import Amount, Choice, Context
from oracle.engine.errors import EngineStop

if TYPE_CHECKING:
    from oracle.engine.abilities import Ability
    from oracle.engine.game import Game

CardMatch = Literal["self"] | Callable[[Card, Context], bool] | None
Controller = Literal["self", "opponent", "any"]


@dataclass(slots=True)
class View:
    """Everything effects currently modify; compared between passes to settle."""

    card_stats: dict[str, dict[str, int]] = field(default_factory=dict)
    card_flags: dict[str, set[str]] = field(default_factory=dict)
    player_stats: dict[str, dict[str, int]] = field(default_factory=dict)
    player_restrictions: dict[str, list[PlayerCannot]] = field(default_factory=dict)
    # What the passes that settled on this view read (``_inputs``), or None
    # when unknown: not a modification, so views are compared without it.
    inputs: tuple[object, ...] | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Modify:
    """Add ``amount`` (fixed or dynamic) to a card stat."""

    stat: str
    amount: Amount
    target_type: Literal["card"] = "card"

    def apply(self, view: View, target: str, ctx: Context) -> None:
        """Write this modification into the view."""
        amount = self.amount  # ``amount_of`` inline: this runs after every event
        value = amount if isinstance(amount, int) else amount(ctx)
        stats = view.card_stats.setdefault(target, {})
        stats[self.stat] = stats.get(self.stat, 0) + value


@dataclass(frozen=True)
class Gain:
    """Give a card a flag: a keyword, a trait, or ``cannot:<action>``."""

    flag: str
    target_type: Literal["card"] = "card"

    def apply(self, view: View, target: str, ctx: Context) -> None:
        """Write this modification into the view."""
        view.card_flags.setdefault(target, set()).add(self.flag)


def cannot_be(action: str) -> Gain:
    """Return the flag that makes a card immune to game action ``action``."""
    return Gain(f"cannot:{action}")


@dataclass(frozen=True)
class ModifyPlayer:
    """Add ``amount`` to a player value such as a hand limit."""

    key: str
    amount: Amount
    target_type: Literal["player"] = "player"

    def apply(self, view: View, target: str, ctx: Context) -> None:
        """Write this modification into the view."""
        amount = self.amount  # ``amount_of`` inline: this runs after every event
        value = amount if isinstance(amount, int) else amount(ctx)
        stats = view.player_stats.setdefault(target, {})
        stats[self.key] = stats.get(self.key, 0) + value


@dataclass(frozen=True)
class PlayerCannot:
    """Forbid a player to use abilities matching ``predicate`` (rules cited)."""

    predicate: Callable[[Context], bool]
    reason: str
    rules: tuple[str, ...] = ()
    target_type: Literal["player"] = "player"

    def apply(self, view: View, target: str, ctx: Context) -> None:
        """Write this modification into the view."""
        view.player_restrictions.setdefault(target, []).append(self)


Modifier = Modify | Gain | ModifyPlayer | PlayerCannot


@dataclass(frozen=True)
class Persistent:
    """A declared continuous effect (also the shape of every lasting effect).

    ``match``: ``"self"`` (the source card), a predicate, or None (all
    candidates). ``attached`` limits it to the card the source is attached to.
    ``active_in`` lists the source zones where it works ("play" by default).
    ``reads(game)`` (player effects only) returns a value that changes whenever
    anything its ``condition`` or amounts read changes; without it, only a
    player effect with no such function (fixed amounts) is known to read
    nothing. Either way the engine may then skip a recomputation that would
    read the same (``recompute``).
    """

    effect: Modifier | tuple[Modifier, ...]
    match: CardMatch = None
    condition: Callable[[Context], bool] | None = None
    target_controller: Controller = "self"
    target_zone: str | tuple[str, ...] = "play"
    target_type: Literal["card", "player"] = "card"
    active_in: tuple[str, ...] = ("play",)
    attached: bool = False
    rules: tuple[str, ...] = ()
    reads: Callable[[Game], Hashable] | None = None

    @functools.cached_property
    def modifiers(self) -> tuple[Modifier, ...]:
        """Return the modifiers as a tuple (worked out once: read after every
        event)."""
        return self.effect if isinstance(self.effect, tuple) else (self.effect,)

    @functools.cached_property
    def reads_known(self) -> bool:
        """Return whether the engine knows all this effect reads: its source's
        zone and controller, the players, and what ``reads`` returns.

        Card effects are not: their targets depend on whole zones."""
        if self.target_type != "player":
            return False
        if self.reads is not None:
            return True
        return self.condition is None and all(
            isinstance(m, PlayerCannot)
            or (isinstance(m, ModifyPlayer) and isinstance(m.amount, int))
            for m in self.modifiers
        )


def while_attached(
    effect: Modifier | tuple[Modifier, ...],
    *,
    match: CardMatch = None,
    condition: Callable[[Context], bool] | None = None,
) -> Persistent:
    """Declare an effect on the card this attachment is attached to."""
    return Persistent(
        effect, match=match, condition=condition, target_controller="any", attached=True
    )


@dataclass(frozen=True)
class Until:
    """When a lasting effect ends: at the end of a period or after a named event."""

    period: str | None = None
    event: str | None = None

    def describe(self) -> str:
        """Return the duration in words."""
        if self.event:
            return f"until {self.event.replace('_', ' ')}"
        return f"until the end of the {(self.period or 'game').replace('_', ' ')}"


@dataclass
class Lasting:
    """A lasting effect in force: a spec fixed on cards or players, with a duration."""

    spec: Persistent
    player: str
    source: str | None
    until: Until
    cards: tuple[str, ...] | None = None
    players: tuple[str, ...] | None = None


@dataclass(eq=False)
class Delayed:
    """An ability that resolves when ``period`` next ends ("at end of turn")."""

    period: str
    player: str
    source: str | None
    ability: Ability
    choices: dict[str, Choice] = field(default_factory=dict)


def recompute(game: Game) -> None:
    """Recompute the effect view until it settles; guard against loops.

    A pass computes the view from what the effects read and from the view
    before it (conditions see it). So when the view has settled and nothing
    the effects read has changed since, another pass would give the same view
    at once: it is skipped. The engine can tell only when it knows all that
    every effect in force reads (``Persistent.reads_known``), so a pack's rule
    effects, in force in every game, should declare it (``reads``)."""
    if not (game.lasting or game.pack.rule_effects or _has_sources(game)):
        game.view = View()
        return
    inputs = _inputs(game)
    if inputs is not None and inputs == game.view.inputs:
        return
    for _ in range(game.budget.settle):
        view = _compute(game)
        if view == game.view:
            game.view.inputs = inputs
            return
        game.view = view
    raise EngineStop(
        "effect-loop",
        f"persistent effects do not settle after {game.budget.settle} passes",
    )


def _has_sources(game: Game) -> bool:
    return bool(game.cards_with(game.pack.effect_slugs()))


def _inputs(game: Game) -> tuple[object, ...] | None:
    """Everything the next pass would read, or None when an effect may read
    more than the engine can tell.

    A source's place in creation order stands for the source: a new source
    changes the tuple's length. Lasting effects are values, never changed in
    place."""
    found: list[object] = []
    pack = game.pack
    definitions = pack.cards
    for card in game.cards_with(pack.effect_slugs()):
        found += (card.zone, card.controller)
        if not _add_reads(game, definitions[card.slug].effects, found):
            return None
    if not _add_reads(game, pack.rule_effects, found):
        return None
    for lasting in game.lasting:
        found.append(lasting)
        if not _add_reads(game, (lasting.spec,), found):
            return None
    return tuple(found)


def _add_reads(game: Game, specs: Sequence[Persistent], found: list[object]) -> bool:
    """Add what ``specs`` declare they read; False if one does not say."""
    for spec in specs:
        if not spec.reads_known:
            return False
        if spec.reads is not None:
            found.append(spec.reads(game))
    return True


def _compute(game: Game) -> View:
    # One loop, no generator: this runs after every event.
    view = View()
    pack = game.pack
    definitions = pack.cards
    for card in game.cards_with(pack.effect_slugs()):
        for spec in definitions[card.slug].effects:
            if card.zone in spec.active_in:
                ctx = Context(game, game.player(card.controller), card)
                _write(game, view, spec, ctx, None, None)
    for spec in pack.rule_effects:
        for player in game.players:
            _write(game, view, spec, Context(game, player), None, None)
    for lasting in game.lasting:
        source = game.cards.get(lasting.source) if lasting.source else None
        ctx = Context(game, game.player(lasting.player), source)
        _write(game, view, lasting.spec, ctx, lasting.cards, lasting.players)
    return view


def _write(
    game: Game,
    view: View,
    spec: Persistent,
    ctx: Context,
    fixed_cards: tuple[str, ...] | None,
    fixed_players: tuple[str, ...] | None,
) -> None:
    """Write one active effect into the view (if its condition holds)."""
    if spec.condition is not None and not spec.condition(ctx):
        return
    if spec.target_type != "player":
        targets = _card_targets(game, spec, ctx, fixed_cards)
    elif fixed_players is None and spec.target_controller == "self":
        # The usual player effect, written on each player in turn.
        for modifier in spec.modifiers:
            modifier.apply(view, ctx.player.name, ctx)
        return
    else:
        targets = _player_targets(game, spec, ctx, fixed_players)
    modifiers = spec.modifiers
    for target in targets:
        for modifier in modifiers:
            modifier.apply(view, target, ctx)


def _card_targets(
    game: Game, spec: Persistent, ctx: Context, fixed: tuple[str, ...] | None
) -> list[str]:
    source = ctx.source
    if spec.attached:
        if source is None or source.parent is None:
            return []
        candidates = [game.cards[source.parent]]
    elif fixed is not None:
        candidates = [game.cards[i] for i in fixed]
    elif spec.match == "self":
        candidates = [source] if source is not None else []
    else:
        return _matching(game, spec, ctx)
    if callable(spec.match):
        candidates = [c for c in candidates if spec.match(c, ctx)]
    return [c.id for c in candidates]


def _matching(game: Game, spec: Persistent, ctx: Context) -> list[str]:
    """The cards in the target zones, controlled as the spec says, that match."""
    match = spec.match if callable(spec.match) else None
    controller = spec.target_controller
    name = ctx.player.name
    found = []
    for card in _in_zones(game, spec.target_zone):
        mine = card.controller == name
        if (controller == "self" and not mine) or (controller == "opponent" and mine):
            continue
        if match is None or match(card, ctx):
            found.append(card.id)
    return found


def _in_zones(game: Game, zone: str | tuple[str, ...]) -> list[Card]:
    zones = (zone,) if isinstance(zone, str) else zone
    if "any" in zones:
        return list(game.cards.values())
    if len(zones) == 1:
        return game.cards_in(zones[0])
    return [card for name in zones for card in game.cards_in(name)]


def _player_targets(
    game: Game, spec: Persistent, ctx: Context, fixed: tuple[str, ...] | None
) -> list[str]:
    if fixed is not None:
        return list(fixed)
    controller = spec.target_controller
    if controller == "self":
        return [ctx.player.name]
    if controller == "opponent":
        return [p.name for p in game.opponents(ctx.player.name)]
    return [p.name for p in game.players]
