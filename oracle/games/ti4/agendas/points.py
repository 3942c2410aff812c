"""Agenda outcomes about victory points that pass between players: the laws
that elect a player and give them a point which another player can take
(Shard of the Throne, The Crown of Emphidia) or lose with the card
(Political Censure, whose owner also cannot play action cards).

A law discarded from play takes no point back (98.6, their official notes),
save Political Censure, whose text takes it back (1.2).
``combat_won`` and ``planet_gained`` are the hooks the combat and invasion
modules call; each does nothing unless its law is in play.
"""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.engine.core.game import PLAY, Game
from oracle.games.ti4 import changes, cite, laws, units, victory
from oracle.games.ti4 import state as st

SHARD = "shard-of-the-throne-agenda"
CROWN = "the-crown-of-emphidia-agenda"
CENSURE = "political-censure"
HOLY_PLANET = "holy-planet-of-ixth"

#: A law owned by a player passing to another (7.4), with its point (98.4).
PASSES = cite.cite("7.4", "98.4")

#: Political Censure: no action cards for its owner (a law's "cannot", 1.6).
CENSURED = cite.cite("7.2", "7.4", "1.6")

#: Political Censure taken away: the card's own loss of a point beats 98.6.
CENSURE_LOST = cite.cite("7.5", "1.2", "98.6")

#: Holy Planet of Ixth: its point follows control of the planet (25.1).
HOLY = cite.cite("7.2", "25.1", "98.4")

#: Holy Planet of Ixth: no Production on its planet (a law's "cannot").
HOLY_PRODUCTION = cite.cite("7.2", "1.6", "68.1")

#: The Crown of Emphidia stays with an owner who controls no home planet.
CROWN_KEPT = cite.cite("7.4", "25.1")


def _elected_gains(game: Game, agenda: Card, outcome: str) -> bool:
    """The elected player gains 1 victory point (the card is placed after)."""
    if not game.has_player(outcome):
        return False
    victory.gain(game, outcome, game.name_of(agenda), cite.AGENDA_RESOLVE)
    return True


def _pass_law(game: Game, law: Card, taker: str) -> None:
    """``taker`` takes ``law`` and 1 victory point; the previous owner loses 1."""
    previous = law.owner
    name = game.name_of(law)

    def change() -> None:
        game.move(law, PLAY, taker)
        law.owner = law.controller = taker

    changes.happen(
        game,
        "take_law",
        player=taker,
        message=f"{taker} takes {name} from {previous}",
        change=change,
        card=law,
        rules=PASSES,
        params={"from": previous},
    )
    victory.gain(game, taker, name, PASSES)
    victory.lose(game, previous, name, PASSES)


def combat_won(game: Game, winner: str | None, loser: str | None) -> None:
    """Shard of the Throne: the winner of a combat against its owner takes it."""
    if not winner or not loser:
        return
    law = laws.find(game, SHARD)
    if law is not None and law.owner == loser and law.owner != winner:
        _pass_law(game, law, winner)


def planet_gained(game: Game, taker: str, planet: Card, previous: str) -> None:
    """Laws that follow who controls a planet: Holy Planet of Ixth, then
    The Crown of Emphidia. ``previous``: who controlled ``planet``."""
    holy = laws.find(game, HOLY_PLANET)
    if holy is not None and holy.data.get("planet") == planet.slug:
        victory.gain(game, taker, game.name_of(holy), HOLY)
        if previous:
            victory.lose(game, previous, game.name_of(holy), HOLY)
    _crown(game, taker, planet, previous)


def holy_planet(game: Game) -> str:
    """The planet Holy Planet of Ixth is attached to ("" when not in play)."""
    law = laws.find(game, HOLY_PLANET)
    return str(law.data.get("planet", "")) if law is not None else ""


def no_production(game: Game, planet: Card | None) -> bool:
    """Holy Planet of Ixth: units on its planet cannot use Production."""
    return planet is not None and planet.slug == holy_planet(game)


