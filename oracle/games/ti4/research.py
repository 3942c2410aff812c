"""Researching a technology: prerequisites, met by owned technologies of the
matching color (90.12) or ignored by exhausting planets with a technology
specialty of that color (90.14, 90.15)."""

from __future__ import annotations

from collections.abc import Mapping

from oracle.engine.core.cards import Card
from oracle.engine.core.errors import Problem, Unmodelled
from oracle.engine.core.game import PLAY, Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.engine.core.refs import labels
from oracle.engine.core.scenario import Scenario
from oracle.games.ti4 import changes, cite, data, laws, movement, research_teams, units
from oracle.games.ti4 import state as st

#: Color letters as the log names them.
COLOR_WORDS = {"G": "green", "B": "blue", "Y": "yellow", "R": "red"}


def owned_colors(game: Game, name: str) -> str:
    """The colors of the technologies a player owns, one letter each (unit
    upgrades have none, 90.12b)."""
    owned = [data.TECHNOLOGIES.get(c.slug) for c in st.technologies(game, name)]
    return "".join(t.color for t in owned if t is not None and t.color)


def shortfall(game: Game, name: str, slug: str) -> dict[str, int]:
    """The prerequisites of ``slug`` that a player's technologies leave unmet,
    as ``{color: how many}``."""
    if laws.war_sun_waiver(game, slug):
        return {}
    return _missing(game, name, slug)


def _missing(game: Game, name: str, slug: str) -> dict[str, int]:
    tech = data.TECHNOLOGIES[slug]
    colors = owned_colors(game, name)
    missing = {
        c: tech.prerequisites.count(c) - colors.count(c)
        for c in dict.fromkeys(tech.prerequisites)
    }
    return {c: n for c, n in missing.items() if n > 0}


def specialty_planets(game: Game, name: str, color: str) -> list[Card]:
    """The readied planets a player controls with a ``color`` specialty (an
    exhausted one cannot be used, 90.15)."""
    return [
        p
        for p in st.controlled_planets(game, name)
        if not p.exhausted and game.definition(p).data.get("specialty") == color
    ]


def can_meet(game: Game, name: str, slug: str) -> bool:
    """Whether the player meets the prerequisites of ``slug``, exhausting
    specialty planets for what their technologies leave unmet."""
    return all(
        len(_waivers(game, name, c)) >= n
        for c, n in shortfall(game, name, slug).items()
    )


def _waivers(game: Game, name: str, color: str) -> list[Card]:
    """What may ignore a ``color`` prerequisite: readied specialty planets,
    then a readied Research Team law on a planet the player controls."""
    return [
        *specialty_planets(game, name, color),
        *research_teams.usable(game, name, color),
    ]


def unmet(game: Game, name: str, slug: str) -> str:
    """Say which prerequisite color neither technologies nor specialties meet."""
    tech = data.TECHNOLOGIES[slug]
    for color, missing in shortfall(game, name, slug).items():
        planets = len(specialty_planets(game, name, color))
        teams = research_teams.usable(game, name, color)
        if planets + len(teams) < missing:
            word = COLOR_WORDS[color]
            need = tech.prerequisites.count(color)
            return (
                f"{name} does not meet the prerequisites of {tech.name}: it needs "
                f"{changes.plural(need, word + ' prerequisite')}, and {name} owns "
                f"{need - missing} {word} "
                f"{'technology' if need - missing == 1 else 'technologies'} and "
                f"controls {planets} readied planet"
                f"{'' if planets == 1 else 's'} with a {word} specialty"
                + _team_clause(game, name, color)
            )
    return f"{name} meets the prerequisites of {tech.name}"


def _team_clause(game: Game, name: str, color: str) -> str:
    """The end of ``unmet``'s reason when a Research Team law of ``color`` is
    attached to a planet (it cannot help: exhausted, or not theirs)."""
    if not research_teams.in_play(game, color):
        return ""
    return (
        f", and no readied Research Team law of that color on a planet {name} controls"
    )


