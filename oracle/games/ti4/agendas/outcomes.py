"""Resolving an agenda's outcome (8.18 to 8.21, topic 7), then putting the
card where it goes: a law whose "For" or elect outcome was resolved stays in
play, in the common area or with the elected player; a directive, or a law
voted down, goes to the agenda discard pile.

``RESOLVERS`` carries out the outcomes that change what the pack models
(trade goods, action cards, command tokens, units, laws). Any other outcome
is logged by name as not modelled; a law's lasting effect is modelled only
where the pack models its rule (Executive Sanctions).
"""

from __future__ import annotations

from collections.abc import Callable

from oracle.engine.core.cards import Card, Player
from oracle.engine.core.game import PLAY, Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.games.ti4 import changes, cite, laws, research_teams, victory, voting
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import (
    arms,
    covert,
    demilitarized,
    directives,
    homeland,
    miscount,
    nexus,
    points,
    research_board,
    strategy,
    table,
)

#: ``resolve(game, agenda, outcome)``: one agenda's modelled outcomes.
Resolver = Callable[[Game, Card, str], bool]

#: Laws whose lasting effect the pack models (``laws.py`` for all but the first).
MODELLED_LAWS = frozenset(
    {
        "executive-sanctions",
        "committee-formation",
        "minister-of-peace",
        "minister-of-policy",
        "minister-of-commerce",
        "minister-of-exploration",
        homeland.HOMELAND_DEFENSE_ACT,
        "minister-of-war",
        *laws.LASTING,
        *research_teams.TEAMS,
        *points.POINT_LAWS,
        strategy.CHECKS_AND_BALANCES,
        "imperial-arbiter",  # agendas/arbiter.py (it imports this module)
        "minister-of-industry",  # agendas/industry.py (which imports this module)
        *demilitarized.LAWS,
    }
)


def resolve(game: Game, agenda: Card, outcome: str) -> None:
    """The speaker resolves the outcome (8.18), then the card is placed."""
    shown = voting.outcome_name(game, agenda, outcome)
    speaker = st.table(game).speaker
    game.say(
        speaker,
        f"{speaker} resolves {shown} on {game.name_of(agenda)}",
        event="agenda_outcome",
        rules=cite.AGENDA_RESOLVE,
    )
    resolver = RESOLVERS.get(agenda.slug)
    done = resolver is not None and resolver(game, agenda, outcome)
    enacted = _is_law(agenda) and outcome != voting.AGAINST
    if not done and not enacted:
        game.say(
            None,
            f"The outcome {shown} of {game.name_of(agenda)} is not modelled",
            event="agenda_outcome",
            modelled=False,
        )
    _place(game, agenda, outcome)


def _is_law(agenda: Card) -> bool:
    known = table.AGENDAS.get(agenda.slug) or table.AGENDAS.get(f"{agenda.slug}-agenda")
    return known is not None and known.law


def _place(game: Game, agenda: Card, outcome: str) -> None:
    name = game.name_of(agenda)
    if not _is_law(agenda):
        discard(game, "", agenda, "", cite.DIRECTIVE_DONE)
        return
    if outcome == voting.AGAINST:
        discard(game, "", agenda, "", cite.LAW_AGAINST)
        return
    if game.has_player(outcome):

        def change() -> None:
            game.move(agenda, PLAY, outcome)
            agenda.owner = agenda.controller = outcome

        text = f"{name} stays in play with {outcome}"
        rules = cite.LAW_OWNED
    else:

        def change() -> None:
            game.move(agenda, st.LAWS)
            if outcome != voting.FOR:
                agenda.data["planet"] = outcome

        text = f"{name} stays in play in the common area"
        if outcome != voting.FOR:
            planet = voting.outcome_name(game, agenda, outcome)
            text = f"{name} stays in play, attached to {planet}"
        rules = cite.LAW_ENACTED
    changes.happen(
        game,
        "enact_law",
        player=None,
        message=text,
        change=change,
        card=agenda,
        rules=rules,
    )
    if agenda.slug not in MODELLED_LAWS:
        game.say(
            None,
            f"What {name} does besides staying in play is not modelled",
            event="enact_law",
            modelled=False,
        )
    fleet_law = agenda.slug == laws.FLEET_REGULATIONS
    for player in laws.over_fleet_limit(game) if fleet_law else ():
        game.say(
            player,
            f"{player} has more command tokens in the fleet pool than {name} allows: "
            "what happens to the extra tokens is not modelled",
            event="enact_law",
            rules=cite.LAW_FLEET_LIMIT,
            modelled=False,
        )


