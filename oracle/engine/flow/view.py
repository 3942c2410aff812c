"""Recomputing the effect view after every event, until it settles.

Persistent effects (card effects, pack rule effects, lasting effects) are
recomputed from scratch into a ``View``; conditions see the previous view, so
the engine repeats until the view settles. A view that never settles stops the
run (the loop guard).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.engine.core.effects import BLANK, Persistent, View
from oracle.engine.core.errors import EngineStop

if TYPE_CHECKING:
    from oracle.engine.core.game import Game


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


def changed_cards(game: Game, before: View, after: View) -> list[Card]:
    """Return the cards whose stats or flags differ between two views, in
    creation order."""
    ids = {
        i
        for old, new in (
            (before.card_stats, after.card_stats),
            (before.card_flags, after.card_flags),
        )
        for i in old.keys() | new.keys()
        if old.get(i) != new.get(i)
    }
    return [card for i, card in game.cards.items() if i in ids]


def _has_sources(game: Game) -> bool:
    return bool(game.cards_with(game.pack.effect_slugs()))


def _inputs(game: Game) -> tuple[object, ...] | None:
    """Everything the next pass would read, or None when an effect may read
    more than the engine can tell.

    A blank (``effects.blank``) is a card effect, whose reads the engine never
    knows: while one may be in force this is None, so a source blanked or
    back is always seen.

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
    blanked = game.view.card_flags  # the view before: passes repeat to settle
    for card in game.cards_with(pack.effect_slugs()):
        flags = blanked.get(card.id)
        if flags and BLANK in flags:  # a blank source's effects are off
            continue
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
        # A lasting effect holds on its cards while they stay in its zone.
        candidates = [c for c in map(game.cards.__getitem__, fixed) if in_zone(c, spec)]
    elif spec.match == "self":
        candidates = [source] if source is not None else []
    else:
        return _matching(game, spec, ctx)
    if callable(spec.match):
        candidates = [c for c in candidates if spec.match(c, ctx)]
    return [c.id for c in candidates]


def in_zone(card: Card, spec: Persistent) -> bool:
    """Return whether ``card`` is in one of the zones ``spec`` reaches."""
    zone = spec.target_zone
    if isinstance(zone, str):
        return zone == card.zone or zone == "any"
    return card.zone in zone or "any" in zone


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
