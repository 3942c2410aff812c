"""Diplomatic Pressure (Prophecy of Kings): when an agenda is revealed, another
player gives you 1 promissory note from their hand, which they pick
(``diplomatic-pressure:note``; the card notes: not a transaction).

A player may not aim two of them at the same player on the same agenda (the
card notes); they may aim a second one at another player, another player may
aim one at the same player, in the same window (so 2.6b does not bar a second
copy: ``own_effect``), and they may aim one at the same player on a later
agenda: the pack counts each agenda card revealed, so an agenda revealed after
a Veto is a new one. Whose color a note is, is not modelled: the note simply
changes hands."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.cards import Player
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.games.ti4 import agenda, changes, cite, voting
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import (
    OTHER_PLAYERS,
    Choice,
    Reason,
    nothing,
    response_card,
    targets_exist,
)

#: ``game.flags`` key: the (player, target, agenda card id) already pressed.
KEY = "ti4.diplomatic-pressure"


def _revealed(event: Event, ctx: Context) -> bool:
    return agenda.is_current(ctx.game, event.card)


def _pressed(ctx: Context) -> set[tuple[str, str, str]]:
    found = ctx.game.flags.setdefault(KEY, set())
    assert isinstance(found, set)
    return found


def _key(ctx: Context, target: Player) -> tuple[str, str, str]:
    current = voting.current(ctx.game)
    return (ctx.player.name, target.name, current.id if current else "")


def refuse(ctx: Context, target: Player) -> Reason | None:
    """Another player with a promissory note in hand, not yet pressed by this
    player on this agenda."""
    if not ctx.game.cards_in(st.PROMISSORY, target.name):
        return (
            f"{target.name} holds no promissory note to give",
            cite.DIPLOMATIC_PRESSURE,
        )
    if _key(ctx, target) in _pressed(ctx):
        return (
            f"{ctx.player.name} already aimed a Diplomatic Pressure at {target.name} "
            "on this agenda",
            cite.DIPLOMATIC_PRESSURE,
        )
    return None


def _pressure(ctx: Context) -> bool:
    game, me, target = ctx.game, ctx.player.name, ctx.chosen_player()
    notes = game.cards_in(st.PROMISSORY, target.name)
    if not notes:
        return False
    _pressed(ctx).add(_key(ctx, target))
    note = notes[0]
    if len(notes) > 1:
        labels = tuple(dict.fromkeys(n.slug for n in notes))
        prompt = Prompt(
            PromptKind.CARD,
            target.name,
            "diplomatic-pressure:note",
            labels,
            rules=cite.DIPLOMATIC_PRESSURE,
            why=f"a promissory note in {target.name}'s hand",
            title=f"Choose the promissory note to give to {me}",
        )
        answer = ask(game, prompt)
        picked = answer[0] if isinstance(answer, tuple) else str(answer)
        note = next(n for n in notes if n.slug == picked)

    def change() -> None:
        game.move(note, st.PROMISSORY, me)
        note.controller = me

    return changes.happen(
        game,
        "give_promissory_note",
        player=target.name,
        message=f"{target.name} gives {game.name_of(note)} to {me}",
        change=change,
        card=note,
        rules=cite.DIPLOMATIC_PRESSURE,
    )


CARD = response_card(
    "diplomatic-pressure",
    "Diplomatic Pressure",
    AbilityKind.REACTION,
    {"reveal_agenda": _revealed},
    "when an agenda is revealed",
    handler=_pressure,
    choices={
        "target": Choice(
            OTHER_PLAYERS,
            refuse,
            none=lambda ctx: nothing(
                "no other player holds a promissory note to give",
                cite.DIPLOMATIC_PRESSURE,
            ),
        )
    },
    needs=(targets_exist,),
    own_effect=True,
    offensive=True,
)