def discard(
    game: Game, by: str, agenda: Card, why: str, rules: tuple[str, ...]
) -> bool:
    """Put an agenda (a law in play included) on top of the agenda discard pile."""

    owner = agenda.owner if agenda.zone == PLAY else ""
    in_play = agenda.zone in (PLAY, st.LAWS)

    def change() -> None:
        game.move(agenda, st.AGENDA_DISCARD, top=True)
        agenda.owner = agenda.controller = ""

    done = changes.happen(
        game,
        "discard_agenda",
        player=by or None,
        message=f"{game.name_of(agenda)} is discarded {why}".rstrip(),
        change=change,
        card=agenda,
        rules=rules,
    )
    if done and in_play:
        left_play(game, agenda, owner)
    if done:
        covert.discard_hidden(game, agenda, rules)
    return done


def left_play(game: Game, law: Card, owner: str) -> None:
    """What a law's leaving play undoes: Political Censure's point, Homeland
    Defense Act's lifted PDS limit (``owner``: who owned it, if anyone)."""
    points.law_lost(game, law, owner)
    homeland.law_lost(game, law)


# -- the outcomes ---------------------------------------------------------------------


def _executive_sanctions(game: Game, agenda: Card, outcome: str) -> bool:
    if outcome == voting.FOR:
        return True
    for name in st.speaker_order(game):
        hand = st.hand(game, name)
        if hand:
            card = hand[game.rng.randrange(len(hand))]
            changes.discard_from_hand(
                game, name, [card], "at random", cite.AGENDA_RESOLVE
            )
    return True


def _economic_equality(game: Game, agenda: Card, outcome: str) -> bool:
    for name in st.speaker_order(game):
        player = game.player(name)
        goods = player.resource(st.TRADE_GOODS)
        if goods:
            _return_trade_goods(game, player)
        if outcome == voting.FOR:
            changes.gain_trade_goods(game, player, 5, "", cite.AGENDA_RESOLVE)
    return True


def _return_trade_goods(game: Game, player: Player) -> None:
    goods = player.resource(st.TRADE_GOODS)

    def change() -> None:
        player.resources[st.TRADE_GOODS] = 0

    changes.happen(
        game,
        "return_trade_goods",
        player=player.name,
        message=f"{player.name} returns {changes.plural(goods, 'trade good')} to "
        "the supply",
        change=change,
        rules=cite.AGENDA_RESOLVE,
    )


def _unconventional_measures(game: Game, agenda: Card, outcome: str) -> bool:
    state = voting.agenda_state(game)
    for name in st.speaker_order(game):
        voted = state.votes.get(name)
        if voted is None or voted[0] != voting.FOR:
            continue
        if outcome == voting.FOR:
            changes.draw_action_cards(game, name, 2, cite.AGENDA_RESOLVE)
            continue
        hand = st.hand(game, name)
        if hand:
            changes.discard_from_hand(game, name, hand, "", cite.AGENDA_RESOLVE)
    return True


def _public_execution(game: Game, agenda: Card, outcome: str) -> bool:
    hand = st.hand(game, outcome)
    if hand:
        changes.discard_from_hand(game, outcome, hand, "", cite.AGENDA_RESOLVE)
    table_ = st.table(game)
    if table_.speaker == outcome:
        left = st.clockwise_from(game, outcome)[1].name
        changes.give_speaker_token(
            game,
            outcome,
            left,
            f"{outcome} gives the speaker token to {left}",
            cite.AGENDA_RESOLVE,
        )
    voting.agenda_state(game).barred.add(outcome)
    game.say(
        outcome,
        f"{outcome} cannot vote on the other agendas of this phase",
        event="cannot_vote",
        rules=cite.CANNOT_VOTE,
    )
    return True


