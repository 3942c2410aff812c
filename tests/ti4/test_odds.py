"""Combat odds (`oracle/games/ti4/odds`): hand-computed small battles, an
independent brute-force enumeration on standard battles, the simulation
against the exact figures, and the properties every answer has."""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from oracle.games.ti4 import faction_units
from oracle.games.ti4.odds import (
    EXACT_LIMIT,
    Battle,
    NoCombat,
    Policy,
    fleet,
    odds,
    simulate,
    solve,
    work,
)
from oracle.games.ti4.odds.outcome import summarise

F = Fraction


def _battle(attacker: dict[str, int], defender: dict[str, int], **kw: object) -> Battle:
    return Battle(fleet(attacker), fleet(defender), **kw)  # type: ignore[arg-type]


def test_one_fighter_against_one_fighter_is_four_ninths_each() -> None:
    # Each round: both hit 0.04, only one 0.16 each, neither 0.64.
    answer = odds(_battle({"fighter": 1}, {"fighter": 1}), exact=True)
    assert answer.chances == {
        "attacker_wins": F(4, 9),
        "defender_wins": F(4, 9),
        "no_one_survives": F(1, 9),
        "retreat": 0,
    }
    assert answer.rounds == F(25, 9)  # 1 / 0.36 rounds until a hit
    assert answer.survivors["attacker"] == {"fighter": F(4, 9)}


def test_a_dreadnought_sustains_one_hit_against_a_fighter() -> None:
    # Undamaged: the fighter alone hits (0.08 / 0.68 = 2/17) to damage it;
    # damaged: 12/17 win, 2/17 loss, 3/17 both destroyed.
    answer = odds(_battle({"dreadnought": 1}, {"fighter": 1}), exact=True)
    assert answer.chances == {
        "attacker_wins": F(15, 17) + F(2, 17) * F(12, 17),
        "defender_wins": F(4, 289),
        "no_one_survives": F(6, 289),
        "retreat": 0,
    }


def test_without_sustain_damage_the_dreadnought_is_one_hit() -> None:
    battle = _battle(
        {"dreadnought": 1}, {"fighter": 1}, attacker_policy=Policy.NO_SUSTAIN
    )
    assert odds(battle, exact=True).chances["attacker_wins"] == F(12, 17)


def test_a_damaged_dreadnought_cannot_sustain_again() -> None:
    damaged = Battle(
        fleet({"dreadnought": 1}, damaged={"dreadnought": 1}), fleet({"fighter": 1})
    )
    assert odds(damaged, exact=True).chances["attacker_wins"] == F(12, 17)


def test_anti_fighter_barrage_can_end_the_combat_before_the_rolls() -> None:
    # Two barrage dice at 9: at least one hit 0.36 destroys the fighter and the
    # combat ends (78.3a); otherwise one die each at 9, 4/9 each.
    answer = odds(_battle({"destroyer": 1}, {"fighter": 1}), exact=True)
    assert answer.chances["attacker_wins"] == F(9, 25) + F(16, 25) * F(4, 9)
    assert answer.chances["defender_wins"] == F(16, 25) * F(4, 9)
    assert answer.rounds == F(9, 25) + F(16, 25) * F(25, 9)


def test_barrage_hits_beyond_the_fighters_are_lost() -> None:
    # Destroyer II: three barrage dice at 6 against one fighter and a cruiser.
    # Whatever the barrage scores, the cruiser is never hit by it.
    _agrees_with_brute_force(
        ({"destroyer": 1}, ("destroyer-ii",)), ({"fighter": 1, "cruiser": 1}, ())
    )


def test_barrage_only_hits_fighters_and_sustain_cannot_cancel_it() -> None:
    battle = _battle({"destroyer": 2}, {"dreadnought": 1})
    answer = odds(battle, exact=True)
    no_barrage = odds(
        _battle({"destroyer": 2}, {"dreadnought": 1}, barrage=False), exact=True
    )
    assert answer.chances == no_barrage.chances


