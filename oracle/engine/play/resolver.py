"""Using an ability: legality (with citations), targets, costs, effect, then.

Order: location, phase, window, limit, player restrictions, pack rule checks,
condition, costs payable, enough targets, fully resolvable; then choose targets,
confirm an optional ability, pay costs, count the use, log, resolve
``targets_chosen`` (an ability with targets), and resolve the
``play``/``ability`` event (whose cancel window can stop the effect).
"""

from __future__ import annotations

from collections.abc import Mapping

from oracle.engine.core.abilities import (
    KIND_NAMES,
    Ability,
    AbilityKind,
    Cost,
    Target,
    Then,
)
from oracle.engine.core.cards import Card, Player
from oracle.engine.core.context import Choice, Context
from oracle.engine.core.effects import EXTRA_USES
from oracle.engine.core.errors import IllegalPlay
from oracle.engine.core.events import Event
from oracle.engine.core.game import RESOLVING, Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.engine.flow.actions import GameAction
from oracle.engine.flow.events import answerable, resolve_event
from oracle.engine.play import targeting


def limit_key(ctx: Context, index: int) -> str | None:
    """Return the key under which uses of this ability are counted."""
    ability = ctx.ability
    if ability is None or ability.limit is None:
        return None
    limit = ability.limit
    if limit.key is not None:
        return f"{limit.key}@{ctx.player.name}" if limit.per_player else limit.key
    holder = ctx.source.id if ctx.source is not None else f"rule@{ctx.player.name}"
    return f"{holder}#{index}"


def source_name(ctx: Context) -> str:
    """Return the name of the ability's source card (or "this ability")."""
    return ctx.game.name_of(ctx.source) if ctx.source is not None else "this ability"


def _illegal(ctx: Context, reason: str, key: str) -> IllegalPlay:
    rules = ctx.ability.rules if ctx.ability is not None else ()
    return IllegalPlay(reason, (*rules, *ctx.game.pack.citation(key)))


def _blank_refusal(ctx: Context, index: int) -> IllegalPlay | None:
    card = ctx.source
    if card is None or index < 0 or not ctx.game.is_blank(card):
        return None
    return _illegal(ctx, f"{source_name(ctx)} is blank: its abilities are off", "blank")


def _timing_refusal(ctx: Context, ability: Ability) -> IllegalPlay | None:
    game = ctx.game
    card = ctx.source
    where = ability.location
    if card is not None and card.zone not in where and "any" not in where:
        reason = f"{source_name(ctx)} can only be used from {' or '.join(where)}"
        return _illegal(ctx, reason, "location")
    if ability.phase and game.clock.phase not in ability.phase:
        phases = " or ".join(ability.phase)
        reason = f"{source_name(ctx)} can only be used in the {phases} phase"
        return _illegal(ctx, reason, "phase")
    if ability.kind is AbilityKind.ACTION and ability.window != game.clock.window:
        wanted = ability.window or "an action window"
        reason = f"{source_name(ctx)} can only be used in {wanted}"
        return _illegal(ctx, reason, "window")
    return None


def _use_refusal(ctx: Context, ability: Ability, index: int) -> IllegalPlay | None:
    game = ctx.game
    limit = ability.limit
    if limit is not None:
        key = limit_key(ctx, index)
        used = game.limits.get(key, 0) if key is not None else 0
        if used >= limit.count and used >= limit.count + _extra_uses(ctx):
            return _illegal(ctx, f"{source_name(ctx)} has reached its limit", "limit")
    restrictions = game.view.player_restrictions
    for restriction in restrictions.get(ctx.player.name, ()) if restrictions else ():
        if restriction.predicate(ctx):
            return IllegalPlay(
                f"{ctx.player.name} {restriction.reason}", restriction.rules
            )
    source = ctx.source
    card_type = game.pack.cards[source.slug].type if source is not None else None
    for check in game.pack.checks_for(ability.kind, card_type):
        reason = check.test(ctx)
        if reason is None:  # the usual answer: tested first
            continue
        if not isinstance(reason, IllegalPlay):
            reason = IllegalPlay(reason, check.rules)
        game.pack.on_check_refusal(ctx, reason)
        return reason
    if ability.condition is not None and not ability.condition(ctx):
        reason = f"the condition of {source_name(ctx)} is not met"
        return _illegal(ctx, reason, "condition")
    return None


