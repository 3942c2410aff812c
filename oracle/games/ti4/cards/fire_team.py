"""Fire Team: after the player's ground forces make their combat rolls in a
ground combat round, they reroll any number of those dice; the modifiers of
the first roll apply to the new results (card notes, 74.1)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.games.ti4 import changes, cite
from oracle.games.ti4.cards.common import response_card
from oracle.games.ti4.combat import core, rolls, triggers
from oracle.games.ti4.combat.rolls import Die

RULES = cite.cite("74.1", "74.2", "42.1")
MISSES = "misses"
PICK = "pick"


def _my_ground_roll(event: Event, ctx: Context) -> bool:
    return (
        triggers.fighting(ctx, core.GROUND) is not None
        and event.player == ctx.player.name
        and isinstance(event.param("dice"), list)
    )


def _dice(ctx: Context) -> list[Die]:
    event = ctx.event
    found = event.param("dice") if event is not None else None
    return [d for d in found if isinstance(d, Die)] if isinstance(found, list) else []


def _reroll(ctx: Context) -> bool:
    game, me, event = ctx.game, ctx.player.name, ctx.event
    dice = _dice(ctx)
    if event is None or not dice:
        return False
    how = Prompt(
        PromptKind.OPTION,
        me,
        "fire-team:reroll",
        (MISSES, PICK),
        rules=RULES,
        why=f"{me} rerolls every die that missed, or picks the dice",
    )
    chosen = [d for d in dice if not d.hit]
    if str(ask(game, how)) == PICK:
        names = tuple(f"die {i + 1}" for i in range(len(dice)))
        prompt = Prompt(
            PromptKind.CARD,
            me,
            "fire-team:dice",
            names,
            minimum=0,
            maximum=len(dice),
            rules=RULES,
            why=f"{me} picks the dice to reroll",
        )
        answer = ask(game, prompt)
        picked = answer if isinstance(answer, tuple) else (str(answer),)
        chosen = [dice[names.index(p)] for p in picked if p in names]
    shown = rolls.reroll(game, me, chosen)
    event.params["hits"] = sum(d.hit for d in dice)
    game.say(
        me,
        f"{me} rerolls {changes.plural(len(chosen), 'die')}"
        + (f": {', '.join(shown)}" if shown else "")
        + f"; {changes.plural(int(str(event.params['hits'])), 'hit')} in all",
        event="reroll",
        rules=RULES,
    )
    return True


CARD = response_card(
    "fire-team",
    "Fire Team",
    AbilityKind.REACTION,
    {"combat_roll": _my_ground_roll},
    "after your ground forces roll their combat dice in a ground combat round",
    handler=_reroll,
)