# -- an independent brute force ---------------------------------------------------
#
# The public TI4 calculators could not be consulted from here, so the
# cross-checks on standard battles compare with this enumeration instead: every
# face of every die each round (no binomials), hits taken one unit at a time from a
# plain list, and the rounds followed until the remaining chance is below 1e-15
# (no division by 1 - P(no hits)). It shares only the unit statistics.


def _units(
    counts: dict[str, int], techs: tuple[str, ...] = (), faction: str | None = None
) -> tuple[tuple, ...]:
    out = []
    for unit, count in counts.items():
        line = faction_units.stats(unit, frozenset(techs), faction)
        assert line.combat is not None
        for _ in range(count):
            afb = line.anti_fighter_barrage
            out.append(
                (
                    unit,
                    line.combat.value,
                    line.combat.dice,
                    line.sustain_damage,  # can still sustain
                    (afb.value, afb.dice) if afb else None,
                    (line.cost or 0) / line.produced,
                )
            )
    return tuple(sorted(out, key=lambda u: (-u[1], u[2], u[5], u[0] != "fighter")))


def _faces(rolls: list[int]) -> dict[int, Fraction]:
    """Chances of each number of hits, by enumerating every face of every die."""
    out: dict[int, Fraction] = {}
    for faces in itertools.product(range(1, 11), repeat=len(rolls)):
        hits = sum(face >= value for face, value in zip(faces, rolls, strict=True))
        out[hits] = out.get(hits, F(0)) + F(1, 10 ** len(rolls))
    return out


def _assign(side: tuple[tuple, ...], hits: int) -> tuple[tuple, ...]:
    left = list(side)
    for _ in range(hits):
        able = [i for i, u in enumerate(left) if u[3]]
        if able:
            i = able[0]
            left[i] = (*left[i][:3], False, *left[i][4:])
        elif left:
            left.pop(0)
    return tuple(left)


Side = tuple[dict[str, int], tuple[str, ...]]


def _agrees_with_brute_force(
    attacker: Side,
    defender: Side,
    retreat_at: int | None = None,
    *,
    faction: str | None = None,
) -> None:
    battle = Battle(
        fleet(*attacker, faction=faction),
        fleet(*defender, faction=faction),
        retreat_at=retreat_at,
        barrage=faction is None,  # a faction's mechs: a ground combat
    )
    exact = odds(battle).chances
    brute = _brute(
        _units(*attacker, faction=faction),
        _units(*defender, faction=faction),
        retreat_at,
    )
    for key, chance in exact.items():
        # Far tighter than the 1.5 percentage points asked of calculators.
        assert abs(chance - brute[key]) < 1e-9, key


def _barrage(side: tuple[tuple, ...]) -> list[int]:
    return [u[4][0] for u in side if u[4] for _ in range(u[4][1])]


def _lose_fighters(side: tuple[tuple, ...], hits: int) -> tuple[tuple, ...]:
    left = list(side)
    for _ in range(hits):
        fighters = [i for i, u in enumerate(left) if u[0] == "fighter"]
        if fighters:
            left.pop(fighters[0])
    return tuple(left)


def _opening(a: tuple[tuple, ...], d: tuple[tuple, ...]) -> dict[tuple, Fraction]:
    states: dict[tuple, Fraction] = {}
    for i, pi in _faces(_barrage(a)).items():
        for j, pj in _faces(_barrage(d)).items():
            key = (_lose_fighters(a, j), _lose_fighters(d, i))
            states[key] = states.get(key, F(0)) + pi * pj
    return states


def _result(sa: tuple[tuple, ...], sd: tuple[tuple, ...]) -> str:
    if sa:
        return "attacker_wins"
    return "defender_wins" if sd else "no_one_survives"


