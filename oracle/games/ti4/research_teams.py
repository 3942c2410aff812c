"""The four Research Team laws (base game): each is attached to the planet it
elects (12.1, 7.3); whoever controls that planet may exhaust the law card,
not the planet (its note), to ignore one prerequisite of its color when
researching (90.12c). The card keeps its state when the planet changes hands
(12.2a) and is readied with its controller's cards in the status phase
(81.6)."""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.game import Game
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st

#: Each Research Team law and the prerequisite color it ignores.
TEAMS: dict[str, str] = {
    "research-team-biotic": "G",
    "research-team-cybernetic": "Y",
    "research-team-propulsion": "B",
    "research-team-warfare": "R",
}


def _attached(game: Game) -> list[tuple[Card, str]]:
    """Each Research Team law in play with the controller of its planet."""
    if st.LAWS not in game.shared:
        return []
    found = []
    for law in game.cards_in(st.LAWS):
        if law.slug not in TEAMS:
            continue
        planet = st.planet_named(game, str(law.data.get("planet", "")))
        owner = st.controller(game, planet) if planet is not None else None
        if owner:
            found.append((law, owner))
    return found


def usable(game: Game, name: str, color: str) -> list[Card]:
    """The readied Research Team laws of ``color`` whose planet ``name``
    controls: each may ignore one prerequisite of that color."""
    return [
        law
        for law, owner in _attached(game)
        if owner == name and not law.exhausted and TEAMS[law.slug] == color
    ]


def in_play(game: Game, color: str) -> bool:
    """Whether a Research Team law of ``color`` is attached to a planet."""
    return any(TEAMS[law.slug] == color for law, _owner in _attached(game))


def exhaust(game: Game, name: str, law: Card, word: str) -> bool:
    """Exhaust a Research Team law to ignore a ``word`` prerequisite."""

    def change() -> None:
        law.exhausted = True

    return changes.happen(
        game,
        "exhaust_card",
        player=name,
        message=f"{name} exhausts {game.name_of(law)} to ignore a {word} prerequisite",
        change=change,
        card=law,
        rules=cite.LAW_RESEARCH_TEAM,
    )


def ready(game: Game) -> None:
    """Status phase step 6: each exhausted Research Team law is readied by
    the player who controls its planet."""
    for law, owner in _attached(game):
        if not law.exhausted:
            continue

        def change(card: Card = law) -> None:
            card.exhausted = False

        changes.happen(
            game,
            "ready_cards",
            player=owner,
            message=f"{owner} readies {game.name_of(law)}",
            change=change,
            card=law,
            rules=cite.READY_STEP,
        )
