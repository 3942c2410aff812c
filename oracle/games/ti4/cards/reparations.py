"""Reparations: after another player gains control of a planet the player
controlled, the player exhausts one planet that player controls and readies
one of their own. Either half may find nothing to act on, not both (card
notes)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import Reason, response_card

RULES = cite.cite("25.1b")


def _taken_from_me(event: Event, ctx: Context) -> bool:
    return event.param("from") == ctx.player.name and event.player not in (
        None,
        ctx.player.name,
    )


def _sides(ctx: Context) -> tuple[list[Card], list[Card]]:
    game, event = ctx.game, ctx.event
    taker = str(event.player) if event is not None else ""
    readied = [p for p in st.controlled_planets(game, taker) if not p.exhausted]
    exhausted = [p for p in st.controlled_planets(game, ctx.player.name) if p.exhausted]
    return readied, exhausted


def _something(ctx: Context) -> Reason | None:
    readied, exhausted = _sides(ctx)
    if readied or exhausted:
        return None
    return (
        "Reparations cannot be played: the new controller has no readied planet "
        f"and {ctx.player.name} has no exhausted planet",
        cite.TARGETS_EXIST,
    )


def _pick(ctx: Context, found: list[Card], window: str, why: str) -> Card | None:
    if not found:
        return None
    names = tuple(p.slug for p in found)
    prompt = Prompt(
        PromptKind.OPTION, ctx.player.name, window, names, rules=RULES, why=why
    )
    return found[names.index(str(ask(ctx.game, prompt)))]


def _repair(ctx: Context) -> bool:
    game, me = ctx.game, ctx.player.name
    readied, exhausted = _sides(ctx)
    theirs = _pick(
        ctx, readied, "reparations:exhaust", f"{me} picks a planet to exhaust"
    )
    if theirs is not None:
        changes.exhaust_planet(game, me, theirs, "", RULES)
    mine = _pick(ctx, exhausted, "reparations:ready", f"{me} picks a planet to ready")
    if mine is not None:
        changes.ready_planet(game, me, mine, "", RULES)
    return True


CARD = response_card(
    "reparations",
    "Reparations",
    AbilityKind.REACTION,
    {"gain_planet": _taken_from_me},
    "after another player gains control of a planet you control",
    handler=_repair,
    needs=(_something,),
)