def _brute(
    a: tuple[tuple, ...], d: tuple[tuple, ...], retreat_at: int | None = None
) -> dict[str, float]:
    states = _opening(a, d)
    result = dict.fromkeys(
        ("attacker_wins", "defender_wins", "no_one_survives", "retreat"), F(0)
    )
    while sum(states.values()) > F(1, 10**15):
        following: dict[tuple, Fraction] = {}
        for (sa, sd), mass in states.items():
            if not sa or not sd:
                result[_result(sa, sd)] += mass
                continue
            retreats = retreat_at is not None and len(sa) <= retreat_at
            for i, pi in _roll(sa).items():
                for j, pj in _roll(sd).items():
                    nxt = (_assign(sa, j), _assign(sd, i))
                    if retreats and all(nxt):
                        result["retreat"] += mass * pi * pj
                    else:
                        following[nxt] = following.get(nxt, F(0)) + mass * pi * pj
        states = following
    return {key: float(p) for key, p in result.items()}


@cache
def _roll(side: tuple[tuple, ...]) -> dict[int, Fraction]:
    return _faces([u[1] for u in side for _ in range(u[2])])


STANDARD = [
    ({"cruiser": 2}, {"destroyer": 2}),
    ({"dreadnought": 1, "fighter": 2}, {"carrier": 1, "fighter": 3}),
    ({"destroyer": 2}, {"fighter": 3}),
    ({"carrier": 1, "fighter": 2}, {"cruiser": 1, "destroyer": 1}),
    ({"war-sun": 1}, {"dreadnought": 1, "fighter": 1}),
]


@pytest.mark.parametrize(("attacker", "defender"), STANDARD)
def test_standard_battles_agree_with_a_brute_force_enumeration(
    attacker: dict[str, int], defender: dict[str, int]
) -> None:
    _agrees_with_brute_force((attacker, ()), (defender, ()))


@pytest.mark.parametrize("retreat_at", [1, 2, 3])
def test_retreats_agree_with_the_brute_force(retreat_at: int) -> None:
    _agrees_with_brute_force(
        ({"dreadnought": 1, "fighter": 2}, ()),
        ({"carrier": 1, "fighter": 3}, ()),
        retreat_at,
    )


def test_upgrades_change_the_dice_as_the_brute_force_expects() -> None:
    _agrees_with_brute_force(
        ({"fighter": 2}, ("fighter-ii",)), ({"cruiser": 1}, ("cruiser-ii",))
    )


# -- the simulation ----------------------------------------------------------------

MEDIUM = (
    {"dreadnought": 2, "carrier": 1, "destroyer": 3, "fighter": 4},
    {"dreadnought": 1, "cruiser": 3, "destroyer": 1, "fighter": 5},
)


def test_the_simulation_agrees_with_the_exact_answer_within_three_errors() -> None:
    battle = _battle(*MEDIUM)
    exact = odds(battle)
    simulated = summarise(simulate(battle, samples=20_000, seed=3))
    assert simulated.method == "simulation"
    for key, chance in exact.chances.items():
        error = simulated.standard_error[key]
        assert abs(simulated.chances[key] - chance) <= 3 * error, key
    for unit, mean in exact.survivors["attacker"].items():
        error = simulated.standard_error[f"attacker.{unit}"]
        assert abs(simulated.survivors["attacker"][unit] - mean) <= 3 * error, unit
    assert (
        abs(simulated.rounds - exact.rounds) <= 3 * simulated.standard_error["rounds"]
    )


def test_a_combat_over_the_bound_is_simulated_the_same_for_the_same_seed() -> None:
    battle = _battle({"fighter": 60, "carrier": 4}, {"fighter": 60, "war-sun": 2})
    assert work(battle) > EXACT_LIMIT
    first, second = odds(battle, samples=2_000), odds(battle, samples=2_000)
    assert first.method == "simulation" and first.samples == 2_000
    assert first == second
    assert odds(battle, samples=2_000, seed=2) != first