def _compensated_disarmament(game: Game, agenda: Card, outcome: str) -> bool:
    planet = st.planet_named(game, outcome)
    if planet is None:
        return False
    owner = st.controller(game, planet)
    ground = [u for u in st.on_planet(game, planet) if u.slug in ("infantry", "mech")]
    if ground:
        speaker = st.table(game).speaker
        changes.destroy_units(game, speaker, ground, cite.AGENDA_RESOLVE)
    if owner:
        changes.gain_trade_goods(
            game, game.player(owner), len(ground), "", cite.AGENDA_RESOLVE
        )
    return True


def _judicial_abolishment(game: Game, agenda: Card, outcome: str) -> bool:
    law = next((c for c in voting.laws_in_play(game) if c.slug == outcome), None)
    if law is None:
        return False

    return discard(game, "", law, "from play", cite.LAW_DISCARDED)


def voters_for(game: Game, outcome: str) -> list[str]:
    """The players who voted for ``outcome``, in speaker order."""
    votes = voting.agenda_state(game).votes
    return [n for n in st.speaker_order(game) if votes.get(n, ("", 0))[0] == outcome]


def _discard_hand(game: Game, name: str) -> None:
    hand = st.hand(game, name)
    if hand:
        changes.discard_from_hand(game, name, hand, "", cite.AGENDA_RESOLVE)


def _conventions_of_war(game: Game, agenda: Card, outcome: str) -> bool:
    if outcome == voting.AGAINST:
        for name in voters_for(game, voting.AGAINST):
            _discard_hand(game, name)
    return True


def _publicize_weapon_schematics(game: Game, agenda: Card, outcome: str) -> bool:
    if outcome == voting.AGAINST:
        for name in st.speaker_order(game):
            if st.owns(game, name, "war-sun-upgrade"):
                _discard_hand(game, name)
    return True


def _articles_of_war(game: Game, agenda: Card, outcome: str) -> bool:
    if outcome == voting.AGAINST:
        for name in voters_for(game, voting.FOR):
            changes.gain_trade_goods(
                game, game.player(name), 3, "", cite.AGENDA_RESOLVE
            )
    return True


def _fleet_regulations(game: Game, agenda: Card, outcome: str) -> bool:
    if outcome == voting.AGAINST:
        for name in st.speaker_order(game):
            changes.gain_command_token(
                game, game.player(name), st.FLEET, "", cite.AGENDA_RESOLVE
            )
    return True


def _wormhole_reconstruction(game: Game, agenda: Card, outcome: str) -> bool:
    if outcome != voting.AGAINST:
        return True
    # Every wormhole counts: alpha, beta, delta and gamma (its official note).
    holes = [s for s in st.systems(game) if st.wormholes(game, s)]
    for name in st.speaker_order(game):
        player = game.player(name)
        for system in holes:
            if st.ships(game, system, name):
                changes.place_command_token(
                    game, player, system, name, cite.AGENDA_RESOLVE
                )
    return True


def _enforced_travel_ban(game: Game, agenda: Card, outcome: str) -> bool:
    if outcome != voting.AGAINST:
        return True
    # PDS in or next to a system with any wormhole (its official note).
    systems = st.systems(game)
    holes = [s for s in systems if st.wormholes(game, s)]
    near = [
        s for s in systems if any(s is h or _adjacent_now(game, s, h) for h in holes)
    ]
    groups: dict[tuple[str, str], list[Card]] = {}  # one line per owner and planet
    for system in near:
        for unit in st.units(game, system=system):
            if unit.slug == "pds":
                key = (unit.owner, str(unit.data.get("planet")))
                groups.setdefault(key, []).append(unit)
    speaker = st.table(game).speaker
    for doomed in groups.values():
        changes.destroy_units(game, speaker, doomed, cite.AGENDA_RESOLVE)
    return True


