"""Promissory notes held by a player other than their owner (69): whose note
it is (``Card.owner``; the holder is ``Card.controller``), giving one back,
and the lasting effect of a Political Secret played in the agenda phase.

A scenario gives a player another player's note with the ``held_notes``
field (``board.py``). A Political Secret that has been played lies in its
holder's play area, face up, until the agenda it was played on leaves the
agenda area (resolved, or discarded); then it goes back to its owner.
"""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.game import PLAY, Game
from oracle.games.ti4 import changes
from oracle.games.ti4 import state as st

POLITICAL_SECRET = "political-secret"
#: ``Card.data`` key of a played Political Secret: the agenda it was played on.
AGENDA = "agenda"


def silenced_by(game: Game, name: str) -> Card | None:
    """The Political Secret of ``name`` played on the agenda being resolved:
    until it goes back, ``name`` cannot vote, play action cards or use their
    faction abilities."""
    from oracle.games.ti4 import voting  # it imports this module

    agenda = voting.current(game)  # a law voted on again too (Miscount Disclosed)
    if agenda is None:
        return None
    for player in game.players:
        for card in game.cards_in(PLAY, player.name):
            if card.slug == POLITICAL_SECRET and card.owner == name:
                # Played on the agenda being resolved (not one left unresolved
                # because the oracle does not model its vote).
                return card if card.data.get(AGENDA) == agenda.id else None
    return None


def agenda_of(game: Game, note: Card) -> str:
    """The name of the agenda a Political Secret was played on."""
    found = game.cards.get(str(note.data.get(AGENDA, "")))
    return game.name_of(found) if found is not None else "the agenda"


def is_held_by_another(card: Card) -> bool:
    """Whether a promissory note is held by someone other than its owner."""
    return bool(card.owner) and card.controller != card.owner


def give_back(
    game: Game, note: Card, rules: tuple[str, ...], *, logged: bool = True
) -> bool:
    """The holder gives ``note`` back to its owner (69.3); ``logged``: say so
    (an ability that announces it already says it)."""
    holder, owner = str(note.controller), note.owner
    text = f"{holder} gives {game.name_of(note)} back to {owner}"

    def change() -> None:
        note.data.pop(AGENDA, None)
        game.move(note, st.PROMISSORY, owner)

    return changes.happen(
        game,
        "give_promissory_note",
        player=holder,
        message=text if logged else None,
        change=change,
        card=note,
        rules=rules,
    )