def use_specialties(game: Game, name: str, slug: str) -> None:
    """Exhaust the specialty planets (or Research Team law) that researching
    ``slug`` needs; the player picks them when more are readied than needed
    (90.14)."""
    for color, missing in shortfall(game, name, slug).items():
        planets = _waivers(game, name, color)
        if len(planets) > missing:
            planets = changes.choose_cards(
                game,
                name,
                "research:specialty",
                planets,
                missing,
                cite.SPECIALTY,
            )
        for planet in planets[:missing]:
            if planet.slug in research_teams.TEAMS:
                research_teams.exhaust(game, name, planet, COLOR_WORDS[color])
                continue
            changes.exhaust_planet(
                game,
                name,
                planet,
                f"to ignore a {COLOR_WORDS[color]} prerequisite with its technology "
                "specialty",
                cite.SPECIALTY,
            )


#: Action cards that make their player research a technology.
RESEARCH_CARDS = frozenset({"focused-research", "reveal-prototype"})
#: Of those, the cards that research a unit upgrade.
UPGRADE_CARDS = frozenset({"reveal-prototype"})


def unmodelled(scenario: Scenario, factions: Mapping[str, str | None]) -> list[Problem]:
    """Steps that research what the pack cannot answer for: a technology it
    does not know (another faction's faction technology, say); the oracle
    says so instead of answering wrongly. A Nekro Virus research is modelled
    (``propagate``). ``factions``: by player."""
    found: list[Problem] = []
    for i, step in enumerate(scenario.steps):
        if step.kind != "play" or str(step.value).split("#")[0] not in RESEARCH_CARDS:
            continue
        at = f"/steps/{i}/play"
        target = step.targets.get("target")
        faction = factions.get(str(step.player))
        if faction == NEKRO:
            continue  # nothing is researched: any technology named will do
        if own_upgrades(step.value, faction):
            found.append(
                Unmodelled(
                    at,
                    f"{_faction_name(faction)} has unit upgrades of its own, which "
                    "the pack does not model, and they change which unit upgrades "
                    "it may research (97.N1)",
                )
            )
        elif isinstance(target, str) and target not in data.TECHNOLOGIES:
            found.append(
                Unmodelled(
                    at,
                    f"the technology {target!r} is not modelled (the pack knows the "
                    "base game's generic technologies and the faction technologies "
                    "of the Xxcha and the Yssaril)",
                )
            )
    return found


def own_upgrades(card: object, faction: str | None) -> bool:
    """Whether ``card`` researches a unit upgrade for a ``faction`` that has
    unit upgrades of its own."""
    return (
        str(card).split("#")[0] in UPGRADE_CARDS
        and faction in data.FACTION_UNIT_UPGRADES
    )


def _faction_name(faction: str | None) -> str:
    found = data.FACTIONS.get(faction or "")
    return found[0] if found is not None else f"the faction {faction}"


#: The faction whose Propagation replaces every research with command tokens.
NEKRO = "nekro"

#: How many command tokens Propagation gives in place of a research.
PROPAGATION_TOKENS = 3


def propagates(game: Game, name: str) -> bool:
    """Whether a player's research is replaced by Propagation (the Nekro
    Virus cannot research technology)."""
    return st.seat(game, name).faction == NEKRO


def propagate(game: Game, name: str, source: str) -> None:
    """Propagation: when the Nekro Virus would research a technology (by
    ``source``), they gain 3 command tokens instead, each in a pool they pick
    (``propagation:command-token``, 20.2). Nothing is researched, so nothing
    that follows a research happens (Anti-Intellectual Revolution's cost)."""
    game.say(
        name,
        f"{name} would research a technology ({source}): Propagation gives them "
        f"{PROPAGATION_TOKENS} command tokens instead",
        event="propagation",
        rules=cite.PROPAGATION,
    )
    player = game.player(name)
    for _ in range(PROPAGATION_TOKENS):
        pool = changes.pick_pool(game, name, "propagation:command-token")
        changes.gain_command_token(
            game, player, pool, "(Propagation)", cite.PROPAGATION_TOKEN
        )


