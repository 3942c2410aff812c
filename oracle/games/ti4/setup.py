"""Building a TI4 game from a scenario: board cards, pools, reinforcements, decks.

The scenario's planets and systems become card definitions of a per-game copy
of the pack (``Pack.extended``), so logs name them like any other card.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from oracle.engine.core.cards import Card, CardDef, Player
from oracle.engine.core.errors import (
    EngineStop,
    Problem,
    ScenarioError,
    unknown_player_message,
)
from oracle.engine.core.game import PLAY, Game
from oracle.engine.core.scenario import Scenario
from oracle.engine.flow.view import recompute
from oracle.games.ti4 import (
    agenda,
    cards,
    combat,
    data,
    laws,
    placement,
    research,
    turns,
)
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import demilitarized
from oracle.games.ti4.board import (
    NO_SEAT,
    BoardSpec,
    PlanetSpec,
    SeatSpec,
    SystemSpec,
)

if TYPE_CHECKING:
    from oracle.games.ti4.pack import Ti4Pack

DEFAULT_POOLS = {st.TACTIC: 3, st.FLEET: 3, st.STRATEGY: 2}


# What a scenario without a board reads as: a frozen value shared by every game.
_NO_BOARD = BoardSpec()


def board_of(scenario: Scenario) -> BoardSpec:
    """Return the parsed board of a scenario (an empty one if it has none)."""
    spec = scenario.board.get("ti4")
    return spec if isinstance(spec, BoardSpec) else _NO_BOARD


def seat_of(scenario: Scenario, index: int) -> SeatSpec:
    """Return the parsed TI4 fields of the ``index``-th player."""
    spec = scenario.players[index].extra.get("ti4")
    return spec if isinstance(spec, SeatSpec) else NO_SEAT


def board_cards(board: BoardSpec) -> list[CardDef]:
    """Return a card definition for every system and planet of a board."""
    out = []
    for system in board.systems:
        out.append(
            CardDef(
                st.system_slug(system.id),
                system.name,
                st.SYSTEM,
                data={
                    "wormholes": system.wormholes,
                    "home": system.home,
                    "adjacent": _adjacent(board, system),
                    "anomalies": system.anomalies,
                },
            )
        )
        for planet in system.planets:
            out.append(_planet_card(planet, system))
    return out


def _adjacent(board: BoardSpec, system: SystemSpec) -> tuple[str, ...]:
    near = set(system.adjacent)
    near.update(s.id for s in board.systems if system.id in s.adjacent)
    return tuple(sorted(near))


def _planet_card(planet: PlanetSpec, system: SystemSpec) -> CardDef:
    return CardDef(
        planet.id,
        planet.name,
        st.PLANET,
        stats={"influence": planet.influence, "resources": planet.resources},
        traits=frozenset({planet.trait} if planet.trait else ()),
        data={"system": system.id, "specialty": planet.specialty},
    )


def derive(pack: Ti4Pack, board: BoardSpec) -> Ti4Pack:
    """Return a copy of the pack that also defines the board's systems and planets
    (the pack itself when the board has none: the copy would define the same
    cards, and no game changes its pack)."""
    if not board.systems:
        return pack
    return pack.extended(board_cards(board))


def _board_players(board: BoardSpec, names: set[str]) -> list[Problem]:
    """The board's players who are not at the table: a law's owner, the
    speaker, a player given dice of their own."""
    named = [("/board/laws", owner) for _law, owner in board.laws if owner]
    named += [("/board/dice", name) for name, _faces in board.player_dice]
    if board.speaker is not None:
        named.append(("/board/speaker", board.speaker))
    return [
        Problem(path, unknown_player_message(who, names))
        for path, who in named
        if who not in names
    ]


def check(scenario: Scenario, pack: Ti4Pack) -> None:
    """Refuse what the engine's parser cannot see: player names, id clashes and
    steps that use cards the pack does not implement."""
    problems: list[Problem] = []
    names = {p.name for p in scenario.players}
    board = board_of(scenario)
    for i, system in enumerate(board.systems):
        at = f"/board/systems/{i}"
        for slug in (system.id, *[p.id for p in system.planets]):
            if pack.has_card(slug):
                problems.append(Problem(f"{at}/id", f"{slug!r} is already a card slug"))
        for who in _players_named(system):
            if who not in names:
                problems.append(Problem(at, unknown_player_message(who, names)))
    problems.extend(_board_players(board, names))
    problems.extend(_held_twice(scenario))
    problems.extend(_held_notes(scenario, names))
    seats = [seat_of(scenario, i) for i in range(len(scenario.players))]
    problems.extend(placement.problems(scenario, pack, seats))
    problems.extend(placement.speakers(scenario, seats, board.speaker))
    factions = {p.name: s.faction for p, s in zip(scenario.players, seats, strict=True)}
    problems.extend(research.unmodelled(scenario, factions))
    named = {p.name: s for p, s in zip(scenario.players, seats, strict=True)}
    problems.extend(combat.unmodelled(scenario, board, named))
    problems.extend(laws.problems(board, named))
    problems.extend(demilitarized.problems(board))
    problems.extend(_unimplemented(scenario, pack))
    problems.extend(agenda.problems(scenario, board))
    if problems:
        raise ScenarioError(problems)


def _laws(game: Game, board: BoardSpec) -> None:
    """Put the board's laws in play: common, owned, or attached to a planet."""
    for law, owner in board.laws:
        if owner is None:
            game.new_card(law, "", st.LAWS, shared=True)
        else:
            game.new_card(law, owner, PLAY)
    for law, planet in board.law_planets:
        for card in game.cards_in(st.LAWS):
            if card.slug == law:
                card.data["planet"] = planet


