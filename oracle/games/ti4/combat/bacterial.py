"""X-89 Bacterial Weapon Ω in the Bombardment step (49.1, 15): once every
bombardment hit has been assigned (its note), for each planet bombarded where
the bombardment destroyed at least one infantry of the player defending it,
the active player may destroy all of that player's other infantry there
(prompt ``x-89-bacterial-weapon-omega:use``, default ``use``). A planet that
Planetary Shield kept from being bombarded is never bombarded, so the card
cannot act there (65.N2). The base printing is a component action
(``cards/x_89_bacterial_weapon.py``), which acts in no combat step.
"""

from __future__ import annotations

from dataclasses import dataclass

from oracle.engine.core.cards import Card
from oracle.engine.core.game import Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st

OMEGA = "x-89-bacterial-weapon-omega"
WINDOW = f"{OMEGA}:use"
USE = "use"
HOLD = "hold"


@dataclass(frozen=True)
class Bombarded:
    """A planet bombarded by the active player, the player whose ground
    forces took the hits, and how many infantry that player had there before
    the hits were assigned."""

    planet: Card
    victim: str
    infantry: int


def infantry(game: Game, planet: Card, owner: str) -> list[Card]:
    """``owner``'s infantry on ``planet``."""
    return [u for u in st.on_planet(game, planet, "infantry") if u.owner == owner]


def before_hits(game: Game, planet: Card, victim: str) -> Bombarded:
    """What the bombardment of ``planet`` starts from, for ``after_hits``."""
    return Bombarded(planet, victim, len(infantry(game, planet, victim)))


def after_hits(game: Game, active: str, bombarded: list[Bombarded]) -> None:
    """Offer X-89 Bacterial Weapon Ω for each planet whose bombardment
    destroyed at least one of its defender's infantry, in the order they were
    bombarded."""
    if not st.owns(game, active, OMEGA):
        return
    for found in bombarded:
        left = infantry(game, found.planet, found.victim)
        if not left or len(left) >= found.infantry:
            continue
        where = game.name_of(found.planet)
        prompt = Prompt(
            PromptKind.OPTION,
            active,
            WINDOW,
            (USE, HOLD),
            rules=cite.X89_OMEGA,
            why=f"the bombardment destroyed {found.victim}'s infantry on {where}: "
            f"{active} may destroy all of {found.victim}'s infantry there with "
            "X-89 Bacterial Weapon \u03a9",
        )
        if str(ask(game, prompt)) == HOLD:
            continue
        game.say(
            active,
            f"{active} uses X-89 Bacterial Weapon \u03a9 after bombarding {where}",
            event="technology",
            rules=cite.X89_OMEGA,
        )
        changes.destroy_units(game, active, left, cite.X89_OMEGA)
