"""Imperial Arbiter, a law a player owns: at the end of a strategy phase its
owner may discard it to swap one of their strategy cards with one of another
player's (``offer_swap``, called by ``phases`` once the cards are chosen and
the unchosen ones have their trade goods).

The owner is asked at ``imperial-arbiter:use``: ``keep`` (the default) or the
strategy card of theirs to give; then at ``imperial-arbiter:take`` which
other player's strategy card to take (the owner picks both cards, in three-
and four-player games too: its note). Trade goods already gained from either
card stay with the player who chose it (its note), so none move. Public
Disgrace cannot answer the swap: nobody chooses a card (its note).
"""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.game import PLAY, Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.games.ti4 import changes, cite, laws
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import outcomes

IMPERIAL_ARBITER = "imperial-arbiter"
#: The answer that leaves the law in play.
KEEP = "keep"


def offer_swap(game: Game) -> None:
    """Let the owner of Imperial Arbiter discard it to swap two strategy
    cards; nothing when it is not owned or either side holds none."""
    law = laws.find(game, IMPERIAL_ARBITER)
    if law is None or not law.owner:
        return
    owner = law.owner
    mine = st.strategy_cards(game, owner)
    others = [
        card
        for player in st.clockwise_from(game, owner)[1:]
        for card in st.strategy_cards(game, player.name)
    ]
    if not mine or not others:
        return
    given = _ask(
        game,
        owner,
        "imperial-arbiter:use",
        (KEEP, *(c.slug for c in mine)),
        "the owner of Imperial Arbiter may discard it to swap one of their strategy "
        "cards, or keep it",
        "Choose a strategy card of yours to swap, or keep Imperial Arbiter",
    )
    if given == KEEP:
        return
    taken = _ask(
        game,
        owner,
        "imperial-arbiter:take",
        tuple(c.slug for c in others),
        "Imperial Arbiter swaps with a strategy card another player holds",
        "Choose another player's strategy card to take",
    )
    outcomes.discard(
        game, owner, law, f"by {owner} to swap strategy cards", cite.IMPERIAL_ARBITER
    )
    _swap(
        game,
        owner,
        next(c for c in mine if c.slug == given),
        next(c for c in others if c.slug == taken),
    )


def _ask(
    game: Game,
    owner: str,
    window: str,
    options: tuple[str, ...],
    why: str,
    title: str,
) -> str:
    prompt = Prompt(
        PromptKind.OPTION,
        owner,
        window,
        options,
        rules=cite.IMPERIAL_ARBITER,
        why=why,
        title=title,
    )
    return str(ask(game, prompt))


def _swap(game: Game, owner: str, mine: Card, theirs: Card) -> None:
    holder = str(theirs.zone_player)

    def change() -> None:
        game.move(mine, PLAY, holder)
        game.move(theirs, PLAY, owner)
        mine.owner = mine.controller = holder
        theirs.owner = theirs.controller = owner

    changes.happen(
        game,
        "swap_strategy_cards",
        player=owner,
        message=f"{owner} swaps {game.name_of(mine)} for {holder}'s "
        f"{game.name_of(theirs)} (Imperial Arbiter)",
        change=change,
        card=theirs,
        rules=cite.IMPERIAL_ARBITER,
    )