def test_a_side_without_units_is_no_combat() -> None:
    with pytest.raises(NoCombat):
        solve(Battle(fleet({}), fleet({"fighter": 1})))


# -- properties ----------------------------------------------------------------------

SHIPS = ("fighter", "destroyer", "cruiser", "carrier", "dreadnought", "war-sun")
sides = hs.dictionaries(
    hs.sampled_from(SHIPS), hs.integers(1, 3), min_size=1, max_size=3
)


@settings(max_examples=40, deadline=None)
@given(sides, sides, hs.booleans())
def test_chances_add_up_to_one_and_survivors_stay_within_the_fleet(
    attacker: dict[str, int], defender: dict[str, int], sustain: bool
) -> None:
    policy = Policy.SUSTAIN_FIRST if sustain else Policy.NO_SUSTAIN
    answer = odds(_battle(attacker, defender, defender_policy=policy), exact=True)
    assert sum(answer.chances.values()) == 1
    for unit, mean in answer.survivors["attacker"].items():
        assert 0 <= mean <= attacker[unit]
    assert answer.rounds >= 1


@settings(max_examples=25, deadline=None)
@given(sides)
def test_a_fleet_against_itself_wins_as_often_as_it_loses(side: dict[str, int]) -> None:
    answer = odds(_battle(side, side), exact=True)
    assert answer.chances["attacker_wins"] == answer.chances["defender_wins"]
    assert answer.survivors["attacker"] == answer.survivors["defender"]


def test_a_ground_combat_has_no_barrage() -> None:
    # Infantry hit on 8 (0.3 each): one wins 0.21 / 0.51 = 7/17 of the time.
    battle = _battle({"infantry": 1}, {"infantry": 1}, barrage=False)
    assert odds(battle, exact=True).chances["attacker_wins"] == F(7, 17)


# -- ground combat -------------------------------------------------------------------


def _ground(
    attacker: dict[str, int],
    defender: dict[str, int],
    *,
    techs: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
    damaged: dict[str, int] | None = None,
    policy: Policy = Policy.SUSTAIN_FIRST,
) -> Battle:
    """A ground combat; mechs are the Sol mech (combat 6, Sustain Damage)."""
    return Battle(
        fleet(attacker, techs[0], damaged=damaged, faction="sol"),
        fleet(defender, techs[1], faction="sol"),
        policy,
        policy,
        barrage=False,
    )


def test_one_infantry_each_by_hand() -> None:
    # Each round: both hit 0.09, one alone 0.21 each, neither 0.49.
    answer = odds(_ground({"infantry": 1}, {"infantry": 1}), exact=True)
    assert answer.chances == {
        "attacker_wins": F(7, 17),
        "defender_wins": F(7, 17),
        "no_one_survives": F(3, 17),
        "retreat": 0,
    }
    assert answer.rounds == F(100, 51)  # 1 / 0.51


def test_a_mech_sustains_a_hit_from_an_infantry_by_hand() -> None:
    # Mech hits on 6 (0.5), infantry on 8 (0.3). Undamaged: any mech hit wins
    # (0.5 / 0.65 = 10/13); the infantry alone hits 0.15 / 0.65 = 3/13 and
    # damages it. Damaged: mech alone 7/13, infantry alone 3/13, both 3/13.
    answer = odds(_ground({"mech": 1}, {"infantry": 1}), exact=True)
    assert answer.chances["attacker_wins"] == F(10, 13) + F(3, 13) * F(7, 13)
    assert answer.chances["defender_wins"] == F(9, 169)
    assert answer.chances["no_one_survives"] == F(9, 169)


def test_a_damaged_mech_or_one_that_does_not_sustain_is_one_hit() -> None:
    damaged = _ground({"mech": 1}, {"infantry": 1}, damaged={"mech": 1})
    declined = _ground({"mech": 1}, {"infantry": 1}, policy=Policy.NO_SUSTAIN)
    assert odds(damaged, exact=True).chances["attacker_wins"] == F(7, 13)
    assert odds(declined, exact=True).chances["attacker_wins"] == F(7, 13)