def say_no_production(game: Game, me: str, system: Card) -> None:
    """Log that ``me``'s units on the Holy Planet of Ixth in ``system``, if
    any has Production, cannot use it."""
    planet = st.planet_named(game, holy_planet(game))
    if planet is None or st.system_of(game, planet) is not system:
        return
    techs = frozenset(t.slug for t in st.technologies(game, me))
    mine = [u.slug for u in st.on_planet(game, planet) if u.owner == me]
    if any(_produces(slug, techs) for slug in mine):
        game.say(
            me,
            f"{me}'s units on {game.name_of(planet)} cannot use Production "
            "(Holy Planet of Ixth)",
            event="use_production",
            rules=HOLY_PRODUCTION,
        )


def _produces(slug: str, techs: frozenset[str]) -> bool:
    try:
        return units.stats(slug, techs).production is not None
    except KeyError:  # no generic line (flagship, mech): as ``production.makers``
        return False


def _crown(game: Game, taker: str, planet: Card, previous: str) -> None:
    """The Crown of Emphidia: a player who gains control of a planet in its
    owner's home system takes it, unless the owner controlled no planet
    there (its official note)."""
    law = laws.find(game, CROWN)
    if law is None or not law.owner or law.owner == taker:
        return
    system = st.system_of(game, planet)
    if system is None or st.home_owner(game, system) != law.owner:
        return
    home = st.planets_in(game, system)
    if previous != law.owner and not any(
        st.controller(game, p) == law.owner for p in home
    ):
        game.say(
            law.owner,
            f"{law.owner} keeps {game.name_of(law)}: they control no planet in "
            "their home system",
            event="take_law",
            rules=CROWN_KEPT,
        )
        return
    _pass_law(game, law, taker)


def censured(ctx: Context) -> str | None:
    """Political Censure: its owner cannot play action cards (1.6)."""
    source = ctx.source
    if source is None or not st.is_action_card(ctx.game, source):
        return None
    law = laws.find(ctx.game, CENSURE)
    me = ctx.player.name
    if law is None or law.owner != me:
        return None
    return f"{me} cannot play action cards while they own {ctx.game.name_of(law)}"


def law_lost(game: Game, law: Card, owner: str) -> None:
    """Political Censure: an owner who loses the card loses 1 victory point
    (the card says so; 1.2 puts it before 98.6)."""
    if law.slug == CENSURE and owner:
        victory.lose(game, owner, game.name_of(law), CENSURE_LOST)


def _holy_planet_of_ixth(game: Game, agenda: Card, outcome: str) -> bool:
    """The elected cultural planet's controller gains 1 victory point (the
    card is attached to it after)."""
    planet = st.planet_named(game, outcome)
    if planet is None:
        return False
    owner = st.controller(game, planet)
    if owner:
        victory.gain(game, owner, game.name_of(agenda), cite.AGENDA_RESOLVE)
    else:
        game.say(
            None,
            f"Nobody controls {game.name_of(planet)}: nobody gains a point",
            event="victory_point",
            rules=cite.AGENDA_RESOLVE,
        )
    return True


def _core_mining(game: Game, agenda: Card, outcome: str) -> bool:
    """One infantry on the elected hazardous planet is destroyed (none there
    is no bar to the election: its note); the card, attached after, adds 2 to
    the planet's resources (``laws.planet_bonus``)."""
    planet = st.planet_named(game, outcome)
    if planet is None:
        return False
    infantry = st.on_planet(game, planet, "infantry")
    if infantry:
        speaker = st.table(game).speaker
        changes.destroy_units(game, speaker, infantry[:1], cite.AGENDA_RESOLVE)
    return True


def _terraforming_initiative(game: Game, agenda: Card, outcome: str) -> bool:
    """Nothing but the attachment (``laws.planet_bonus``: +1 and +1)."""
    return st.planet_named(game, outcome) is not None


#: The outcomes of this module, by agenda slug (joined into ``RESOLVERS``).
POINT_RESOLVERS = {
    SHARD: _elected_gains,
    CROWN: _elected_gains,
    CENSURE: _elected_gains,
    HOLY_PLANET: _holy_planet_of_ixth,
    laws.CORE_MINING: _core_mining,
    laws.TERRAFORMING_INITIATIVE: _terraforming_initiative,
}

#: The laws whose lasting effect this module (or ``laws.planet_bonus``) models.
POINT_LAWS = frozenset({SHARD, CROWN, CENSURE, HOLY_PLANET, *laws.ATTACHED_VALUES})
