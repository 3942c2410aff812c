"""Agenda outcomes about mechs and infantry: Rearmament Agreement
(``RESOLVERS``, merged into ``outcomes.RESOLVERS``)."""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.game import Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.games.ti4 import changes, cite, movement, voting
from oracle.games.ti4 import state as st

#: A mech placed by the For outcome may be taken off the board when none is
#: left in reinforcements (23.4a), besides the outcome's own rules.
PLACE_RULES = cite.cite("8.18", "1.24", "23.4a")


def _speaker_order(game: Game) -> list[str]:
    return [p.name for p in st.clockwise_from(game, st.table(game).speaker)]


def _home_planets(game: Game, name: str) -> list[Card]:
    """The planets of the player's home system that they control."""
    return [
        p
        for p in st.controlled_planets(game, name)
        if (system := st.system_of(game, p)) is not None
        and st.home_owner(game, system) == name
    ]


def _rearmament_agreement(game: Game, agenda: Card, outcome: str) -> bool:
    """For: each player places a mech on a home planet they control (none if
    they control none). Against: each mech is replaced by an infantry.
    Players act in speaker order (a note of topic 8)."""
    for name in _speaker_order(game):
        if outcome == voting.FOR:
            _place_mech(game, name)
        else:
            _replace_mechs(game, name)
    return True


def _place_mech(game: Game, name: str) -> None:
    planets = _home_planets(game, name)
    if not planets:
        game.say(
            name,
            f"{name} controls no planet in their home system and places no mech "
            "(Rearmament Agreement)",
            event="agenda_outcome",
            rules=cite.AGENDA_RESOLVE,
        )
        return
    planet = planets[0]
    if len(planets) > 1:
        prompt = Prompt(
            PromptKind.OPTION,
            name,
            "rearmament-agreement:planet",
            tuple(p.slug for p in planets),
            rules=cite.AGENDA_RESOLVE,
            title="Choose the home planet to place the mech on",
        )
        chosen = str(ask(game, prompt))
        planet = next((p for p in planets if p.slug == chosen), planet)
    system = st.system_of(game, planet)
    placed = system is not None and changes.place_units(
        game, name, "mech", 1, system, planet, rules=PLACE_RULES
    )
    if not placed:
        game.say(
            name,
            f"{name} has no mech to place (Rearmament Agreement)",
            event="agenda_outcome",
            rules=PLACE_RULES,
        )


def _replace_mechs(game: Game, name: str) -> None:
    mechs = [u for u in st.units(game, owner=name) if u.slug == "mech"]
    for mech in mechs:
        slug = mech.data.get("planet")
        system = st.system_of(game, mech)
        planet = st.planet_named(game, slug) if isinstance(slug, str) else None
        if system is None:
            continue
        side = "on" if planet is not None else "in"
        here = f"{side} {game.name_of(planet if planet is not None else system)}"
        movement.to_reinforcements(
            game,
            name,
            [mech],
            f"{name} returns a mech {here} to reinforcements (Rearmament Agreement)",
            cite.AGENDA_RESOLVE,
        )
        changes.place_units(
            game, name, "infantry", 1, system, planet, rules=cite.AGENDA_RESOLVE
        )


RESOLVERS = {"rearmament-agreement": _rearmament_agreement}
