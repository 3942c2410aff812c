"""Property tests of the movement step on random boards: a move the engine
accepts never passes a system it may not pass, keeps to each ship's move value
and capacity, ends within capacity and the fleet pool, and conserves units."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import assume as hs_assume
from hypothesis import strategies as hs

import oracle.games.ti4  # noqa: F401 - registers the pack
from oracle.engine import Scenario
from oracle.engine.core.refs import labels
from oracle.engine.io.runner import play
from oracle.games.ti4 import movement, paths, units
from oracle.games.ti4 import state as st
from oracle.games.ti4.board import ANOMALIES

IDS = [f"s{i}" for i in range(8)]
SHIPS = ["carrier", "cruiser", "destroyer", "dreadnought", "fighter"]
CARGO = ["fighter", "infantry"]
TECHS = ["gravity-drive", "antimass-deflectors", "fighter-ii", "carrier-ii"]


@hs.composite
def boards(draw: hs.DrawFn) -> dict[str, Any]:
    """A random board of 8 systems: Alice activates ``s0``."""
    systems = []
    for i, sid in enumerate(IDS):
        system: dict[str, Any] = {"id": sid}
        later = IDS[i + 1 :]
        near = (
            draw(hs.lists(hs.sampled_from(later), max_size=3, unique=True))
            if later
            else []
        )
        if near:
            system["adjacent"] = near
        if i and draw(hs.booleans()):
            system["anomaly"] = draw(hs.sampled_from(ANOMALIES))
        if draw(hs.integers(0, 5)) == 0:
            system["wormholes"] = ["alpha"]
        owned: dict[str, list[str]] = {}
        if i and draw(hs.integers(0, 2)) == 0:
            owned["Bob"] = ["destroyer"]
        if i:
            alice = draw(hs.lists(hs.sampled_from(SHIPS + CARGO), max_size=5))
            if alice:
                owned["Alice"] = alice
        if owned:
            system["units"] = owned
        if i and draw(hs.integers(0, 4)) == 0:
            system["tokens"] = ["Alice"]
        systems.append(system)
    force = Counter(u for s in systems for u in s.get("units", {}).get("Alice", []))
    plastic = {"fighter": 10, "infantry": 12, "carrier": 4, "dreadnought": 5}
    hs_assume(all(force[u] <= n for u, n in plastic.items()))  # plastic only
    techs = draw(hs.lists(hs.sampled_from(TECHS), max_size=3, unique=True))
    fleet = draw(hs.integers(1, 5))
    return {
        "game": "ti4",
        "phase": "action",
        "players": [
            {
                "name": "Alice",
                "strategy_cards": ["leadership"],
                "technologies": techs,
                "command_tokens": {"tactic": 3, "fleet": fleet, "strategy": 2},
            },
            {"name": "Bob", "strategy_cards": ["politics"]},
        ],
        "board": {"systems": systems, "dice": [5] * 40},
        "steps": [
            {"player": "Alice", "use": "tactical-action", "targets": {"target": "s0"}}
        ],
    }


def _alice_units(state: Any) -> Counter[str]:
    """Alice's units on the board and in reinforcements, by type."""
    found: Counter[str] = Counter(state["players"]["Alice"]["reinforcements"])
    for system in state["board"]["systems"].values():
        found.update(system["space"].get("Alice", {}))
        for planet in system["planets"].values():
            found.update(planet["units"].get("Alice", {}))
    return found


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(boards(), hs.randoms(use_true_random=False))
def test_accepted_moves_keep_every_rule(data: dict[str, Any], rnd: Any) -> None:
    bare = dict(data, steps=[])
    game, before = play(Scenario.parse(bare))
    active = st.system_named(game, "s0")
    assert active is not None
    active.tokens[st.token_key("Alice")] = 1  # as the activation will
    move = movement.mover(game, "Alice", active)
    found, _stuck = movement.offers(move)
    names = labels(game, found)
    picked = [n for n in names if rnd.random() < 0.6]
    legs = movement.plan(
        move, [dict(zip(names, found, strict=True))[n] for n in picked]
    )
    if legs is not None:
        chart = move.chart
        for leg in legs:
            path = leg.route.systems
            assert path[-1] == "s0" and path[0] == leg.ship.data["system"]
            assert path[0] not in chart.tokens  # 58.4c
            for a, b in itertools.pairwise(path):
                assert b in chart.near[a]  # adjacent steps only (58.4f)
            for passed in leg.route.passes():
                kinds = chart.kinds[passed]
                assert paths.NEBULA not in kinds and paths.SUPERNOVA not in kinds
                assert paths.ASTEROID_FIELD not in kinds or chart.antimass
                assert (
                    passed not in chart.occupied or "light-wave-deflector" in move.techs
                )
            budget = move.budget(leg.ship, leg.gravity_drive)
            assert budget is not None and leg.route.moves <= budget
            assert len(leg.carried) <= move.capacity(leg.ship)
            for unit in leg.carried:  # 95.1, 95.3
                assert unit.data["system"] in path[:-1]
                assert unit.data["system"] not in chart.tokens
        assert sum(1 for leg in legs if leg.gravity_drive) <= 1
    # The whole run: the same answer through the engine.
    full = dict(data, steps=[*data["steps"], {"player": "Alice", "choose": picked}])
    _game, result = play(Scenario.parse(full))
    after: Any = result.state
    assert _alice_units(after) == _alice_units(before.state)  # conservation
    space = after["board"]["systems"]["s0"]["space"].get("Alice", {})
    techs = {t for t in data["players"][0]["technologies"]}
    ships = {u: n for u, n in space.items() if u not in ("fighter", "infantry")}
    room = sum(units.stats(u, techs).capacity * n for u, n in ships.items())
    cargo = space.get("fighter", 0) + space.get("infantry", 0)
    fleet = data["players"][0]["command_tokens"]["fleet"]
    extra = max(0, cargo - room)
    if "fighter-ii" in techs:  # 37.N2: those fighters count as ships instead
        assert extra <= space.get("fighter", 0)
        assert sum(ships.values()) + extra <= fleet
    else:
        assert extra == 0, (data, picked)  # 16.3
        assert sum(ships.values()) <= fleet  # 37.3
