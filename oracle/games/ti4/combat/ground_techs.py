"""Generic technologies acting in a ground combat (base printings, as the
pack's card data has them; text in own words in each function):

- Magen Defense Grid: at the start of a ground combat round, its owner may
  exhaust it when a unit of theirs on that planet still has Planetary Shield;
  their opponent then makes no combat rolls that round (65.3a: a unit a war
  sun strips of Planetary Shield does not count; nor does a PDS under
  Disable, which loses the ability for the invasion).
- Dacxive Animators: after its owner wins a ground combat, they may put 1
  infantry from their reinforcements on that planet.
"""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.game import PLAY, Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.combat import core

MAGEN = "magen-defense-grid"
DACXIVE = "dacxive-animators"
USE = "use"
HOLD = "hold"
MAGEN_RULES = cite.cite("90.1", "65.3a", "42.1")
DACXIVE_RULES = cite.cite("90.1", "42.4c")
WAR_SUN = "war-sun"


def _ready(game: Game, player: str, slug: str) -> Card | None:
    """The player's technology ``slug`` when it is in play and ready."""
    return next(
        (
            c
            for c in st.technologies(game, player)
            if c.slug == slug and c.zone == PLAY and not c.exhausted
        ),
        None,
    )


def shielded(
    game: Game, player: str, system: Card, planet: Card, disabled: set[str]
) -> bool:
    """Whether a unit of ``player`` on ``planet`` still has Planetary Shield:
    no other player's war sun is in the system (65.3), and the player's PDS
    are not under Disable (``disabled``: the players it hit; a mech keeps its
    Planetary Shield, Disable naming PDS only)."""
    if any(
        u.slug == WAR_SUN and u.owner != player for u in st.units(game, system=system)
    ):
        return False
    return any(
        core.line(game, u).planetary_shield
        and not (u.slug == "pds" and player in disabled)
        for u in st.on_planet(game, planet)
        if u.owner == player
    )


def magen(
    game: Game, combat: core.Combat, system: Card, planet: Card, disabled: set[str]
) -> set[str]:
    """Offer Magen Defense Grid to each player of the ground combat who can
    use it now; return the players who make no combat rolls this round."""
    silenced: set[str] = set()
    for player in combat.sides:
        card = _ready(game, player, MAGEN)
        if card is None or not shielded(game, player, system, planet, disabled):
            continue
        other = combat.opponent(player)
        prompt = Prompt(
            PromptKind.OPTION,
            player,
            f"{MAGEN}:exhaust",
            (USE, HOLD),
            rules=MAGEN_RULES,
            why=f"{player} may exhaust Magen Defense Grid so that {other} makes no "
            "combat rolls this round",
        )
        if str(ask(game, prompt)) != USE:
            continue

        def change(card: Card = card) -> None:
            card.exhausted = True

        if changes.happen(
            game,
            "exhaust_technology",
            player=player,
            message=f"{player} exhausts Magen Defense Grid: {other} makes no combat "
            f"rolls in this round of the ground combat on {game.name_of(planet)}",
            change=change,
            card=card,
            rules=MAGEN_RULES,
        ):
            silenced.add(other)
    return silenced


def dacxive(game: Game, winner: str | None, system: Card, planet: Card) -> None:
    """Offer Dacxive Animators to the winner of the ground combat on
    ``planet`` (a draw has no winner, 42.4d)."""
    if not winner or not st.owns(game, winner, DACXIVE):
        return
    prompt = Prompt(
        PromptKind.OPTION,
        winner,
        f"{DACXIVE}:place",
        (USE, HOLD),
        rules=DACXIVE_RULES,
        why=f"{winner} may put 1 infantry from reinforcements on "
        f"{game.name_of(planet)}",
    )
    if str(ask(game, prompt)) != USE:
        return
    game.say(
        winner,
        f"{winner} uses Dacxive Animators after winning the ground combat on "
        f"{game.name_of(planet)}",
        event="technology",
        rules=DACXIVE_RULES,
    )
    changes.place_units(
        game, winner, "infantry", 1, system, planet, rules=DACXIVE_RULES, borrow=False
    )
