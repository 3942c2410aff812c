"""The outcomes of Arms Reduction, New Constitution and Swords to Plowshares
Against (``RESOLVERS``, merged into ``outcomes.RESOLVERS``).

Arms Reduction For: each player, in speaker order, picks which of their
dreadnoughts and cruisers on the board to destroy down to two and four
(``arms-reduction:dreadnought`` and ``arms-reduction:cruiser``; default: the
first ones offered, in board order). Its Against, and New Constitution's For,
take effect when the next strategy phase starts (``exhaust_at_strategy_phase``):
planets with a technology specialty, and the planets each player controls in
their own home system (not those in another player's home: its note).
New Constitution, Judicial Abolishment and Miscount Disclosed revealed while
no law is in play are discarded and another agenda is revealed
(``discard_on_reveal``).
"""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.game import Game
from oracle.games.ti4 import changes, cite, voting
from oracle.games.ti4 import state as st

#: Under ``game.flags``: which planets to exhaust at the next strategy phase.
STRATEGY_EXHAUST = "ti4-directive-exhaust"
SPECIALTY = "specialty"
OWN_HOME = "own-home"

#: Arms Reduction For: how many of each ship a player keeps on the board.
KEPT = {"dreadnought": 2, "cruiser": 4}


def _arms_reduction(game: Game, agenda: Card, outcome: str) -> bool:
    if outcome != voting.FOR:
        return _later(
            game, SPECIALTY, "each planet they control with a technology specialty"
        )
    for name in st.speaker_order(game):
        for unit, keep in KEPT.items():
            found = [u for u in st.units(game, owner=name) if u.slug == unit]
            excess = len(found) - keep
            if excess <= 0:
                continue
            doomed = changes.choose_cards(
                game,
                name,
                f"arms-reduction:{unit}",
                found,
                excess,
                cite.AGENDA_RESOLVE,
            )
            _destroy_by_system(game, name, doomed)
    return True


def _destroy_by_system(game: Game, name: str, doomed: list[Card]) -> None:
    """Destroy the chosen units, one line per system."""
    groups: dict[object, list[Card]] = {}
    for unit in doomed:
        groups.setdefault(unit.data.get("system"), []).append(unit)
    for units in groups.values():
        changes.destroy_units(game, name, units, cite.AGENDA_RESOLVE)


def _later(game: Game, what: str, text: str) -> bool:
    """Record planets to exhaust when the next strategy phase starts."""
    pending = game.flags.get(STRATEGY_EXHAUST)
    kinds = list(pending) if isinstance(pending, list) else []
    if what not in kinds:
        kinds.append(what)
    game.flags[STRATEGY_EXHAUST] = kinds
    game.say(
        None,
        f"When the next strategy phase starts, each player exhausts {text}",
        event="agenda_outcome",
        rules=cite.AGENDA_RESOLVE,
    )
    return True


def _new_constitution(game: Game, agenda: Card, outcome: str) -> bool:
    if outcome != voting.FOR:
        return True  # Against does nothing
    from oracle.games.ti4.agendas import outcomes  # it imports this module

    for law in voting.laws_in_play(game):
        outcomes.discard(game, "", law, "from play", cite.LAW_DISCARDED)
    return _later(game, OWN_HOME, "each planet they control in their own home system")


def exhaust_at_strategy_phase(game: Game) -> None:
    """Exhaust what Arms Reduction Against and New Constitution For left for
    the start of this strategy phase, player by player in speaker order."""
    pending = game.flags.pop(STRATEGY_EXHAUST, [])
    kinds = pending if isinstance(pending, list) else []
    if not kinds:
        return
    for name in st.speaker_order(game):
        for planet in st.controlled_planets(game, name):
            why = _why_exhausted(game, name, planet, kinds)
            if why and not planet.exhausted:
                changes.exhaust_planet(game, name, planet, why, cite.AGENDA_RESOLVE)


def _why_exhausted(game: Game, name: str, planet: Card, kinds: list[str]) -> str:
    if SPECIALTY in kinds and game.definition(planet).data.get(SPECIALTY):
        return "(Arms Reduction, Against)"
    system = st.system_of(game, planet)
    if OWN_HOME in kinds and system is not None and st.home_owner(game, system) == name:
        return "(New Constitution)"
    return ""


#: The agendas whose text discards them, when revealed with no law in play,
#: for another agenda to be revealed.
NEED_A_LAW = frozenset(
    {"new-constitution", "judicial-abolishment", "miscount-disclosed"}
)


def discard_on_reveal(game: Game, agenda: Card) -> bool:
    """An agenda of ``NEED_A_LAW`` revealed while no law is in play is
    discarded (its text); True when it was, so that another is revealed."""
    if agenda.slug not in NEED_A_LAW or voting.laws_in_play(game):
        return False
    from oracle.games.ti4.agendas import outcomes  # it imports this module

    return outcomes.discard(
        game, "", agenda, "as no law is in play", cite.AGENDA_REVEAL
    )


def swords_to_plowshares_against(game: Game, agenda: Card, outcome: str) -> bool:
    """Each player places 1 infantry on each planet they control, from
    reinforcements, as a token when none is left there (23.4b)."""
    for name in st.speaker_order(game):
        for planet in st.controlled_planets(game, name):
            system = st.system_of(game, planet)
            if system is not None:
                changes.place_units(
                    game,
                    name,
                    "infantry",
                    1,
                    system,
                    planet,
                    rules=cite.AGENDA_RESOLVE,
                )
    return True


RESOLVERS = {
    "arms-reduction": _arms_reduction,
    "new-constitution": _new_constitution,
}