def _players_named(system: SystemSpec) -> Iterable[str]:
    if system.home:
        yield system.home
    yield from system.tokens
    for planet in system.planets:
        if planet.controller:
            yield planet.controller
    for unit in system.units:
        yield unit.owner


def _held_twice(scenario: Scenario) -> list[Problem]:
    """Refuse a strategy card that two players, or one player twice, hold."""
    problems = []
    holders: dict[str, str] = {}
    for i, player in enumerate(scenario.players):
        for j, held in enumerate(seat_of(scenario, i).strategy_cards):
            if held.slug in holders:
                name = data.STRATEGY_CARDS[held.slug][0]
                problems.append(
                    Problem(
                        f"/players/{i}/strategy_cards/{j}",
                        f"{name} is already held by {holders[held.slug]}",
                    )
                )
            holders.setdefault(held.slug, player.name)
    return problems


def _held_notes(scenario: Scenario, names: set[str]) -> list[Problem]:
    """Refuse a held note of no other player, or one its owner has already:
    each player has one of each generic note."""
    problems = []
    seen = {
        (card.slug, player.name)
        for player in scenario.players
        for card in player.zones.get(st.PROMISSORY, ())
    }
    for i, player in enumerate(scenario.players):
        for j, (note, owner) in enumerate(seat_of(scenario, i).held_notes):
            at = f"/players/{i}/held_notes/{j}"
            name = data.PROMISSORY_NOTES[note]
            if owner not in names:
                problems.append(
                    Problem(f"{at}/owner", unknown_player_message(owner, names))
                )
            elif owner == player.name:
                problems.append(
                    Problem(
                        f"{at}/owner",
                        f"{owner}'s own notes go in their promissory list",
                    )
                )
            elif (note, owner) in seen:
                problems.append(
                    Problem(at, f"{owner} has one {name}, and it is already placed")
                )
            seen.add((note, owner))
    return problems