def _extra_uses(ctx: Context) -> int:
    """The uses effects add to the limits of the source's abilities."""
    source = ctx.source
    if source is None:
        return 0
    return ctx.game.view.card_stats.get(source.id, {}).get(EXTRA_USES, 0)


def _resolve_refusal(ctx: Context, ability: Ability) -> IllegalPlay | None:
    for cost in ability.cost:
        if not _can_pay(cost, ctx):
            name = source_name(ctx)
            reason = f"{ctx.player.name} cannot pay the cost of {name} ({cost.label})"
            return _illegal(ctx, reason, "cost")
    for number, spec in enumerate(ability.targets.values()):
        found = targeting.candidates(spec, ctx)
        if not targeting.enough(spec, found):
            return _illegal(ctx, f"{source_name(ctx)} has no legal target", "target")
        if number == 0:  # the first target's, kept for ``use``
            ctx.legal = found
    for action in ability.effect:
        if not action.needs_choice(ctx) and not action.has_legal_target(ctx):
            reason = f"{source_name(ctx)} cannot be fully resolved"
            return _illegal(ctx, reason, "resolve")
    return None


def refusal(ctx: Context, index: int) -> IllegalPlay | None:
    """Return why the ability in ``ctx`` cannot be used now, or None if it can.

    ``index`` is the ability's place among its card's printed abilities (-1:
    not printed, as a delayed ability)."""
    ability = ctx.ability
    assert ability is not None
    return (
        _blank_refusal(ctx, index)
        or _timing_refusal(ctx, ability)
        or _use_refusal(ctx, ability, index)
        or _resolve_refusal(ctx, ability)
    )


def initiate(
    game: Game,
    player: Player,
    card: Card | None,
    ability: Ability,
    index: int,
    *,
    event: Event | None = None,
    given: Mapping[str, object] | None = None,
    preset: Mapping[str, Choice] | None = None,
    checked: bool = False,
) -> Context:
    """Use an ability: raise ``IllegalPlay`` before any change if it is illegal.

    ``given`` answers target prompts by name (scenario values); ``preset``
    restores choices already made (a delayed ability keeps its targets).
    ``checked``: the caller has just found ``refusal`` None for this very use
    (same player, card, ability and event, no preset) and nothing that changes
    the game happened since, so the check is not made twice (a window's
    ``eligible`` then ``initiate``; ``runner.find_action`` keeps the very
    context it checked and calls ``use``).
    """
    ctx = Context(game, player, card, ability, event, dict(preset or {}))
    problem = None if checked else refusal(ctx, index)
    if problem is not None:
        try:
            raise problem
        finally:
            problem = None  # no error <-> frame cycle (see runner.find_action)
    return use(ctx, index, given)


def use(ctx: Context, index: int, given: Mapping[str, object] | None = None) -> Context:
    """Use the ability in ``ctx``, whose ``refusal`` is None (just found, and
    nothing that changes the game happened since); see ``initiate``.

    The first target is offered the choices the check found
    (``Context.legal``): no choice was made since, so they are the same. Later
    targets are looked up afresh, as a legal choice may depend on earlier ones.
    """
    ability = ctx.ability
    assert ability is not None
    given = given or {}
    problem = _unknown_targets(ctx, given)
    if problem is not None:
        try:
            raise problem
        finally:
            problem = None  # as in ``initiate``
    if not _choose_targets(ctx, ability, given):
        return ctx
    if ability.optional and not _confirm(ctx):
        ctx.data["declined"] = True
        return ctx
    for game_action in ability.effect:  # what asks first (psi, trace) asks now
        if isinstance(game_action, GameAction):
            game_action.prepare(ctx)
    if ability.cost and not all(_pay(cost, ctx, given) for cost in ability.cost):
        return ctx
    if ability.limit is not None:
        _count_use(ctx, index)
    _announce(ctx)
    if ability.targets and answerable(ctx.game, "targets_chosen"):
        _targets_chosen(ctx)
    _play(ctx)
    if ability.limit is not None and ctx.data.get("called_off"):
        _count_use(ctx, index, -1)  # a use its handler called off is no use
    return ctx


