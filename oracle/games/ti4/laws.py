"""Laws in play that change rules the pack models (7.2, 7.3): which laws are in
play (the common area or a player's play area, from ``board.laws`` or enacted
by a vote) and the small predicates the rule modules ask.

A law acts only while it is in play; once discarded it stops (7.5). Each
predicate names the rule it changes; the modules that apply it cite
``cite.LAW_*``.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from oracle.engine.core.cards import Card
from oracle.engine.core.errors import Problem, Unmodelled
from oracle.engine.core.game import PLAY, Game
from oracle.games.ti4 import state as st
from oracle.games.ti4.board import BoardSpec, SeatSpec

FLEET_REGULATIONS = "fleet-regulations"
ENFORCED_TRAVEL_BAN = "enforced-travel-ban"
WORMHOLE_RECONSTRUCTION = "wormhole-reconstruction"
SHARED_RESEARCH = "shared-research"
REGULATED_CONSCRIPTION = "regulated-conscription"
PROPHECY_OF_IXTH = "prophecy-of-ixth"
PUBLICIZE_WEAPON_SCHEMATICS = "publicize-weapon-schematics"
CONVENTIONS_OF_WAR = "conventions-of-war"
ANTI_INTELLECTUAL_REVOLUTION = "anti-intellectual-revolution"
REPRESENTATIVE_GOVERNMENT = "representative-government"
REPRESENTATIVE_GOVERNMENT_POK = "representative-government-pok"
SENATE_SANCTUARY = "senate-sanctuary"
ARTICLES_OF_WAR = "articles-of-war"
CROWN_OF_THALNOS = "the-crown-of-thalnos-agenda"

#: The laws whose lasting effect this module gives the rules.
LASTING = frozenset(
    {
        FLEET_REGULATIONS,
        ENFORCED_TRAVEL_BAN,
        WORMHOLE_RECONSTRUCTION,
        SHARED_RESEARCH,
        REGULATED_CONSCRIPTION,
        PROPHECY_OF_IXTH,
        PUBLICIZE_WEAPON_SCHEMATICS,
        CONVENTIONS_OF_WAR,
        ANTI_INTELLECTUAL_REVOLUTION,
        REPRESENTATIVE_GOVERNMENT,
        REPRESENTATIVE_GOVERNMENT_POK,
        SENATE_SANCTUARY,
        ARTICLES_OF_WAR,
        CROWN_OF_THALNOS,
    }
)

#: The war sun technology (unit upgrade) the pack knows.
WAR_SUN_TECHNOLOGY = "war-sun-upgrade"

#: The most command tokens a fleet pool may hold under Fleet Regulations.
FLEET_LIMIT = 4

#: The wormholes the travel-ban and reconstruction laws name (101.1).
BASIC_WORMHOLES = frozenset({"alpha", "beta"})

#: How much Senate Sanctuary raises the influence of its planet.
SANCTUARY_INFLUENCE = 2

#: Both versions of Representative Government.
REPRESENTATIVE = frozenset({REPRESENTATIVE_GOVERNMENT, REPRESENTATIVE_GOVERNMENT_POK})

#: The faction Enforced Travel Ban does not affect (its official note).
TRAVEL_BAN_EXEMPT = "creuss"


def find(game: Game, slug: str) -> Card | None:
    """The law ``slug`` if it is in play: in the common area, or owned by a
    player (7.4); None otherwise."""
    if st.LAWS in game.shared:
        for card in game.cards_in(st.LAWS):
            if card.slug == slug:
                return card
    for player in game.players:
        for card in game.cards_in(PLAY, player.name):
            if card.slug == slug:
                return card
    return None


def in_play(game: Game, slug: str) -> bool:
    """Whether the law ``slug`` is in play."""
    return find(game, slug) is not None


def fleet_limit(game: Game) -> int | None:
    """The most tokens a fleet pool may hold (Fleet Regulations), or None."""
    return FLEET_LIMIT if in_play(game, FLEET_REGULATIONS) else None


def wormholes_joined(game: Game) -> bool:
    """Wormhole Reconstruction: every system with an alpha or a beta wormhole
    is adjacent to every other such system."""
    return in_play(game, WORMHOLE_RECONSTRUCTION)


def joined_only(game: Game, path: Sequence[Card]) -> bool:
    """Whether some step of ``path`` (systems in order) joins two systems
    that only Wormhole Reconstruction makes adjacent."""
    if not wormholes_joined(game):
        return False
    return any(
        BASIC_WORMHOLES & set(st.wormholes(game, one))
        and BASIC_WORMHOLES & set(st.wormholes(game, other))
        and not st.adjacent(game, one, other)
        for one, other in itertools.pairwise(path)
    )


def travel_banned(game: Game, mover: str) -> bool:
    """Enforced Travel Ban: alpha and beta wormholes do nothing when ``mover``
    moves units; not for the Ghosts of Creuss, and not while Wormhole
    Reconstruction is in play (its official notes)."""
    if not in_play(game, ENFORCED_TRAVEL_BAN) or wormholes_joined(game):
        return False
    return st.seat(game, mover).faction != TRAVEL_BAN_EXEMPT


def through_nebulae(game: Game) -> bool:
    """Shared Research: units may move through nebulae (59.1a changed)."""
    return in_play(game, SHARED_RESEARCH)


def single_pairs(game: Game) -> bool:
    """Regulated Conscription: a cost paid for fighters or infantry produces
    one unit, not two (67.2 changed)."""
    return in_play(game, REGULATED_CONSCRIPTION)


def prophecy_owner(game: Game) -> str:
    """The owner of Prophecy of Ixth ("" when it is not in play or owned)."""
    card = find(game, PROPHECY_OF_IXTH)
    return card.owner if card is not None else ""


def war_suns_exposed(game: Game) -> bool:
    """Publicize Weapon Schematics: no war sun has Sustain Damage."""
    return in_play(game, PUBLICIZE_WEAPON_SCHEMATICS)


def war_sun_waiver(game: Game, slug: str) -> bool:
    """Publicize Weapon Schematics: while some player owns a war sun
    technology, anyone may ignore the prerequisites of ``slug`` if it is one
    (the pack knows the generic War Sun only)."""
    if slug != WAR_SUN_TECHNOLOGY or not war_suns_exposed(game):
        return False
    return any(st.owns(game, p.name, WAR_SUN_TECHNOLOGY) for p in game.players)


def cultural_shielded(game: Game, planet: Card) -> bool:
    """Conventions of War: no Bombardment against units on a cultural planet."""
    return (
        in_play(game, CONVENTIONS_OF_WAR)
        and "cultural" in game.definition(planet).traits
    )


def over_fleet_limit(game: Game) -> list[str]:
    """The players whose fleet pool holds more than Fleet Regulations allows."""
    limit = fleet_limit(game)
    if limit is None:
        return []
    return [p.name for p in game.players if p.resource(st.FLEET) > limit]


def problems(board: BoardSpec, seats: Mapping[str, SeatSpec]) -> list[Problem]:
    """Refuse, as not modelled, a board that starts with Fleet Regulations in
    play and a fleet pool over its limit: neither the card nor its notes say
    what becomes of the extra tokens. ``seats``: the TI4 fields by player."""
    if not any(law == FLEET_REGULATIONS for law, _owner in board.laws):
        return []
    return [
        Unmodelled(
            "/board/laws",
            f"{name} has {seat.pools[st.FLEET]} command tokens in the fleet pool "
            f"with Fleet Regulations in play (at most {FLEET_LIMIT}): what happens "
            "to the extra tokens is not modelled",
        )
        for name, seat in seats.items()
        if seat.pools.get(st.FLEET, 0) > FLEET_LIMIT
    ]


def odds_gap(game: Game, forces: Mapping[str, Mapping[str, int]], retreat: bool) -> str:
    """What a law in play changes in a space combat that the combat odds do
    not account for ("" when nothing): Prophecy of Ixth's fighters, Publicize
    Weapon Schematics' war suns, The Crown of Thalnos' rerolls (a ground
    combat too), and wormhole laws for a retreat."""
    owner = prophecy_owner(game)
    if forces.get(owner, {}).get("fighter"):
        return f"Prophecy of Ixth, which adds 1 to {owner}'s fighters' combat rolls"
    if war_suns_exposed(game) and any(f.get("war-sun") for f in forces.values()):
        return "Publicize Weapon Schematics, which takes Sustain Damage from war suns"
    crown = find(game, CROWN_OF_THALNOS)
    if crown is not None and any(forces.get(crown.owner, {}).values()):
        return f"The Crown of Thalnos, which lets {crown.owner} reroll combat dice"
    wormhole_laws = in_play(game, ENFORCED_TRAVEL_BAN) or wormholes_joined(game)
    if retreat and wormhole_laws:
        return "a law in play that changes adjacency through wormholes for a retreat"
    return ""


def one_vote_each(game: Game) -> bool:
    """Representative Government (either version): no planet is exhausted to
    vote; each player may cast one vote on each agenda (8.6 changed)."""
    return any(card.slug in REPRESENTATIVE for card in _in_play(game))


def _in_play(game: Game) -> list[Card]:
    """Every law in play, in one pass (``find`` for one law)."""
    found = game.cards_in(st.LAWS) if st.LAWS in game.shared else []
    return [*found, *(c for p in game.players for c in game.cards_in(PLAY, p.name))]


def extra_votes_forbidden(game: Game) -> bool:
    """Representative Government as Prophecy of Kings prints it: nobody may
    cast additional votes (8.15 changed); the base game's card says nothing
    of them."""
    return in_play(game, REPRESENTATIVE_GOVERNMENT_POK)


def influence(game: Game, planet: Card) -> int:
    """A planet's influence, with Senate Sanctuary's 2 while the law is in
    play attached to it."""
    return total_influence(game, [planet])


def total_influence(game: Game, planets: Sequence[Card]) -> int:
    """The influence of ``planets`` together (``influence`` of each)."""
    where = sanctuary_planet(game)
    bonus = SANCTUARY_INFLUENCE * sum(1 for p in planets if p.slug == where)
    bonus += sum(planet_bonus(game, p, "influence") for p in planets)
    return sum(game.stat(p, "influence") for p in planets) + bonus


def sanctuary_planet(game: Game) -> str:
    """The planet Senate Sanctuary is attached to ("" when not in play)."""
    law = find(game, SENATE_SANCTUARY)
    return str(law.data.get("planet", "")) if law is not None else ""


def mechs_stripped(game: Game) -> bool:
    """Articles of War: every mech loses its printed abilities except
    Sustain Damage (``faction_unit_abilities`` applies it in combat)."""
    return in_play(game, ARTICLES_OF_WAR)


CORE_MINING = "core-mining"
TERRAFORMING_INITIATIVE = "terraforming-initiative"

#: What a law attached to a planet adds to its values (Core Mining,
#: Terraforming Initiative; Senate Sanctuary is ``total_influence``'s).
ATTACHED_VALUES: dict[str, dict[str, int]] = {
    CORE_MINING: {"resources": 2},
    TERRAFORMING_INITIATIVE: {"resources": 1, "influence": 1},
}


def planet_bonus(game: Game, planet: Card, value: str) -> int:
    """What the laws attached to ``planet`` add to its ``value``."""
    total = 0
    for slug, adds in ATTACHED_VALUES.items():
        law = find(game, slug)
        if law is not None and law.data.get("planet") == planet.slug:
            total += adds.get(value, 0)
    return total


def resources(game: Game, planet: Card) -> int:
    """A planet's resource value, with what attached laws add."""
    return game.stat(planet, "resources") + planet_bonus(game, planet, "resources")


DEMILITARIZED_ZONE = "demilitarized-zone-agenda"


def demilitarized(game: Game, planet: Card | None) -> bool:
    """Demilitarized Zone (the base game's agenda): no unit may land on,
    be produced on or be placed on the planet it is attached to."""
    if planet is None:
        return False
    law = find(game, DEMILITARIZED_ZONE)
    return law is not None and law.data.get("planet") == planet.slug