def test_infantry_ii_hits_on_7_by_hand() -> None:
    # 0.4 against 0.3: alone 0.28 and 0.18, both 0.12, neither 0.42.
    battle = _ground({"infantry": 1}, {"infantry": 1}, techs=(("infantry-ii",), ()))
    answer = odds(battle, exact=True)
    assert answer.chances["attacker_wins"] == F(28, 58)
    assert answer.chances["defender_wins"] == F(18, 58)


def test_the_two_dice_mech_of_the_naaz_rokha() -> None:
    line = fleet({"mech": 1}, faction="naaz-rokha")
    assert line.dice(line.start) == [(6, 2)]


def test_ground_combats_agree_with_the_brute_force() -> None:
    # Infantry lost before mechs, mechs sustaining first: the brute force's
    # order and policy; no barrage in either.
    _agrees_with_brute_force(
        ({"infantry": 2, "mech": 1}, ()),
        ({"infantry": 3, "mech": 1}, ("infantry-ii",)),
        faction="sol",
    )


# -- retreats ------------------------------------------------------------------------


def test_a_retreat_announced_in_round_one_ends_the_combat_after_it() -> None:
    # One round is fought: one hit alone decides it (0.16 each), two hits
    # destroy both (0.04), and with no hit the attacker retreats (0.64).
    answer = odds(_battle({"fighter": 1}, {"fighter": 1}, retreat_at=1), exact=True)
    assert answer.chances == {
        "attacker_wins": F(4, 25),
        "defender_wins": F(4, 25),
        "no_one_survives": F(1, 25),
        "retreat": F(16, 25),
    }
    assert answer.rounds == 1
    assert answer.survivors["attacker"] == {"fighter": F(4, 5)}  # 0.16 + 0.64


def test_the_retreat_waits_for_the_ship_count() -> None:
    # Two fighters against one: the attacker retreats once it is down to one,
    # at the start of the next round.
    battle = _battle({"fighter": 2}, {"fighter": 1}, retreat_at=1)
    answer = odds(battle, exact=True)
    assert sum(answer.chances.values()) == 1
    assert 0 < answer.chances["retreat"] < 1
    no_retreat = odds(_battle({"fighter": 2}, {"fighter": 1}), exact=True)
    assert answer.chances["defender_wins"] < no_retreat.chances["defender_wins"]


def test_the_simulated_retreat_agrees_with_the_exact_one() -> None:
    battle = _battle(*MEDIUM, retreat_at=5)
    exact = odds(battle)
    simulated = summarise(simulate(battle, samples=20_000, seed=5))
    assert exact.chances["retreat"] > 0.05
    for key, chance in exact.chances.items():
        assert abs(simulated.chances[key] - chance) <= 3 * simulated.standard_error[key]


def test_a_flagship_rolls_its_printed_dice_and_sustains() -> None:
    # The Sol flagship: two dice hitting on 5 (0.84 a round to hit at least
    # once), Sustain Damage; the fighter hits on 9 (0.2). Per round, from
    # undamaged: 105/109 it wins at once, 4/109 it is damaged; once damaged:
    # 84/109 win, 21/109 both destroyed, 4/109 loss.
    battle = Battle(fleet({"flagship": 1}, faction="sol"), fleet({"fighter": 1}))
    answer = odds(battle, exact=True)
    assert answer.chances == {
        "attacker_wins": F(105, 109) + F(4, 109) * F(84, 109),
        "defender_wins": F(16, 109**2),
        "no_one_survives": F(84, 109**2),
        "retreat": 0,
    }


def test_a_flagship_needs_its_faction() -> None:
    with pytest.raises(KeyError):
        fleet({"flagship": 1})