def _targets_chosen(ctx: Context) -> None:
    """Resolve ``targets_chosen`` (params: ``choices``, a copy), so abilities
    can answer a card being targeted before the effect resolves."""
    event = Event(
        "targets_chosen",
        player=ctx.player.name,
        card=ctx.source,
        params={"choices": dict(ctx.choices)},
        context=ctx,
    )
    resolve_event(ctx.game, event)


def _choose_targets(
    ctx: Context, ability: Ability, given: Mapping[str, object]
) -> bool:
    """Choose every target not chosen yet; False when a chooser cancelled
    (the use is then called off)."""
    legal = ctx.legal
    for name, spec in ability.targets.items():
        if name not in ctx.choices:
            choice = targeting.choose(name, spec, ctx, given, legal)
            if choice is None:
                _call_off(ctx, spec)
                return False
            ctx.choices[name] = choice
        legal = None
    return True


def _can_pay(cost: Cost, ctx: Context) -> bool:
    if cost.target is None:
        return cost.can_pay(ctx)
    return targeting.has_enough(cost.target, ctx)


def _pay(cost: Cost, ctx: Context, given: Mapping[str, object]) -> bool:
    """Pay a cost; one that makes its own selection asks for it first."""
    if cost.target is None:
        return cost.pay(ctx)
    choice = targeting.choose(cost.name, cost.target, ctx, given)
    if choice is None:
        return False
    ctx.choices[cost.name] = choice
    chosen = [c for c in _as_tuple(choice) if isinstance(c, (Card, Player))]
    return cost.action.resolve(ctx, chosen)


def _unknown_targets(ctx: Context, given: Mapping[str, object]) -> IllegalPlay | None:
    ability = ctx.ability
    assert ability is not None
    if not given:
        return None
    named = {c.name for c in ability.cost if c.target is not None}
    unknown = [
        name for name in given if name not in ability.targets and name not in named
    ]
    if not unknown:
        return None
    names = ", ".join(sorted(unknown))
    return _illegal(ctx, f"{source_name(ctx)} has no target called {names}", "target")


def _call_off(ctx: Context, spec: Target) -> None:
    """The chooser cancelled a target: the use is called off before anything
    is paid or counted, and the target's ``on_cancel`` resolves instead."""
    ctx.data["declined"] = True
    who = targeting.chooser(spec, ctx).name
    ctx.game.say(
        who,
        f"{who} cancels {source_name(ctx)}",
        event="cancel_prompt",
        cards=(ctx.source.id,) if ctx.source is not None else (),
    )
    if spec.on_cancel is not None:
        _resolve_then(ctx, spec.on_cancel)


def _confirm(ctx: Context) -> bool:
    title = ctx.ability.title if ctx.ability and ctx.ability.title else "use"
    window = f"optional:{title}"
    prompt = Prompt(PromptKind.YES_NO, ctx.player.name, window, ("yes", "no"))
    return ask(ctx.game, prompt) is True


def _count_use(ctx: Context, index: int, uses: int = 1) -> None:
    """Count ``uses`` more (or, negative, fewer) uses toward the limit; a key
    left with none is forgotten."""
    limit = ctx.ability.limit if ctx.ability is not None else None
    key = limit_key(ctx, index) if limit is not None else None
    if key is None or limit is None:
        return
    game = ctx.game
    count = game.limits.get(key, 0) + uses
    if count > 0:
        game.limits[key] = count
        game.limit_periods[key] = limit.period
    else:
        game.limits.pop(key, None)
        game.limit_periods.pop(key, None)