def researchable(game: Game, name: str) -> list[str]:
    """The technologies of a player's deck whose prerequisites they meet,
    some maybe ignored with specialties (90.12, 90.14), in data order; not a
    generic unit upgrade their faction replaces (97.N1)."""
    return [
        slug
        for slug in data.TECHNOLOGIES
        if st.in_tech_deck(game, name, slug)
        and can_meet(game, name, slug)
        and not replaced_upgrade(game, name, slug)
    ]


def replaced_upgrade(game: Game, name: str, slug: str) -> str:
    """The unit type whose generic upgrade ``slug`` is, when the faction of
    ``name`` has an upgrade of its own for it and so may not research or gain
    the generic one (97.N1); "" otherwise."""
    if slug == units.WAR_SUN_TECHNOLOGY:
        unit = "war-sun"
    elif slug in units.UPGRADES:
        unit = units.UPGRADES[slug].unit
    else:
        return ""
    faction = st.seat(game, name).faction or ""
    return unit if unit in data.FACTION_UNIT_UPGRADES.get(faction, ()) else ""


def research(game: Game, name: str, slug: str, rules: tuple[str, ...] = ()) -> bool:
    """Research ``slug``: exhaust the specialty planets it needs, then take it
    from the technology deck into play (a ``research_technology`` event)."""
    if laws.war_sun_waiver(game, slug) and _missing(game, name, slug):
        game.say(
            name,
            f"Publicize Weapon Schematics: {name} ignores the prerequisites of War Sun",
            event="effect",
            rules=cite.LAW_WAR_SUN_PREREQUISITES,
        )
    use_specialties(game, name, slug)
    tech = game.take_from_stock(st.TECH_DECK, slug, name)
    if tech is None:
        return False

    def change() -> None:
        game.move(tech, PLAY, name)

    done = changes.happen(
        game,
        "research_technology",
        player=name,
        message=f"{name} researches {game.name_of(tech)}",
        change=change,
        card=tech,
        rules=(*cite.RESEARCH, *rules),
    )
    if done and laws.in_play(game, laws.ANTI_INTELLECTUAL_REVOLUTION):
        _lose_a_ship(game, name)
    return done


def _lose_a_ship(game: Game, name: str) -> None:
    """Anti-Intellectual Revolution: having researched, the player destroys
    one of their non-fighter ships, which they pick (by default the cheapest);
    with none on the board, nothing (its note)."""
    ships = sorted(
        (u for u in st.units(game, owner=name) if st.is_ship(game, u)),
        key=lambda u: (_cost(u.slug), u.slug),
    )
    ships = [u for u in ships if u.slug != "fighter"]
    if not ships:
        game.say(
            name,
            f"Anti-Intellectual Revolution: {name} has no non-fighter ship to destroy",
            event="effect",
            rules=cite.LAW_RESEARCH_COST,
        )
        return
    names = labels(game, ships)
    prompt = Prompt(
        PromptKind.CARD,
        name,
        "anti-intellectual-revolution:destroy",
        tuple(names),
        minimum=1,
        maximum=1,
        rules=cite.LAW_RESEARCH_COST,
        title="Choose a non-fighter ship of yours to destroy",
    )
    answer = ask(game, prompt)
    picked = answer[0] if isinstance(answer, tuple) and answer else names[0]
    ship = ships[names.index(picked)]
    system = st.system_of(game, ship)
    changes.destroy_units(game, name, [ship], cite.LAW_RESEARCH_COST)
    if system is not None:  # what it carried may now be over capacity (16.3)
        movement.settle_capacity(game, name, system, fleet=False)


def _cost(unit: str) -> int:
    line = units.BASE.get(unit)
    return line.cost if line is not None and line.cost is not None else 99
