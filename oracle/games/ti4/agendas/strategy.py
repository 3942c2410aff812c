"""Checks and Balances, a law about the strategy phase (``RESOLVERS``, merged
into ``outcomes.RESOLVERS``; ``phases`` calls the hooks).

For, while the law is in play: a player who chooses a strategy card names,
before the card is taken (so before Public Disgrace may answer, its note),
another player who holds fewer strategy cards than a player takes in this
game (one; two with three or four players), picked at
``checks-and-balances:give`` when several may receive it (default: the first
clockwise from the chooser). The card goes to that player once it is chosen;
the trade goods on it go to the chooser (its note). With nobody to receive
it, the chooser keeps it. The order of choosing does not change.

Against: at the end of this agenda phase each player readies only three of
their exhausted planets, picked at ``checks-and-balances:ready`` (default: the
three worth most, resources and influence together, board order among equals).
"""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.game import PLAY, Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.games.ti4 import changes, cite, laws, voting
from oracle.games.ti4 import state as st

CHECKS_AND_BALANCES = "checks-and-balances"

#: How many planets each player readies after an agenda phase in which
#: Checks and Balances was voted down.
READIED = 3

#: Under ``game.flags``: Checks and Balances was voted down this agenda phase.
READY_THREE = "ti4-checks-and-balances-against"


def cards_each(game: Game) -> int:
    """How many strategy cards each player takes in this game (84.1c)."""
    return 2 if 3 <= len(game.players) <= 4 else 1


def receivers(game: Game, chooser: str) -> list[str]:
    """The players, clockwise from ``chooser``'s left, who may receive the
    card ``chooser`` picks under Checks and Balances: those holding fewer
    strategy cards than each player takes (a card kept with Political
    Stability counts as held)."""
    limit = cards_each(game)
    return [
        p.name
        for p in st.clockwise_from(game, chooser)[1:]
        if len(st.strategy_cards(game, p.name)) < limit
    ]


def pick_receiver(game: Game, chooser: str, card: Card) -> str:
    """Who ``chooser`` names to receive ``card`` under Checks and Balances;
    "" when the law is not in play or nobody may receive it."""
    if not laws.in_play(game, CHECKS_AND_BALANCES):
        return ""
    names = receivers(game, chooser)
    if len(names) < 2:
        return names[0] if names else ""
    limit = cards_each(game)
    held = "a strategy card" if limit == 1 else "two strategy cards"
    prompt = Prompt(
        PromptKind.OPTION,
        chooser,
        "checks-and-balances:give",
        tuple(names),
        rules=cite.CHECKS_AND_BALANCES,
        why=f"under Checks and Balances {game.name_of(card)} goes to another player "
        f"who does not yet hold {held}",
        title=f"Choose who receives {game.name_of(card)}",
    )
    return str(ask(game, prompt))


def give(game: Game, chooser: str, card: Card, receiver: str) -> None:
    """Hand the chosen ``card`` to ``receiver``; with Checks and Balances in
    play and nobody to receive it, say that the chooser keeps it."""
    name = game.name_of(card)
    if not receiver:
        if laws.in_play(game, CHECKS_AND_BALANCES):
            game.say(
                chooser,
                f"{chooser} keeps {name}: every other player already holds as many "
                "strategy cards as they take (Checks and Balances)",
                event="keep_strategy_card",
                rules=cite.CHECKS_AND_BALANCES,
            )
        return

    def change() -> None:
        game.move(card, PLAY, receiver)
        card.owner = card.controller = receiver

    changes.happen(
        game,
        "give_strategy_card",
        player=chooser,
        message=f"{chooser} gives {name} to {receiver} (Checks and Balances)",
        change=change,
        card=card,
        rules=cite.CHECKS_AND_BALANCES,
    )


def _checks_and_balances(game: Game, agenda: Card, outcome: str) -> bool:
    if outcome != voting.AGAINST:
        return True  # the law's effect: ``pick_receiver`` and ``give``
    game.flags[READY_THREE] = True
    game.say(
        None,
        f"At the end of this agenda phase each player readies only {READIED} of "
        "their planets",
        event="agenda_outcome",
        rules=cite.AGENDA_RESOLVE,
    )
    return True


def ready_three(game: Game) -> bool:
    """Ready planets at the end of an agenda phase in which Checks and
    Balances was voted down: three per player, in initiative order; False
    (nothing done) in any other agenda phase."""
    if not game.flags.pop(READY_THREE, False):
        return False
    for player in st.initiative_order(game):
        tired = [p for p in st.controlled_planets(game, player.name) if p.exhausted]
        chosen = tired
        if len(tired) > READIED:
            game.say(
                player.name,
                f"{player.name} readies only {READIED} of their "
                f"{len(tired)} exhausted planets (Checks and Balances, Against)",
                event="ready_planets",
                rules=cite.CHECKS_AND_BALANCES_READY,
            )
            chosen = changes.choose_cards(
                game,
                player.name,
                "checks-and-balances:ready",
                sorted(tired, key=lambda p: -_worth(game, p)),
                READIED,
                cite.CHECKS_AND_BALANCES_READY,
            )
        for planet in chosen:
            changes.ready_planet(
                game,
                player.name,
                planet,
                "(agenda phase)",
                cite.CHECKS_AND_BALANCES_READY,
            )
    return True


def _worth(game: Game, planet: Card) -> int:
    return laws.resources(game, planet) + laws.influence(game, planet)


RESOLVERS = {CHECKS_AND_BALANCES: _checks_and_balances}
