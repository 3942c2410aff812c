"""The exact calculation: probability mass pushed forward through the combat's
states, from the most hit points left to the fewest.

Every round that scores a hit lowers the hit points left on the board, so a
state's mass is complete once every state above it has been processed. A round
in which neither side hits leaves the state as it was: the mass leaves a state
by the other outcomes only, each scaled by 1 / (1 - P(no hits on either side)),
and the expected number of rounds spent there is that same factor. A round in
which the attacker retreats is its last whatever the dice say: its mass is not
scaled, and the states where both sides still have ships end in a retreat.
"""

from __future__ import annotations

from collections import defaultdict

from oracle.games.ti4.odds.battle import Battle, Pair, opening, sides
from oracle.games.ti4.odds.dice import Number
from oracle.games.ti4.odds.outcome import Endings


class NoCombat(ValueError):
    """One side has no units: there is nothing to fight."""


def work(battle: Battle) -> int:
    """An upper bound on the inner steps ``solve`` takes (pairs of hit counts
    over the reachable pairs of states)."""
    attacker, defender = sides(battle)
    a, d = battle.start()
    return attacker.work(a, barrage=battle.barrage) * defender.work(
        d, barrage=battle.barrage
    )


def solve(battle: Battle, *, exact: bool = False) -> Endings:
    """The exact distribution of the combat's end states and its expected
    number of rounds (Fractions with ``exact``, else floats)."""
    a, d = battle.start()
    if not sum(a) or not sum(d):
        raise NoCombat("both sides need units for a combat")
    attacker, defender = sides(battle, exact=exact)
    ends: dict[Pair, Number] = defaultdict(int)
    layers: dict[int, dict[Pair, Number]] = defaultdict(dict)
    rounds: Number = 0
    for pair, mass in opening(battle, attacker, defender).items():
        if not sum(pair[0]) or not sum(pair[1]):
            ends[pair] += mass  # 78.3a: ended by the barrage, in round 1
            rounds += mass
            continue
        layer = layers[attacker.hit_points(pair[0]) + defender.hit_points(pair[1])]
        layer[pair] = layer.get(pair, 0) + mass
    while layers:
        for (a, d), mass in layers.pop(max(layers)).items():
            by_attacker, by_defender = attacker.hits(a), defender.hits(d)
            retreat = battle.retreats(a)
            scale = mass if retreat else mass / (1 - by_attacker[0] * by_defender[0])
            rounds += scale
            # The states each number of hits leads to, with their hit points
            # (0: no units left).
            a_next = attacker.following(a, len(by_defender) - 1)
            d_next = defender.following(d, len(by_attacker) - 1)
            for i, pa in enumerate(by_attacker):
                d_state, d_points = d_next[i]
                weight = scale * pa
                for j, pd in enumerate(by_defender):
                    if not (i or j or retreat) or not pd:
                        continue
                    a_state, a_points = a_next[j]
                    pair = (a_state, d_state)
                    if retreat or not (a_points and d_points):
                        ends[pair] += weight * pd
                        continue
                    layer = layers[a_points + d_points]
                    layer[pair] = layer.get(pair, 0) + weight * pd
    return Endings(battle, dict(ends), rounds)
