"""A combat to compute: the two fleets, how each assigns hits, whether the
first round opens with anti-fighter barrage, and the per-state tables both the
exact calculation and the simulation read (dice, states after hits)."""

from __future__ import annotations

from dataclasses import dataclass, field

from oracle.games.ti4.odds.dice import Number, distribution
from oracle.games.ti4.odds.fleet import Fleet, Policy

State = tuple[int, ...]
Pair = tuple[State, State]


@dataclass(frozen=True)
class Battle:
    """Attacker and defender (13, 29), each side's hit policy, and
    ``barrage``: a space combat's first round opens with anti-fighter barrage
    (78.3); a ground combat's does not (42.1). ``retreat_at``: the attacker
    announces a retreat at the start of any round in which it has that many
    ships or fewer (78.4), fights the round, then retreats if both sides still
    have ships (78.7, 78.7a); None: nobody retreats."""

    attacker: Fleet
    defender: Fleet
    attacker_policy: Policy = Policy.SUSTAIN_FIRST
    defender_policy: Policy = Policy.SUSTAIN_FIRST
    barrage: bool = True
    retreat_at: int | None = None

    def start(self) -> Pair:
        return self.attacker.start, self.defender.start

    def retreats(self, attacker: State) -> bool:
        """Whether the attacker announces a retreat this round."""
        return self.retreat_at is not None and sum(attacker) <= self.retreat_at


@dataclass
class Side:
    """One fleet with its policy, and what has been worked out about its
    states: hit distributions and the states that follow each number of hits."""

    fleet: Fleet
    policy: Policy
    exact: bool = False
    _hits: dict[State, list[Number]] = field(default_factory=dict)
    _after: dict[State, list[State]] = field(default_factory=dict)
    _following: dict[State, list[tuple[State, int]]] = field(default_factory=dict)

    def hits(self, state: State) -> list[Number]:
        """Chances of 0, 1, 2... combat hits this state scores."""
        found = self._hits.get(state)
        if found is None:
            found = distribution(self.fleet.dice(state), exact=self.exact)
            self._hits[state] = found
        return found

    def barrage(self, state: State) -> list[Number]:
        """Chances of 0, 1, 2... anti-fighter barrage hits (10.1)."""
        return distribution(self.fleet.barrage(state), exact=self.exact)

    def after(self, state: State, most: int) -> list[State]:
        """``after(state, most)[h]``: the state once ``h`` hits are assigned,
        for ``h`` up to ``most``."""
        known = self._after.get(state)
        if known is None:
            known = [state]
            self._after[state] = known
        while len(known) <= most:
            known.append(self.fleet.take_hits(known[-1], 1, self.policy))
        return known

    def following(self, state: State, most: int) -> list[tuple[State, int]]:
        """``after`` with the hit points of each state."""
        known = self._following.get(state)
        if known is None or len(known) <= most:
            known = [(s, self.hit_points(s)) for s in self.after(state, most)]
            self._following[state] = known
        return known

    def hit_points(self, state: State) -> int:
        return self.fleet.hit_points(state, self.policy)

    def reachable(self, start: State, *, barrage: bool) -> set[State]:
        """Every state combat can leave this side in (a hit at a time gives
        the same states as several at once: the policies are greedy)."""
        firsts = {start}
        if barrage:
            for lost in range(1, self.fleet.fighters(start) + 1):
                firsts.add(self.fleet.lose_fighters(start, lost))
        seen: set[State] = set()
        for state in firsts:
            while state not in seen and any(state):
                seen.add(state)
                state = self.fleet.take_hits(state, 1, self.policy)
            seen.add(state)
        return seen

    def work(self, start: State, *, barrage: bool) -> int:
        """Sum of (dice + 1) over the reachable states: the exact
        calculation's cost is at most the product of both sides' figures."""
        return sum(
            sum(n for _, n in self.fleet.dice(s)) + 1
            for s in self.reachable(start, barrage=barrage)
        )


def sides(battle: Battle, *, exact: bool = False) -> tuple[Side, Side]:
    return (
        Side(battle.attacker, battle.attacker_policy, exact),
        Side(battle.defender, battle.defender_policy, exact),
    )


def opening(battle: Battle, attacker: Side, defender: Side) -> dict[Pair, Number]:
    """The states after the anti-fighter barrage step (or the start, without
    one), with their chances. Both sides roll at once (78.3); each hit
    destroys a fighter of the other side, the excess is lost (10.2a)."""
    a, d = battle.start()
    if not battle.barrage:
        return {(a, d): distribution((), exact=attacker.exact)[0]}
    out: dict[Pair, Number] = {}
    from_attacker, from_defender = attacker.barrage(a), defender.barrage(d)
    for i, pa in enumerate(from_attacker):
        for j, pd in enumerate(from_defender):
            pair = (
                attacker.fleet.lose_fighters(a, j),
                defender.fleet.lose_fighters(d, i),
            )
            out[pair] = out.get(pair, 0 * pa) + pa * pd
    return out
