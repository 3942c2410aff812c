"""Agenda outcomes about research and the board (issue 27, group C):
Wormhole Research, Colonial Redistribution and Ixthian Artifact.
``RESOLVERS`` is merged into ``outcomes.RESOLVERS``."""

from __future__ import annotations

from oracle.engine.core.cards import Card, Player
from oracle.engine.core.game import Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.games.ti4 import changes, cite, laws, movement, research, victory, voting
from oracle.games.ti4 import state as st
from oracle.games.ti4.combat import invasion

#: The answer to a "may research" prompt that researches nothing.
NO_RESEARCH = "none"


def may_research(game: Game, name: str, window: str, source: str) -> None:
    """A player may research one technology of their deck whose prerequisites
    they meet (``window``; ``none`` declines, the default); the Nekro Virus
    gains command tokens instead (Propagation)."""
    if research.propagates(game, name):
        research.propagate(game, name, source)
        return
    found = research.researchable(game, name)
    if not found:
        game.say(
            name,
            f"{name} can research no technology ({source}): none left in their deck "
            "has prerequisites they meet",
            event="effect",
            rules=cite.RESEARCH,
        )
        return
    prompt = Prompt(
        PromptKind.OPTION,
        name,
        window,
        (NO_RESEARCH, *found),
        rules=cite.RESEARCH,
        title="Choose a technology to research, or none",
    )
    slug = str(ask(game, prompt))
    if slug == NO_RESEARCH:
        game.say(
            name,
            f"{name} researches nothing ({source})",
            event="effect",
            rules=cite.AGENDA_RESOLVE,
        )
        return
    research.research(game, name, slug, cite.AGENDA_RESOLVE)


def _wormhole_research(game: Game, agenda: Card, outcome: str) -> bool:
    """For: each player with a ship in a system with any wormhole may research
    one technology; then every ship in a system with an alpha or beta wormhole
    is destroyed, and ground forces left in space without capacity are removed
    (its notes, 16.3). Against: each Against voter returns a command token of
    their pick from their command sheet to reinforcements."""
    if outcome == voting.AGAINST:
        votes = voting.agenda_state(game).votes
        for name in st.speaker_order(game):
            if votes.get(name, ("", 0))[0] == voting.AGAINST:
                _return_one_token(game, game.player(name))
        return True
    systems = st.systems(game)
    holes = [s for s in systems if st.wormholes(game, s)]
    eligible = [
        name
        for name in st.speaker_order(game)
        if any(st.ships(game, s, name) for s in holes)
    ]
    for name in eligible:
        may_research(game, name, "wormhole-research:research", "Wormhole Research")
    speaker = st.table(game).speaker
    for system in systems:
        if not laws.BASIC_WORMHOLES & set(st.wormholes(game, system)):
            continue
        for name in st.speaker_order(game):
            doomed = st.ships(game, system, name)
            if doomed:
                changes.destroy_units(game, speaker, doomed, cite.AGENDA_RESOLVE)
                movement.settle_capacity(game, name, system, fleet=False)
    return True


def _return_one_token(game: Game, player: Player) -> None:
    """Take one command token off a player's command sheet (from the pool
    they pick) back to reinforcements; nothing when the sheet is empty."""
    from oracle.games.ti4.agendas import outcomes  # outcomes imports this module

    pools = tuple(p for p in st.POOLS if player.resource(p) > 0)
    if not pools:
        game.say(
            player.name,
            f"{player.name} has no command token on their command sheet to return",
            event="return_command_token",
            rules=cite.AGENDA_RESOLVE,
        )
        return
    pool = pools[0]
    if len(pools) > 1:
        prompt = Prompt(
            PromptKind.OPTION,
            player.name,
            "wormhole-research:pool",
            pools,
            rules=cite.AGENDA_RESOLVE,
        )
        pool = str(ask(game, prompt))
    outcomes.return_token(game, player, pool)


#: Rules for the infantry Colonial Redistribution places: control changes
#: hands (25.5, 25.5a, 25.1).
PLACED_CONTROL = cite.cite("25.5", "25.5a", "25.1")

#: The answers of Colonial Redistribution's "may place" prompt.
PLACE, DECLINE = "place", "decline"