def _adjacent_now(game: Game, one: Card, other: Card) -> bool:
    """Adjacency outside a tactical action, with Wormhole Reconstruction."""
    if st.adjacent(game, one, other):
        return True
    both = all(laws.BASIC_WORMHOLES & set(st.wormholes(game, s)) for s in (one, other))
    return both and one is not other and laws.wormholes_joined(game)


def _shared_research(game: Game, agenda: Card, outcome: str) -> bool:
    if outcome != voting.AGAINST:
        return True
    for name in st.speaker_order(game):
        player = game.player(name)
        home = next(
            (s for s in st.systems(game) if st.home_owner(game, s) == name), None
        )
        # "If able": only from reinforcements, and only where none of theirs is.
        if home is None or player.resource(st.TOKENS_LEFT) <= 0:
            game.say(
                name,
                f"{name} places no command token: no home system on the board or no "
                "token in reinforcements",
                event="place_command_token",
                rules=cite.AGENDA_RESOLVE,
            )
            continue
        changes.place_command_token(game, player, home, name, cite.AGENDA_RESOLVE)
    return True


def _armed_forces_standardization(game: Game, agenda: Card, outcome: str) -> bool:
    player = game.player(outcome)
    pools = {pool: player.resource(pool) for pool in st.POOLS}
    total = sum(pools.values()) + player.resource(st.TOKENS_LEFT)
    wanted = {st.TACTIC: 3, st.FLEET: 3, st.STRATEGY: 2}
    if total < sum(wanted.values()):
        return False  # too few tokens for 3/3/2: the card does not say which pool

    def change() -> None:
        player.resources.update(wanted)
        player.resources[st.TOKENS_LEFT] = total - sum(wanted.values())

    return changes.happen(
        game,
        "command_tokens",
        player=outcome,
        message=f"{outcome} sets their command sheet to 3 tactic, 3 fleet and 2 "
        "strategy tokens",
        change=change,
        rules=cite.AGENDA_RESOLVE,
    )


def _clandestine_operations(game: Game, agenda: Card, outcome: str) -> bool:
    for name in st.speaker_order(game):
        player = game.player(name)
        for _ in range(2 if outcome == voting.FOR else 1):
            pool = _pool_to_empty(game, player, outcome == voting.FOR)
            if pool:
                return_token(game, player, pool)
    return True


def _pool_to_empty(game: Game, player: Player, any_pool: bool) -> str:
    """The pool a token leaves: any the player picks (its official note), or
    the fleet pool; "" when there is none to take."""
    if not any_pool:
        return st.FLEET if player.resource(st.FLEET) > 0 else ""
    pools = tuple(p for p in st.POOLS if player.resource(p) > 0)
    if len(pools) < 2:
        return pools[0] if pools else ""
    prompt = Prompt(
        PromptKind.OPTION,
        player.name,
        "clandestine-operations:pool",
        pools,
        rules=cite.AGENDA_RESOLVE,
    )
    return str(ask(game, prompt))


def return_token(
    game: Game, player: Player, pool: str, rules: tuple[str, ...] = cite.AGENDA_RESOLVE
) -> None:
    """Return one of a player's command tokens from ``pool`` to reinforcements."""

    def change() -> None:
        player.resources[pool] = player.resource(pool) - 1
        player.resources[st.TOKENS_LEFT] = player.resource(st.TOKENS_LEFT) + 1

    changes.happen(
        game,
        "return_command_token",
        player=player.name,
        message=f"{player.name} returns a command token from their {pool} pool to "
        "reinforcements",
        change=change,
        rules=rules,
    )


#: Who voted Against Representative Government, to exhaust their cultural
#: planets when the next strategy phase starts (under ``game.flags``).
CULTURAL_EXHAUST = "ti4-cultural-exhaust"