def _unimplemented(scenario: Scenario, pack: Ti4Pack) -> list[Problem]:
    problems = []
    for i, step in enumerate(scenario.steps):
        if step.kind not in ("play", "use"):
            continue
        slug = str(step.value).split("/")[-1].split("@")[0].split("#")[0]
        if slug in cards.IMPLEMENTED or slug in cards.RULE_COMPONENTS:
            if step.targets:  # no names given: none to refuse
                problems.extend(_target_names(pack, slug, step.targets, i, step.kind))
            continue
        name = pack.card(slug).name if pack.has_card(slug) else slug
        problems.append(
            Problem(
                f"/steps/{i}/{step.kind}",
                f"the TI4 oracle does not implement {name} yet: {cards.why_not(slug)}",
            )
        )
    return problems


def _target_names(
    pack: Ti4Pack, slug: str, given: Mapping[str, object], index: int, kind: str
) -> list[Problem]:
    """Refuse target names the card does not take (they would be ignored)."""
    names = {n for a in pack.card(slug).abilities for n in a.targets}
    if given.keys() <= names:  # the usual case: nothing to refuse or show
        return []
    shown = ", ".join(sorted(names)) or "none"
    return [
        Problem(
            f"/steps/{index}/targets/{name}",
            f"{pack.card(slug).name} takes no target {name!r} (its targets: {shown})",
        )
        for name in given
        if name not in names
    ]


def build(game: Game, scenario: Scenario) -> None:
    """Create the TI4 state of a game from its scenario."""
    board = board_of(scenario)
    table = st.table(game)
    table.custodians = board.custodians
    table.dice = list(board.dice)
    table.player_dice = {name: list(faces) for name, faces in board.player_dice}
    tiles = [
        game.new_card(st.system_slug(system.id), "", st.SYSTEMS, shared=True)
        for system in board.systems
    ]
    _strategy_area(game)
    seats = [seat_of(scenario, index) for index in range(len(game.players))]
    for player, spec in zip(game.players, seats, strict=True):
        _seat(game, player, spec)
    _planets_and_units(game, board, tiles)
    on_board = _units_on_board(game)
    for index, player in enumerate(game.players):
        placed = on_board.get(player.name, {})
        zones = scenario.players[index].zones
        _player_stock(game, player, seats[index], zones, placed)
    _laws(game, board)
    table.speaker = _speaker(scenario, board, seats)
    if board.fill_deck:
        _fill_deck(game)
    agenda.prepare(game, board)
    if _effects_settle(game):
        _check_hands(game)
    turns.arrange(game)
    if scenario.active_player is None and game.players:
        game.clock.active_player = _first_active(game)


def _strategy_area(game: Game) -> None:
    """Count the strategy cards in the common area, in initiative order
    (``st.strategy_area_cards`` makes them cards when they are needed): the
    eight, less those a scenario put there itself (``decks``, with their trade
    goods), which ``check`` has seen are there once and held by nobody."""
    given = {game.cards[i].slug for i in game.zone(st.STRATEGY_AREA)}
    if not given:
        game.add_stock(st.STRATEGY_AREA, _STRATEGY_STOCK)
        return
    rest = {slug: 1 for slug in data.STRATEGY_CARDS if slug not in given}
    if rest:
        game.add_stock(st.STRATEGY_AREA, rest)


#: The strategy cards as counted stock, in initiative order.
_STRATEGY_STOCK = dict.fromkeys(data.STRATEGY_CARDS, 1)


def _speaker(scenario: Scenario, board: BoardSpec, seats: list[SeatSpec]) -> str:
    """The speaker; ``seats`` are the players' TI4 fields (``seat_of``)."""
    if board.speaker:
        return board.speaker
    for player, spec in zip(scenario.players, seats, strict=True):
        if spec.speaker:
            return player.name
    return scenario.players[0].name if scenario.players else ""


def _first_active(game: Game) -> str:
    if game.clock.phase == "strategy":
        return st.table(game).speaker or game.players[0].name
    for player in game.players:
        if not st.seat(game, player.name).passed:
            return player.name
    return game.players[0].name


