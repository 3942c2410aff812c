"""A scenario cannot put more units on the board than the game allows: the
plastic of each unit (96.2), and for fighters and infantry (tokens) the
oracle's cap and the places their plastic can hold (23.N1). Every piece of the
board counts towards the scenario's limit of cards."""

from __future__ import annotations

from typing import Any

import pytest

import oracle.games.ti4  # noqa: F401 (registers the pack)
from oracle.engine import ScenarioError, run_scenario
from oracle.engine.core.specs import MAX_CARDS
from oracle.games.ti4.limits import TOKEN_CAP


def _board(*systems: dict[str, Any]) -> dict[str, Any]:
    return {
        "game": "ti4",
        "phase": "action",
        "players": [{"name": "Alice"}, {"name": "Bob"}],
        "board": {"systems": list(systems)},
    }


def _system(slug: str, planets: int = 0, **units: list[str]) -> dict[str, Any]:
    return {
        "id": slug,
        "planets": [{"id": f"{slug}-{n}"} for n in range(planets)],
        "units": units,
    }


def _problems(data: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(ScenarioError) as caught:
        run_scenario(data)
    return [(p.path, p.message) for p in caught.value.problems]


def test_a_million_infantry_is_refused_at_its_entry() -> None:
    data = _board(_system("rex", 1, Alice=["1000000 infantry@rex-0"]))

    assert _problems(data) == [
        (
            "/board/systems/0/units/Alice/0",
            f"Alice has 1000000 infantry units on the board; the oracle takes at "
            f"most {TOKEN_CAP} of one player (the game does not limit infantry "
            "tokens: rule 23.4)",
        )
    ]


def test_the_plastic_of_a_unit_is_its_limit_across_the_board() -> None:
    data = _board(
        _system("a", Alice=["5 destroyer"]), _system("b", Alice=["4 destroyer"])
    )

    assert _problems(data) == [
        (
            "/board/systems/1/units/Alice/0",
            "Alice has 9 destroyer units on the board; a player has 8 (rule 96.2)",
        )
    ]


def test_every_player_has_their_own_plastic() -> None:
    data = _board(_system("a", Alice=["8 destroyer"], Bob=["8 destroyer"]))

    assert run_scenario(data).ok


def test_fighters_and_infantry_may_exceed_the_plastic_up_to_the_cap() -> None:
    data = _board(
        _system("a", 1, Alice=[f"{TOKEN_CAP} infantry@a-0", f"{TOKEN_CAP} fighter"])
    )

    assert run_scenario(data).ok


def test_infantry_in_more_places_than_plastic_pieces_is_refused() -> None:
    data = _board(*[_system(f"s{n}", 1, Alice=[f"infantry@s{n}-0"]) for n in range(13)])

    assert _problems(data) == [
        (
            "/board/systems/12/units/Alice/0",
            "Alice has infantry units in 13 places; each place needs one of the "
            "player's 12 plastic infantry units (rule 23.N1)",
        )
    ]


def test_fighters_in_more_systems_than_plastic_pieces_are_refused() -> None:
    data = _board(*[_system(f"s{n}", Alice=["fighter"]) for n in range(11)])

    assert _problems(data)[0][0] == "/board/systems/10/units/Alice/0"


def test_units_count_towards_the_limit_of_cards() -> None:
    # Eight players with 100 infantry each stay within their own limits, but
    # with the systems' planets they are more pieces than a scenario may hold.
    names = [f"P{n}" for n in range(8)]
    systems = [
        {
            "id": f"s{n}",
            "planets": [{"id": f"s{n}-{k}"} for k in range(6)],
            "units": {name: [f"{TOKEN_CAP} infantry@s{n}-0"]},
        }
        for n, name in enumerate(names)
    ]
    hands = [{"name": name, "hand": ["sabotage"] * 7} for name in names]
    data = {"game": "ti4", "players": hands, "board": {"systems": systems}}
    data["decks"] = {"action_deck": ["spy"] * 200, "action_discard": ["spy"] * 200}
    for n in range(8):
        systems[n]["units"][names[n]].append(f"{TOKEN_CAP} fighter")

    problems = _problems(data)
    assert problems[0][0].startswith("/board/systems/")
    assert f"at most {MAX_CARDS} cards and pieces" in problems[0][1]


def test_a_third_pds_on_a_planet_needs_homeland_defense_act() -> None:
    data = _board(_system("rex", 1, Alice=["2 pds@rex-0", "pds@rex-0"]))

    assert _problems(data) == [
        (
            "/board/systems/0/units/Alice/1",
            "rex-0 holds 3 PDS; a planet holds at most 2 unless Homeland Defense "
            "Act is in play (rule 63.3)",
        )
    ]
    data["board"]["laws"] = ["homeland-defense-act"]
    assert run_scenario(data).ok
