"""Confusing Legal Text: when you are elected as the outcome of an agenda,
choose a player; that player is the elected player instead (predictions are
then settled on the new elected player: its official note)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind, Target
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import cite, voting
from oracle.games.ti4.cards.common import Choice, response_card


def _you_are_elected(event: Event, ctx: Context) -> bool:
    # The player elected now: after Confounding Legal Text, its player (the
    # official notes let Confusing Legal Text follow it).
    return voting.agenda_state(ctx.game).elected == ctx.player.name


def _confuse(ctx: Context) -> bool:
    game, chosen = ctx.game, ctx.chosen_player()
    voting.agenda_state(game).elected = chosen.name
    game.say(
        ctx.player.name,
        f"{chosen.name} is the elected player instead",
        event="elect_player",
        rules=cite.ELECT_PLAYER,
    )
    return True


CARD = response_card(
    "confusing-legal-text",
    "Confusing Legal Text",
    AbilityKind.REACTION,
    {"elect_player": _you_are_elected},
    "when you are elected as the outcome of an agenda",
    handler=_confuse,
    choices={"target": Choice(Target(mode="player"))},
)