def _seat(game: Game, player: Player, spec: SeatSpec) -> None:
    name = player.name
    seat = st.seat(game, name)
    seat.faction = spec.faction
    seat.passed = spec.passed
    seat.victory_points = spec.victory_points
    seat.commodity_value = data.FACTIONS[spec.faction][1] if spec.faction else 0
    resources = player.resources
    if resources:  # the scenario's own ``resources`` win
        for key, value in _starting_resources(spec).items():
            resources.setdefault(key, value)
    else:  # the usual case: nothing given, the same keys in the same order
        resources.update(_starting_resources(spec))
    for held in spec.technologies:
        card = game.new_card(held.slug, name, PLAY)
        card.exhausted = held.exhausted
    for ability in data.FACTION_ABILITIES.get(spec.faction or "", ()):
        game.new_card(ability, name, PLAY)
    for note, owner in spec.held_notes:
        card = game.new_card(note, owner, st.PROMISSORY)
        game.move(card, st.PROMISSORY, name)
        card.controller = name
    for held in spec.strategy_cards:
        strategy = game.take_from_stock(st.STRATEGY_AREA, held.slug)
        assert strategy is not None  # one of each, and ``check`` refuses repeats
        game.move(strategy, PLAY, name)
        strategy.owner = strategy.controller = name
        strategy.exhausted = held.exhausted


def rule_component(game: Game, player: Player, slug: str) -> Card | None:
    """Create ``player``'s rule component ``slug`` (the tactical action) the
    first time a step uses it; None if it is none or the player has it."""
    if slug not in cards.RULE_COMPONENTS:
        return None
    if any(game.cards[i].slug == slug for i in game.zone(PLAY, player.name)):
        return None
    return game.new_card(slug, player.name, PLAY)


def _starting_resources(spec: SeatSpec) -> Mapping[str, int]:
    """The command tokens and goods a seat starts with: its pools (the
    defaults for those not given), goods, then the tokens left in
    reinforcements when the scenario gives them (else counted later)."""
    if spec is NO_SEAT:
        return _NO_SEAT_RESOURCES
    found = {
        **DEFAULT_POOLS,
        **spec.pools,  # at most the default pools and reinforcements (the parser)
        st.TRADE_GOODS: spec.trade_goods,
        st.COMMODITIES: spec.commodities,
    }
    if "reinforcements" in found:
        found[st.TOKENS_LEFT] = found.pop("reinforcements")
    return found


#: What a seat without TI4 fields starts with (``_starting_resources``), read
#: only: copied into each such player's resources.
_NO_SEAT_RESOURCES = MappingProxyType(
    {
        **DEFAULT_POOLS,
        st.TRADE_GOODS: NO_SEAT.trade_goods,
        st.COMMODITIES: NO_SEAT.commodities,
    }
)


def _planets_and_units(game: Game, board: BoardSpec, tiles: list[Card]) -> None:
    """Place the planets and units of each system; ``tiles`` are the systems'
    cards in board order (ids are unique: the board parser checks)."""
    for system, tile in zip(board.systems, tiles, strict=True):
        for owner in system.tokens:
            tile.tokens[st.token_key(owner)] = 1
        for planet in system.planets:
            if planet.controller:
                card = game.new_card(planet.id, planet.controller, PLAY)
                card.exhausted = planet.exhausted
            else:
                game.new_card(planet.id, "", st.PLANETS, shared=True)
        for unit in system.units:
            for _ in range(unit.count):
                card = game.new_card(unit.unit, unit.owner, PLAY)
                card.data["system"] = system.id
                if unit.planet:
                    card.data["planet"] = unit.planet
                if unit.damaged:
                    card.data["damaged"] = True