def _representative_government(game: Game, agenda: Card, outcome: str) -> bool:
    if outcome != voting.AGAINST:
        return True
    names = voters_for(game, voting.AGAINST)
    game.flags[CULTURAL_EXHAUST] = names
    for name in names:
        game.say(
            name,
            f"{name} will exhaust their cultural planets when the next strategy "
            "phase starts",
            event="agenda_outcome",
            rules=cite.AGENDA_RESOLVE,
        )
    return True


def exhaust_cultural_planets(game: Game) -> None:
    """At the start of the strategy phase, each player who voted Against
    Representative Government exhausts every cultural planet they control."""
    names = game.flags.pop(CULTURAL_EXHAUST, [])
    for name in names if isinstance(names, list) else []:
        for planet in st.controlled_planets(game, name):
            cultural = "cultural" in game.definition(planet).traits
            if cultural and not planet.exhausted:
                changes.exhaust_planet(
                    game,
                    name,
                    planet,
                    "(Representative Government, voted Against)",
                    cite.AGENDA_RESOLVE,
                )


def _mutiny(game: Game, agenda: Card, outcome: str) -> bool:
    """For: each player who voted For gains 1 victory point; Against: each
    loses 1; in speaker order (its note)."""
    change = victory.gain if outcome == voting.FOR else victory.lose
    for name in voters_for(game, voting.FOR):
        change(game, name, "Mutiny", cite.AGENDA_RESOLVE)
    return True


def _seed_of_an_empire(game: Game, agenda: Card, outcome: str) -> bool:
    """For: the players with the most victory points gain 1; Against: those
    with the fewest; every tied player, in speaker order (98.5, its note)."""
    most = outcome == voting.FOR
    for name in victory.leaders(game, st.speaker_order(game), most=most):
        victory.gain(game, name, "Seed of an Empire", cite.AGENDA_RESOLVE)
    return True


def _swords_to_plowshares(game: Game, agenda: Card, outcome: str) -> bool:
    """For: on each planet they control, each player destroys half of their
    infantry there, rounded up, then gains a trade good for each (mechs are
    left alone: its note). Against: ``directives``."""
    if outcome != voting.FOR:
        return directives.swords_to_plowshares_against(game, agenda, outcome)
    for name in st.speaker_order(game):
        destroyed = 0
        for planet in st.controlled_planets(game, name):
            infantry = [
                u for u in st.on_planet(game, planet, "infantry") if u.owner == name
            ]
            half = (len(infantry) + 1) // 2
            if half:
                changes.destroy_units(game, name, infantry[:half], cite.AGENDA_RESOLVE)
                destroyed += half
        changes.gain_trade_goods(
            game,
            game.player(name),
            destroyed,
            "(Swords to Plowshares)",
            cite.AGENDA_RESOLVE,
        )
    return True


RESOLVERS: dict[str, Resolver] = {
    "mutiny": _mutiny,
    "seed-of-an-empire": _seed_of_an_empire,
    "swords-to-plowshares": _swords_to_plowshares,
    "executive-sanctions": _executive_sanctions,
    "economic-equality": _economic_equality,
    "unconventional-measures": _unconventional_measures,
    "public-execution": _public_execution,
    "compensated-disarmament": _compensated_disarmament,
    "judicial-abolishment": _judicial_abolishment,
    "conventions-of-war": _conventions_of_war,
    "publicize-weapon-schematics": _publicize_weapon_schematics,
    "articles-of-war": _articles_of_war,
    "fleet-regulations": _fleet_regulations,
    "shared-research": _shared_research,
    "wormhole-reconstruction": _wormhole_reconstruction,
    "enforced-travel-ban": _enforced_travel_ban,
    "armed-forces-standardization": _armed_forces_standardization,
    "clandestine-operations": _clandestine_operations,
    "representative-government": _representative_government,
    "representative-government-pok": _representative_government,
    **directives.RESOLVERS,
    **research_board.RESOLVERS,
    **points.POINT_RESOLVERS,
    **arms.RESOLVERS,
    **homeland.RESOLVERS,
    **nexus.RESOLVERS,
    **strategy.RESOLVERS,
    **miscount.RESOLVERS,
    **demilitarized.RESOLVERS,
    **covert.RESOLVERS,
}
