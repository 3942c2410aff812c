"""The builder's board, question and names without a browser: system, planet and
unit rows write the scenario's board and read it back; names match in any case;
a known planet brings its data from the card database; every part is bounded."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from oracle.board_rows import MAX_SYSTEMS
from oracle.examples import example
from oracle.forms import Rows, build, rows_for
from oracle.models import Run
from rules.models import Card
from tests.oracle.test_editor import URL, as_submitted, builder_post, field_errors

pytestmark = pytest.mark.django_db


def board_post(**fields: str) -> dict[str, str]:
    """Alice controls Mecatol Rex, where Bob has a destroyer; she plays Lucky
    Shot on it. Her hand is left empty: the step puts the card in it."""
    data = builder_post(
        **{
            "players-0-hand": "",
            "players-1-hand": "",
            "steps-0-card": "lucky-shot",
            "steps-0-targets": "Bob/destroyer@mecatol-rex",
            "steps-1-player": "",
            "steps-1-card": "",
            "systems-TOTAL_FORMS": "1",
            "systems-INITIAL_FORMS": "0",
            "planets-TOTAL_FORMS": "1",
            "planets-INITIAL_FORMS": "0",
            "planets-0-planet": "Mecatol Rex",
            "planets-0-controller": "Alice",
            "planets-0-resources": "1",
            "planets-0-influence": "6",
            "units-TOTAL_FORMS": "2",
            "units-INITIAL_FORMS": "0",
            "units-0-player": "Bob",
            "units-0-where": "mecatol-rex",
            "units-0-units": "destroyer",
        }
    )
    data.update(fields)
    return data


def test_board_rows_write_the_board_and_the_question_is_answered(
    client: Client, ti4: Any
) -> None:
    response = client.post(URL, board_post())

    assert response.status_code == 302
    run = Run.objects.get()
    assert run.scenario["board"] == {
        "systems": [
            {
                "id": "mecatol-rex-system",
                "planets": [
                    {
                        "controller": "Alice",
                        "id": "mecatol-rex",
                        "influence": 6,
                        "name": "Mecatol Rex",
                        "resources": 1,
                    }
                ],
                "units": {"Bob": ["destroyer"]},
            }
        ]
    }
    assert run.scenario["players"][0] == {"name": "Alice", "hand": ["lucky-shot"]}
    assert [step["status"] for step in run.result["steps"]] == ["accepted"]


def test_a_system_row_holds_the_planets_and_units_that_name_it(ti4: Any) -> None:
    rows = Rows(
        {"phase": "action"},
        [{"name": "Alice"}, {"name": "Bob"}],
        [],
        [{"system": "Mecatol Rex (rex)", "wormholes": "Alpha", "tokens": "bob"}],
        [{"planet": "mecatol-rex", "system": "rex", "controller": "alice"}],
        [{"player": "BOB", "where": "mecatol-rex", "units": "2 Destroyer, carrier"}],
    )

    [system] = build("ti4", rows).data["board"]["systems"]

    assert system == {
        "id": "rex",
        "name": "Mecatol Rex",
        "wormholes": ["alpha"],
        "tokens": ["Bob"],
        "planets": [{"id": "mecatol-rex", "controller": "Alice"}],
        "units": {"Bob": ["2 destroyer", "carrier"]},
    }


def test_a_board_scenario_opens_in_the_builder_and_writes_back_the_same(
    ti4: Any,
) -> None:
    found = example("ti4", "lucky-shot-on-a-destroyer")
    assert found is not None

    rows = rows_for(found.scenario, "ti4")

    assert rows is not None
    assert rows.systems == [
        {
            "system": "Mecatol Rex (rex)",
            "wormholes": "",
            "adjacent": "",
            "home": "",
            "tokens": "",
        }
    ]
    assert [row["planet"] for row in rows.planets] == ["Mecatol Rex"]
    assert rows.units == [{"player": "Bob", "where": "rex", "units": "destroyer"}]
    assert build("ti4", rows).data == {"game": "ti4", **found.scenario}


def test_a_stored_run_with_a_board_opens_in_the_builder_and_runs_as_it_opens(
    client: Client, ti4: Any
) -> None:
    client.post(URL, board_post())
    run = Run.objects.get()

    page = client.get(f"{URL}?from={run.hash}")

    assert not page.context["page"].paste_open
    builder = page.context["builder"]
    assert builder.has_board
    response = client.post(URL, as_submitted(builder))
    assert response["Location"] == run.get_absolute_url()  # the same scenario
    assert Run.objects.count() == 1


def test_player_names_match_in_any_case_and_are_stored_as_the_rows_spell_them(
    client: Client, ti4: Any, scenario: Any
) -> None:
    fields = {
        "scenario-active_player": "ALICE",
        "steps-0-player": "alice",
        "steps-0-targets": "bob",
        "steps-1-player": "BoB",
        "steps-2-player": "alice",
        "steps-2-card": "Sabotage",
        "players-0-hand": "",
        "players-1-hand": "",
    }

    response = client.post(URL, builder_post(**fields))

    assert response.status_code == 302
    run = Run.objects.get()
    assert run.scenario["active_player"] == "Alice"
    assert [step["player"] for step in run.scenario["steps"]] == [
        "Alice",
        "Bob",
        "Alice",
    ]
    assert run.scenario["steps"][0]["targets"] == {"target": "Bob"}
    # Empty hands hold what each player plays, in the order they play it.
    assert run.scenario["players"][0]["hand"] == ["spy", "sabotage"]
    assert run.scenario["players"][1]["hand"] == ["sabotage"]
    statuses = [step["status"] for step in run.result["steps"]]
    assert statuses == ["accepted", "accepted", "rejected"]


def test_a_hand_that_is_filled_in_is_left_as_written(
    client: Client, ti4: Any, scenario: Any
) -> None:
    fields = {"steps-2-player": "Alice", "steps-2-card": "sabotage"}

    client.post(URL, builder_post(**fields))

    assert Run.objects.get().scenario["players"][0]["hand"] == ["spy"]


@pytest.mark.parametrize(
    ("typed", "resources"), [("", "database"), ("4", 4)], ids=["empty", "typed"]
)
def test_a_known_planet_brings_the_data_left_empty_from_the_card_database(
    client: Client, ti4: Any, typed: str, resources: Any
) -> None:
    card = Card.objects.get(game=ti4, type="planet", slug="mirage")
    fields = {
        "planets-0-planet": "Mirage",
        "planets-0-resources": typed,
        "planets-0-influence": "",
        "units-0-where": "mirage",
        "steps-0-targets": "Bob/destroyer@mirage",
    }

    client.post(URL, board_post(**fields))

    [planet] = Run.objects.get().scenario["board"]["systems"][0]["planets"]
    wanted = card.attrs["resources"] if resources == "database" else resources
    assert planet["resources"] == wanted  # a typed value wins
    assert planet["influence"] == card.attrs["influence"]
    assert planet["trait"] == card.attrs["trait"]
    assert "specialty" not in planet  # the database says it has none


def test_an_ordinary_planet_typed_by_name_brings_its_card_data(
    client: Client, ti4: Any
) -> None:
    fields = {
        "planets-0-planet": "Lodor",
        "planets-0-resources": "",
        "planets-0-influence": "",
        "units-0-where": "lodor",
        "steps-0-targets": "Bob/destroyer@lodor",
    }

    client.post(URL, board_post(**fields))

    [planet] = Run.objects.get().scenario["board"]["systems"][0]["planets"]
    assert planet == {
        "id": "lodor",
        "name": "Lodor",
        "controller": "Alice",
        "resources": 3,
        "influence": 1,
        "trait": "cultural",
    }


def test_a_planet_with_a_specialty_brings_its_colour(client: Client, ti4: Any) -> None:
    fields = {
        "planets-0-planet": "Vega Minor",
        "planets-0-resources": "",
        "planets-0-influence": "",
        "units-0-where": "vega-minor",
        "steps-0-targets": "Bob/destroyer@vega-minor",
    }

    client.post(URL, board_post(**fields))

    [planet] = Run.objects.get().scenario["board"]["systems"][0]["planets"]
    assert (planet["resources"], planet["influence"]) == (1, 2)
    assert planet["specialty"] == "B"


def test_the_editor_offers_only_planets_the_database_has(
    client: Client, ti4: Any
) -> None:
    offered = client.get(URL).context["planets"]

    slugs = {planet.slug for planet in offered}
    assert slugs == set(
        Card.objects.filter(game=ti4, type="planet").values_list("slug", flat=True)
    )


def test_a_bad_unit_is_shown_beside_its_row(client: Client, ti4: Any) -> None:
    response = client.post(URL, board_post(**{"units-0-units": "destroyerz"}))

    assert response.status_code == 400
    assert field_errors(response, "units", 0) == {
        "units": ["unknown unit 'destroyerz'; did you mean 'destroyer'?"]
    }
    assert not Run.objects.exists()


def test_a_bad_planet_value_is_shown_beside_its_field(client: Client, ti4: Any) -> None:
    response = client.post(URL, board_post(**{"planets-0-resources": "12"}))

    assert response.status_code == 400
    assert list(field_errors(response, "planets", 0)) == ["resources"]


def test_board_rows_are_bounded(client: Client, ti4: Any) -> None:
    too_many = str(MAX_SYSTEMS + 1)

    response = client.post(URL, board_post(**{"systems-TOTAL_FORMS": too_many}))

    assert response.status_code == 400
    assert response.context["builder"].systems.non_form_errors()
    assert not Run.objects.exists()


def test_the_question_is_written_to_the_scenario(ti4: Any) -> None:
    rows = Rows({"question": "  Can Alice Sabotage a Sabotage?  "}, [{"name": "A"}])

    assert build("ti4", rows).data["question"] == "Can Alice Sabotage a Sabotage?"
    assert "question" not in build("ti4", Rows({"question": ""})).data


def test_a_question_longer_than_the_limit_is_refused(
    client: Client, ti4: Any, scenario: Any
) -> None:
    response = client.post(URL, builder_post(**{"scenario-question": "?" * 501}))

    assert response.status_code == 400
    assert list(response.context["builder"].top.errors) == ["question"]
    assert not Run.objects.exists()


def test_more_rows_adds_board_rows_without_errors(client: Client, ti4: Any) -> None:
    response = client.post(URL, board_post(more="1"))

    builder = response.context["builder"]
    assert len(builder.units.forms) == 4 and len(builder.planets.forms) == 3
    assert builder.units.forms[0]["units"].value() == "destroyer"
    assert not any(form.errors for form in builder.units.forms)
    assert not Run.objects.exists()


def test_a_unit_row_without_a_place_is_shown_beside_its_where(
    client: Client, ti4: Any
) -> None:
    response = client.post(URL, board_post(**{"units-0-where": ""}))

    assert response.status_code == 400
    assert list(field_errors(response, "units", 0)) == ["where"]
