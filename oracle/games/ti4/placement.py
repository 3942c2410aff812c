"""Where a TI4 scenario may put each kind of card, and what it may put on it.

The engine accepts any card in any zone with any tokens; TI4 gives most of
that no meaning. A scenario that places what the pack would then ignore (a
strategy card in a hand, tokens on an action card, a second Trade card, an
unknown resource) is refused with a pointer, so that the oracle never answers
for a game that cannot exist.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from oracle.engine.core.errors import Problem
from oracle.engine.core.game import HAND, PLAY
from oracle.engine.core.pack import Pack
from oracle.engine.core.scenario import Scenario
from oracle.engine.core.specs import CardSpec
from oracle.games.ti4 import data
from oracle.games.ti4 import state as st
from oracle.games.ti4.board import SeatSpec

#: The card types each zone a scenario fills may hold (no entry: none).
ZONE_TYPES: Mapping[str, frozenset[str]] = {
    HAND: frozenset({st.ACTION}),
    PLAY: frozenset({st.TECHNOLOGY, st.LAW, st.FACTION_ABILITY}),
    st.REINFORCEMENTS: frozenset({st.UNIT}),
    st.TECH_DECK: frozenset({st.TECHNOLOGY}),
    st.PROMISSORY: frozenset({st.PROMISSORY_NOTE}),
    st.ACTION_DECK: frozenset({st.ACTION}),
    st.ACTION_DISCARD: frozenset({st.ACTION}),
    st.STRATEGY_AREA: frozenset({st.STRATEGY_CARD}),
    st.LAWS: frozenset({st.LAW}),
    st.AGENDA_DISCARD: frozenset({st.LAW, st.DIRECTIVE}),
    st.UNIT_TOKENS: frozenset({st.UNIT}),
    st.AGENDA_DECK: frozenset({st.LAW, st.DIRECTIVE}),
}

#: Where a scenario gives what a zone cannot hold (the pointer's hint).
_INSTEAD = {
    st.STRATEGY_CARD: "give a player a strategy card with strategy_cards, or put "
    "it in decks/strategy_area",
    st.TECHNOLOGY: "give a player a technology with technologies",
    st.UNIT: "put units on the board with board/systems/units",
}

#: The player resources a TI4 scenario may set (``resources``).
RESOURCES = frozenset({st.TRADE_GOODS, st.COMMODITIES, *st.POOLS, st.TOKENS_LEFT})


def problems(scenario: Scenario, pack: Pack, seats: list[SeatSpec]) -> list[Problem]:
    """Every card a scenario places where TI4 gives it no meaning, every token
    set-up would ignore, and every strategy card placed twice (84.1b: there is
    one of each); ``seats`` are the players' TI4 fields in order."""
    found: list[Problem] = []
    for i, player in enumerate(scenario.players):
        for zone, cards in player.zones.items():
            found += _zone(pack, cards, zone, f"/players/{i}/{zone}")
        found += [
            Problem(
                f"/players/{i}/resources/{key}",
                f"unknown resource {key!r} (known: {', '.join(sorted(RESOURCES))})",
            )
            for key in player.resources
            if key not in RESOURCES
        ]
    for zone, cards in scenario.decks.items():
        found += _zone(pack, cards, zone, f"/decks/{zone}")
    found += _strategy_twice(scenario, seats)
    found += _given_twice(scenario)
    return found


def speakers(
    scenario: Scenario, seats: list[SeatSpec], board_speaker: str | None
) -> list[Problem]:
    """There is one speaker: a second ``speaker: true``, or one that the
    board's ``speaker`` contradicts, would be ignored."""
    named = [i for i, seat in enumerate(seats) if seat.speaker]
    first = board_speaker or (scenario.players[named[0]].name if named else None)
    return [
        Problem(
            f"/players/{i}/speaker",
            f"{first} is already the speaker (there is one speaker token)",
        )
        for i in named
        if scenario.players[i].name != first
    ]


#: TI4 player fields that set a resource, and the ``resources`` key each sets.
_SETS = {"trade_goods": st.TRADE_GOODS, "commodities": st.COMMODITIES}
_POOL_KEYS = {**{p: p for p in st.POOLS}, "reinforcements": st.TOKENS_LEFT}


def _given_twice(scenario: Scenario) -> list[Problem]:
    """A resource set both by a TI4 field and in ``resources``: one of the two
    would be ignored."""
    found = []
    for i, player in enumerate(scenario.players):
        raw = player.raw_extra
        keys = {key: f"/players/{i}/{f}" for f, key in _SETS.items() if f in raw}
        pools = raw.get("command_tokens")
        if isinstance(pools, Mapping):
            keys.update(
                {
                    key: f"/players/{i}/command_tokens/{f}"
                    for f, key in _POOL_KEYS.items()
                    if f in pools
                }
            )
        found += [
            Problem(f"/players/{i}/resources/{key}", f"{key} is also set at {at}")
            for key, at in keys.items()
            if key in player.resources
        ]
    return found


def _zone(pack: Pack, cards: Iterable[CardSpec], zone: str, path: str) -> list[Problem]:
    allowed = ZONE_TYPES.get(zone, frozenset())
    found = []
    for j, spec in enumerate(cards):
        at = f"{path}/{j}"
        card = pack.card(spec.slug)
        if card.type not in allowed or (
            zone == st.UNIT_TOKENS and spec.slug not in data.UNLIMITED_UNITS
        ):
            hint = _INSTEAD.get(card.type, f"TI4 puts no such card in {zone}")
            found.append(Problem(at, f"{card.name} cannot be in {zone}: {hint}"))
        found += _tokens(pack, spec, zone, at)
    return found


def _tokens(pack: Pack, spec: CardSpec, zone: str, path: str) -> list[Problem]:
    """Trade goods on a strategy card in the common area are the only tokens a
    scenario may put on a card (84.1a, 84.2); command tokens go on systems."""
    on_strategy = zone == st.STRATEGY_AREA
    return [
        Problem(
            f"{path}/tokens/{key}",
            f"{pack.card(spec.slug).name} cannot carry {key} tokens: only a strategy "
            "card in the common play area carries tokens (trade_goods)",
        )
        for key in spec.tokens
        if not (on_strategy and key == st.TRADE_GOODS)
    ]


def _strategy_twice(scenario: Scenario, seats: list[SeatSpec]) -> list[Problem]:
    """A strategy card listed twice in the common area, or both there and in a
    player's hand of strategy cards."""
    held = {
        h.slug: scenario.players[i].name
        for i, seat in enumerate(seats)
        for h in seat.strategy_cards
    }
    seen: set[str] = set()
    found = []
    for j, spec in enumerate(scenario.decks.get(st.STRATEGY_AREA, ())):
        at = f"/decks/{st.STRATEGY_AREA}/{j}"
        name = data.STRATEGY_CARDS.get(spec.slug, (spec.slug, 0))[0]
        if spec.slug in seen:
            found.append(Problem(at, f"there is one {name} card, listed here twice"))
        elif spec.slug in held:
            found.append(
                Problem(at, f"{name} is held by {held[spec.slug]}, so it is not here")
            )
        seen.add(spec.slug)
    return found