def _colonial_redistribution(game: Game, agenda: Card, outcome: str) -> bool:
    """Every unit on the elected planet is destroyed; then its controller
    picks one of the players with the fewest victory points (themselves too,
    its note), who may place an infantry from reinforcements there and so
    takes control of it (25.5a); otherwise control stays (25.4)."""
    planet = st.planet_named(game, outcome)
    system = st.system_of(game, planet) if planet is not None else None
    if planet is None or system is None:
        return False
    owner = st.controller(game, planet) or ""
    speaker = st.table(game).speaker
    present = st.on_planet(game, planet)
    for name in st.speaker_order(game):
        doomed = [u for u in present if u.owner == name]
        if doomed:
            changes.destroy_units(game, speaker, doomed, cite.AGENDA_RESOLVE)
    if not owner:
        return False
    if laws.demilitarized(game, planet):  # as the exploration card's note
        game.say(
            None,
            f"No infantry is placed on {game.name_of(planet)}: Demilitarized Zone "
            f"is attached to it, and {owner} keeps control",
            event="agenda_outcome",
            rules=(*cite.LAW_DEMILITARIZED, *cite.cite("25.4")),
        )
        return True
    fewest = victory.leaders(game, st.speaker_order(game), most=False)
    chosen = fewest[0]
    if len(fewest) > 1:
        prompt = Prompt(
            PromptKind.OPTION,
            owner,
            "colonial-redistribution:player",
            tuple(fewest),
            rules=(*cite.AGENDA_RESOLVE, "98.5"),
            title="Choose a player with the fewest victory points",
        )
        chosen = str(ask(game, prompt))
    game.say(
        owner,
        f"{owner} chooses {'themselves' if chosen == owner else chosen}, with the "
        "fewest victory points",
        event="agenda_outcome",
        rules=(*cite.AGENDA_RESOLVE, "98.5"),
    )
    prompt = Prompt(
        PromptKind.OPTION,
        chosen,
        "colonial-redistribution:place",
        (PLACE, DECLINE),
        rules=cite.AGENDA_RESOLVE,
        title=f"Place an infantry on {game.name_of(planet)}?",
    )
    placed = 0
    if str(ask(game, prompt)) == PLACE:
        placed = changes.place_units(
            game, chosen, "infantry", 1, system, planet, rules=cite.AGENDA_RESOLVE
        )
    if not placed:
        game.say(
            chosen,
            f"{chosen} places no infantry: {owner} keeps control of "
            f"{game.name_of(planet)}",
            event="agenda_outcome",
            rules=cite.cite("25.4"),
        )
    elif chosen != owner:
        invasion.gain_planet(game, chosen, planet, PLACED_CONTROL)
    return True


#: Ixthian Artifact: the lowest roll that lets everyone research.
ARTIFACT_SUCCESS = 6
#: How many of a player's units each system next to Mecatol Rex loses.
ARTIFACT_HITS = 3


def _ixthian_artifact(game: Game, agenda: Card, outcome: str) -> bool:
    """For: the speaker rolls a die. On 6 or more each player, in speaker
    order, may research two technologies (the first may meet a prerequisite
    of the second: its note). On 5 or less every unit in the Mecatol Rex
    system is destroyed, and so are 3 of each player's units in each system
    next to it (all of them with 3 or fewer, else 3 they pick), all at once
    (its notes). Against: nothing happens."""
    if outcome == voting.AGAINST:
        return True
    speaker = st.table(game).speaker
    rex_planet = st.planet_named(game, "mecatol-rex")
    rex = st.system_of(game, rex_planet) if rex_planet is not None else None
    result = changes.roll(game, speaker)
    game.say(
        speaker,
        f"{speaker} rolls {result} for Ixthian Artifact",
        event="roll",
        rules=cite.AGENDA_RESOLVE,
    )
    if result >= ARTIFACT_SUCCESS:
        for name in st.speaker_order(game):
            for _ in range(2):
                may_research(
                    game, name, "ixthian-artifact:research", "Ixthian Artifact"
                )
        return True
    _devastate(game, speaker, rex)
    return True


def _devastate(game: Game, speaker: str, rex: Card | None) -> None:
    """Ixthian Artifact's low roll: pick what goes, then destroy it all."""
    if rex is None:
        game.say(
            None,
            "The board has no Mecatol Rex system: the units destroyed by Ixthian "
            "Artifact are not modelled",
            event="agenda_outcome",
            modelled=False,
        )
        return
    near = [
        s
        for s in st.systems(game)
        if st.adjacent(game, s, rex) or st.adjacent(game, rex, s)
    ]
    doomed: list[tuple[str, Card, list[Card]]] = []
    for name in st.speaker_order(game):
        mine = st.units(game, system=rex, owner=name)
        if mine:
            doomed.append((name, rex, mine))
    for system in near:
        for name in st.speaker_order(game):
            mine = st.units(game, system=system, owner=name)
            if len(mine) > ARTIFACT_HITS:
                mine = changes.choose_cards(
                    game,
                    name,
                    "ixthian-artifact:destroy",
                    mine,
                    ARTIFACT_HITS,
                    cite.AGENDA_RESOLVE,
                )
            if mine:
                doomed.append((name, system, mine))
    for _name, _system, units in doomed:
        changes.destroy_units(game, speaker, units, cite.AGENDA_RESOLVE)
    for name, system, _units in doomed:
        movement.settle_capacity(game, name, system, fleet=False)


RESOLVERS = {
    "wormhole-research": _wormhole_research,
    "colonial-redistribution": _colonial_redistribution,
    "ixthian-artifact": _ixthian_artifact,
}