def _units_on_board(game: Game) -> dict[str, dict[str, int]]:
    """How many units of each type every player has on the board."""
    counts: dict[str, dict[str, int]] = {}
    for unit in st.units(game):
        mine = counts.setdefault(unit.owner, {})
        mine[unit.slug] = mine.get(unit.slug, 0) + 1
    return counts


def _player_stock(
    game: Game,
    player: Player,
    spec: SeatSpec,
    zones: Mapping[str, object],
    on_board: dict[str, int],
) -> None:
    name = player.name
    # Counted, not created: most of this stock never leaves its zone.
    # ``add_stock`` copies what it counts: the shared mappings stay unchanged.
    if "reinforcements" not in zones:
        left: Mapping[str, int] = _SUPPLY
        if on_board:
            left = {u: n - on_board.get(u, 0) for u, n in left.items()}
        game.add_stock(st.REINFORCEMENTS, left, name)
    if "tech_deck" not in zones:
        deck = _tech_deck(spec.faction)  # the seat's faction (``_seat``)
        owned = {game.cards[card_id].slug for card_id in player.zones[PLAY]}
        owned |= _replaced(owned)
        if not owned.isdisjoint(deck):
            deck = {slug: n for slug, n in deck.items() if slug not in owned}
        game.add_stock(st.TECH_DECK, deck, name)
    if st.TOKENS_LEFT not in player.resources:
        used = sum(map(player.resources.__getitem__, st.POOLS))  # set by ``_seat``
        used += len(st.tokens_on_board(game, name))
        player.resources[st.TOKENS_LEFT] = max(0, data.COMMAND_TOKENS - used)


#: A player's plastic units, in slug order: a result shows a stock zone sorted
#: by slug, which costs little for stock counted in that order (the order of
#: counted units is not seen elsewhere: they are only taken by slug).
_SUPPLY = dict(sorted(data.UNIT_SUPPLY.items()))


@functools.cache
def _tech_deck(faction: str | None) -> dict[str, int]:
    """A technology deck before any is owned: every technology, the faction's
    own included, no other faction's, the base printing of those a Codex
    reprinted, in slug order as ``_SUPPLY`` (do not change the shared
    mapping)."""
    return {
        slug: 1
        for slug, tech in sorted(data.TECHNOLOGIES.items())
        if tech.faction in (None, faction) and tech.replaces is None
    }


def _replaced(owned: set[str]) -> set[str]:
    """The earlier printings of the Codex technologies in ``owned``: the same
    technology, so no longer in the deck either."""
    found = (data.TECHNOLOGIES.get(slug) for slug in owned)
    return {tech.replaces for tech in found if tech is not None and tech.replaces}


def _fill_deck(game: Game) -> None:
    # Counted below the scenario's own deck cards; a draw that reaches them
    # picks one with the seeded RNG, as from a shuffled deck.
    rest = dict(_BASE_DECK_COUNTS)
    for card in game.cards_with(game.pack.slugs_of_type(st.ACTION)):
        if card.slug in rest:
            rest[card.slug] -= 1
    game.add_stock(st.ACTION_DECK, rest)


#: How many copies of each card the base action deck holds.
_BASE_DECK_COUNTS = {slug: n for slug, (_name, n) in data.BASE_ACTION_DECK.items()}


def _effects_settle(game: Game) -> bool:
    """Compute the persistent effects, which hand limits read; False when they
    never settle. Set-up runs outside the runner's guards: the runner then
    meets the same loop computing them again, and stops the run with it."""
    try:
        recompute(game)
    except EngineStop:
        return False
    return True


def _check_hands(game: Game) -> None:
    problems = []
    for index, player in enumerate(game.players):
        limit = st.hand_limit(game, player.name)
        held = st.hand_size(game, player.name)
        if limit is not None and held > limit:
            problems.append(
                Problem(
                    f"/players/{index}/hand",
                    f"{player.name} starts with {held} action cards, over the hand "
                    f"limit of {limit} (rule 2.4)",
                )
            )
    if problems:
        raise ScenarioError(problems)