def _announce(ctx: Context) -> None:
    ability = ctx.ability
    assert ability is not None
    if ability.message is not None:
        text = ability.message.render(ctx)
    elif ctx.source is None:
        return
    else:
        verb = "plays" if ability.played_to else "uses"
        text = f"{ctx.player.name} {verb} {source_name(ctx)}"
    cards = tuple(c.id for c in _involved(ctx))
    ctx.game.say(
        ctx.player.name,
        text,
        event=KIND_NAMES[ability.kind],
        cards=cards,
        rules=ability.rules,
    )


def _involved(ctx: Context) -> list[Card]:
    cards = [ctx.source] if ctx.source is not None else []
    for value in ctx.choices.values():
        if isinstance(value, Card):
            cards.append(value)
        elif isinstance(value, tuple):
            cards.extend(value)
    return cards


def _play(ctx: Context) -> None:
    ability, card, game = ctx.ability, ctx.source, ctx.game
    assert ability is not None
    played = ability.played_to is not None and card is not None
    if played and card is not None:
        game.move(card, RESOLVING, card.owner)
    use = Event(
        "play" if played else "ability",
        player=ctx.player.name,
        card=card,
        params={"title": ability.title, "kind": KIND_NAMES[ability.kind]},
        change=lambda e: _effect_change(ctx),
        context=ctx,
    )
    ctx.data["use"] = use
    try:
        resolve_event(game, use)
    finally:
        # The event holds the context (and its change a closure over it): with
        # the event left in the context's data the pair would form a reference
        # cycle, freed only by the garbage collector, not as soon as unused.
        del ctx.data["use"]
    if played and card is not None and card.zone == RESOLVING and ability.played_to:
        game.move(card, ability.played_to, card.owner)


def _effect_change(ctx: Context) -> None:
    resolve_effect(ctx)


def resolve_effect(ctx: Context) -> bool:
    """Resolve an ability's effect and, if it all resolved, its then-clause.

    The first part resolved when something ran and every part that ran changed
    the game (no cancelled events, no target left unaffected).
    """
    ability = ctx.ability
    assert ability is not None
    outcomes = _target_actions(ctx, ability) if ability.targets else []
    outcomes += [game_action.resolve(ctx) for game_action in ability.effect]
    if ability.handler is not None:
        called_off = ability.handler(ctx) is False
        ctx.data["called_off"] = called_off
        outcomes.append(not called_off)
    resolved = all(outcomes) and bool(outcomes)
    ctx.data["resolved"] = resolved
    then = ability.then
    if then is not None and resolved:
        _resolve_then(ctx, then)
    return resolved


def _target_actions(ctx: Context, ability: Ability) -> list[bool]:
    outcomes = []
    for name, spec in ability.targets.items():
        chosen = ctx.choices.get(name)
        if spec.mode == "option" and isinstance(chosen, str):
            rule = spec.options.get(chosen)
            if isinstance(rule, GameAction):
                outcomes.append(rule.resolve(ctx))
            continue
        picked = [t for t in _as_tuple(chosen) if isinstance(t, (Card, Player))]
        # Each action applies to the chosen targets it is legal on now, all
        # found before any resolves: an earlier action must not make a later
        # one legal (exhaust, then ready what was just exhausted).
        plan = [
            (game_action, [t for t in picked if game_action.can_affect(t, ctx)])
            for game_action in spec.actions
        ]
        for game_action, legal in plan:
            outcomes.append(bool(legal) and game_action.resolve(ctx, legal))
    return outcomes


def _as_tuple(value: object) -> tuple[object, ...]:
    if isinstance(value, tuple):
        return value
    return () if value is None else (value,)


def _resolve_then(ctx: Context, then: Then) -> None:
    if then.condition is not None and not then.condition(ctx):
        return
    if then.message is not None:
        ctx.game.say(ctx.player.name, then.message.render(ctx), event="then")
    for game_action in then.effect:
        game_action.resolve(ctx)
    if then.handler is not None:
        then.handler(ctx)
