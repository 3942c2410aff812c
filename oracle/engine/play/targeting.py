"""Legal targets of an ability and how they are chosen (given or prompted)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, cast

from oracle.engine.core import refs
from oracle.engine.core.abilities import Target
from oracle.engine.core.cards import Card, Player
from oracle.engine.core.context import Choice, Context, amount_of
from oracle.engine.core.effects import UNTARGETABLE
from oracle.engine.core.errors import IllegalPlay, did_you_mean
from oracle.engine.core.prompts import Prompt, PromptKind, ask

if TYPE_CHECKING:
    from oracle.engine.core.game import Game


def _controlled(owner: str, spec: Target, ctx: Context) -> bool:
    if spec.controller == "self":
        return owner == ctx.player.name
    if spec.controller == "opponent":
        return owner != ctx.player.name
    return True


def _affectable(item: Card | Player, spec: Target, ctx: Context) -> bool:
    return not spec.action or any(a.can_affect(item, ctx) for a in spec.actions)


def within_top(n: int) -> Callable[[Card, Context], bool]:
    """Return a target predicate: the card is among the top ``n`` of its zone
    (search the top cards of a deck: ``Target(zone="deck", predicate=...)``)."""

    def top(card: Card, ctx: Context) -> bool:
        return ctx.game.zone(card.zone, card.zone_player).index(card.id) < n

    return top


def card_candidates(spec: Target, ctx: Context) -> list[Card]:
    """Return the cards that are legal for a card target, in stable order."""
    zones = (spec.zone,) if isinstance(spec.zone, str) else spec.zone
    anywhere = "any" in zones
    types = (spec.card_type,) if isinstance(spec.card_type, str) else spec.card_type
    game, test = ctx.game, spec.predicate
    flags = game.view.card_flags if spec.targets else None
    pool: Iterable[Card] = game.cards.values()
    if types is not None:  # only the cards of those types, still in creation order
        of_type = [game.pack.slugs_of_type(t) for t in types]
        slugs = of_type[0] if len(of_type) == 1 else frozenset().union(*of_type)
        pool = game.cards_with(slugs)
    found = []
    for card in pool:
        if not anywhere and card.zone not in zones:
            continue
        if flags and UNTARGETABLE in flags.get(card.id, ()):
            continue
        if (
            _controlled(card.controller, spec, ctx)
            and (test is None or test(card, ctx))
            and _affectable(card, spec, ctx)
        ):
            found.append(card)
    return found


def player_candidates(spec: Target, ctx: Context) -> list[Player]:
    """Return the players that are legal for a player target."""
    test = spec.player_predicate
    return [
        player
        for player in ctx.game.seat_order(ctx.player.name)
        if _controlled(player.name, spec, ctx)
        and (test is None or test(player, ctx))
        and _affectable(player, spec, ctx)
    ]


def option_candidates(spec: Target, ctx: Context) -> list[str]:
    """Return the options whose own legality holds now (or the labels
    ``choices`` builds now)."""
    if spec.choices is not None:
        return list(dict.fromkeys(spec.choices(ctx)))
    legal = []
    for label, rule in spec.options.items():
        ok = rule(ctx) if callable(rule) else rule.has_legal_target(ctx)
        if ok:
            legal.append(label)
    return legal


def number_candidates(spec: Target, ctx: Context) -> list[int]:
    """Return the numbers from ``minimum`` to the (computed) ``maximum``."""
    top = spec.minimum if spec.maximum is None else amount_of(spec.maximum, ctx)
    return list(range(spec.minimum, top + 1))


def candidates(spec: Target, ctx: Context) -> Sequence[Choice]:
    """Return the legal choices of a target: cards, players, options or numbers."""
    if spec.mode == "card":
        return card_candidates(spec, ctx)
    if spec.mode == "player":
        return player_candidates(spec, ctx)
    if spec.mode == "option":
        return option_candidates(spec, ctx)
    return number_candidates(spec, ctx)


def enough(spec: Target, found: Sequence[Choice]) -> bool:
    """Return whether ``found`` (``candidates``) can satisfy the target (zero is
    fine for up-to)."""
    if spec.mode in ("card", "player"):
        return len(found) >= spec.least
    return bool(found)


def has_enough(spec: Target, ctx: Context) -> bool:
    """Return whether the target can be satisfied (zero is fine for up-to)."""
    return enough(spec, candidates(spec, ctx))


def choose(
    name: str,
    spec: Target,
    ctx: Context,
    given: Mapping[str, object],
    found: Sequence[Choice] | None = None,
) -> Choice | None:
    """Choose target ``name``: validate the given answer or prompt for one.

    ``given`` (the using player's answers) is read only when that player
    chooses: a target the opponent chooses always prompts the opponent.
    None: the chooser cancelled (a target with ``on_cancel``).

    ``found``: the target's ``candidates`` in this very context, if the caller
    has them (nothing changed since they were found)."""
    game = ctx.game
    who = chooser(spec, ctx)
    values = list(candidates(spec, ctx) if found is None else found)
    prompt = _prompt(name, spec, who.name, _options(game, spec, values))
    # ``given`` comes from the using player's step: it answers only the
    # targets that player chooses; another chooser is asked in turn.
    if name in given and who is ctx.player:
        picked = _given(prompt, given[name], spec, ctx, values, name)
    else:
        picked = _to_indexes(prompt, ask(game, prompt))
    if picked is None:
        return None
    return _pack(spec, [values[i] for i in picked])


def chooser(spec: Target, ctx: Context) -> Player:
    """Return the player who chooses the target: the user, or the opponent."""
    if spec.chooser == "opponent" and ctx.opponent is not None:
        return ctx.opponent
    return ctx.player


def _options(game: Game, spec: Target, values: list[Choice]) -> list[str]:
    """The options a target's prompt shows for its candidates ``values``."""
    if spec.mode == "card":
        return refs.labels(game, cast("list[Card]", values))
    if spec.mode == "player":
        return [p.name for p in cast("list[Player]", values)]
    return [str(v) for v in values]


_PROMPT_KINDS = {
    "card": PromptKind.CARD,
    "player": PromptKind.PLAYER,
    "option": PromptKind.OPTION,
    "number": PromptKind.NUMBER,
}


def prompt_text(spec: Target) -> str:
    """Return the text a target's prompt shows: its own, else one from its
    kind ("Choose a card", "Choose up to 2 cards", "Choose a player")."""
    if spec.prompt:
        return spec.prompt
    if spec.mode not in ("card", "player"):
        return f"Choose {_DEFAULT_NOUNS[spec.mode]}"
    if spec.count == 1 and not spec.up_to:
        return f"Choose a {spec.mode}"
    how_many = f"up to {spec.count}" if spec.up_to else str(spec.count)
    plural = "s" if spec.count != 1 else ""
    return f"Choose {how_many} {spec.mode}{plural}"


_DEFAULT_NOUNS = {"option": "an option", "number": "a number"}


#: The answer that cancels a target declaring ``on_cancel`` (its last option).
CANCEL = "cancel"


def _prompt(name: str, spec: Target, player: str, options: list[str]) -> Prompt:
    many = spec.mode in ("card", "player")
    cancel = CANCEL if spec.on_cancel is not None else ""
    return Prompt(
        _PROMPT_KINDS[spec.mode],
        player,
        f"target:{name}",
        (*options, cancel) if cancel else tuple(options),
        cancel=cancel,
        minimum=spec.least if many else 1,
        maximum=spec.count if many else 1,
        title=prompt_text(spec),
    )


def _to_indexes(prompt: Prompt, answer: object) -> list[int] | None:
    """The indexes of the options chosen; None for the cancel answer."""
    if prompt.cancel and answer == prompt.cancel:
        return None
    chosen = (answer,) if not isinstance(answer, tuple) else answer
    return [prompt.options.index(str(c)) for c in chosen]


def _given(
    prompt: Prompt,
    raw: object,
    spec: Target,
    ctx: Context,
    values: list[Choice],
    name: str = "target",
) -> list[int] | None:
    game = ctx.game
    given = raw
    if spec.mode == "card" and isinstance(raw, (str, list)):
        raw = _resolve_cards(raw, prompt, values, ctx)
    answer = prompt.accept(raw)
    if answer is None:
        explained = game.pack.explain_target(ctx, name, spec, given)
        if explained is not None:
            try:
                raise explained
            finally:
                explained = None  # no error <-> frame cycle (see runner.find_action)
        source = game.name_of(ctx.source) if ctx.source else "the ability"
        rules = (*spec.rules, *_ability_rules(ctx), *game.pack.citation("target"))
        hint = _suggestion(game, spec, given, prompt.options)
        raise IllegalPlay(
            f"{_show(raw)} is not a legal target for {source}{hint}", rules
        )
    game.spend()
    game.record(prompt.player, prompt.window, prompt.options, prompt.title)
    return _to_indexes(prompt, answer)


def _resolve_cards(
    raw: str | list[object], prompt: Prompt, values: list[Choice], ctx: Context
) -> object:
    cards = [v for v in values if isinstance(v, Card)]
    out: list[str] = []
    for text in [raw] if isinstance(raw, str) else raw:
        if not isinstance(text, str):
            return raw
        found = refs.find(ctx.game, text, cards)
        free = [c for c in found if prompt.options[cards.index(c)] not in out]
        if not free:
            return raw
        out.append(prompt.options[cards.index(free[0])])
    return out[0] if isinstance(raw, str) else out


def _suggestion(game: Game, spec: Target, given: object, options: Sequence[str]) -> str:
    """``; did you mean 'x'?`` when a target given names nothing in the game (a
    typo, not an illegal choice): the closest legal choice, else the closest
    name the game knows of that kind; ``""`` when none is close."""
    texts = given if isinstance(given, list) else [given]
    known = _known_names(game, spec)
    for text in texts:
        if (
            not isinstance(text, str)
            or text in known
            or _names_a_card(game, spec, text)
        ):
            continue
        return did_you_mean(text, options) or did_you_mean(text, known)
    return ""


def _known_names(game: Game, spec: Target) -> list[str]:
    """Every name a target of this kind could be given: each player, each
    card's label, each option."""
    if spec.mode == "player":
        return [player.name for player in game.players]
    if spec.mode == "card":
        return refs.labels(game, list(game.cards.values()))
    if spec.mode == "option":
        return list(spec.options)
    return []


def _names_a_card(game: Game, spec: Target, text: str) -> bool:
    """Whether a card target names a card of the game (another reference than
    its label: ``Bob/destroyer@mecatol-rex`` for a ship in that system)."""
    return spec.mode == "card" and bool(
        refs.find(game, text, list(game.cards.values()))
    )


def _ability_rules(ctx: Context) -> tuple[str, ...]:
    return ctx.ability.rules if ctx.ability is not None else ()


def _show(raw: object) -> str:
    if isinstance(raw, list):
        return ", ".join(str(r) for r in raw)
    return str(raw)


def _pack(spec: Target, chosen: list[Choice]) -> Choice:
    if spec.mode == "card" and (spec.count > 1 or spec.up_to):
        return tuple(c for c in chosen if isinstance(c, Card))
    return chosen[0] if chosen else ()
