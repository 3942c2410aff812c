"""Agenda outcomes of issue 27, group D: Rearmament Agreement and Research
Grant Reallocation (``RESOLVERS``, merged into ``outcomes.RESOLVERS``)."""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.game import Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.games.ti4 import changes, cite, data, laws, movement, research, voting
from oracle.games.ti4 import state as st

#: A mech placed by the For outcome may be taken off the board when none is
#: left in reinforcements (23.4a), besides the outcome's own rules.
PLACE_RULES = cite.cite("8.18", "1.24", "23.4a")


def _home_planets(game: Game, name: str) -> list[Card]:
    """The planets of the player's home system that they control."""
    return [
        p
        for p in st.controlled_planets(game, name)
        if (system := st.system_of(game, p)) is not None
        and st.home_owner(game, system) == name
        and not laws.demilitarized(game, p)
    ]


def _rearmament_agreement(game: Game, agenda: Card, outcome: str) -> bool:
    """For: each player places a mech on a home planet they control (none if
    they control none). Against: each mech is replaced by an infantry.
    Players act in speaker order (a note of topic 8)."""
    for name in st.speaker_order(game):
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


def _research_grant_reallocation(game: Game, agenda: Card, outcome: str) -> bool:
    """The elected player gains any technology of their deck (not research,
    90.5: prerequisites need not be met), then returns a fleet pool token to
    reinforcements per prerequisite printed on it, all of them if too few
    (its notes: owned technologies and specialties change nothing)."""
    if not game.has_player(outcome):
        return False
    from oracle.games.ti4.agendas import outcomes  # outcomes imports this module

    name = outcome
    found = [
        slug
        for slug in data.TECHNOLOGIES
        if st.in_tech_deck(game, name, slug)
        and not research.replaced_upgrade(game, name, slug)
    ]
    if not found:
        game.say(
            name,
            f"{name} has no technology left to gain (Research Grant Reallocation)",
            event="agenda_outcome",
            rules=cite.AGENDA_RESOLVE,
        )
        return True
    prompt = Prompt(
        PromptKind.OPTION,
        name,
        "research-grant-reallocation:technology",
        tuple(found),
        rules=GAIN_RULES,
        title="Choose the technology to gain",
    )
    chosen = str(ask(game, prompt))
    slug = chosen if chosen in found else found[0]
    if not changes.gain_technology(
        game, name, slug, " (Research Grant Reallocation)", GAIN_RULES
    ):
        return True
    player = game.player(name)
    owed = len(data.TECHNOLOGIES[slug].prerequisites)
    for _ in range(min(owed, player.resource(st.FLEET))):
        outcomes.return_token(game, player, st.FLEET)
    return True


#: Gaining a technology from an agenda (8.18, 90.5).
GAIN_RULES = cite.cite("8.18", "1.24", "90.5")

RESOLVERS = {
    "rearmament-agreement": _rearmament_agreement,
    "research-grant-reallocation": _research_grant_reallocation,
}
