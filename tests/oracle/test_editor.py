"""The editor page without a browser: build or paste a scenario, run it with a
plain form POST, see each problem beside the field it concerns; the answer page
links every cited rule."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

from oracle.engine import get_pack
from oracle.forms import rows_for
from oracle.models import Run
from tests.oracle.conftest import set_oracle_rate

pytestmark = pytest.mark.django_db

URL = "/ti4/oracle/"


def builder_post(**fields: str) -> dict[str, str]:
    """A builder submission: Alice and Bob, then the given fields."""
    data = {
        "mode": "build",
        "scenario-phase": "action",
        "scenario-active_player": "Alice",
        "players-TOTAL_FORMS": "3",
        "players-INITIAL_FORMS": "0",
        "players-0-name": "Alice",
        "players-0-hand": "Spy",
        "players-1-name": "Bob",
        "players-1-hand": "sabotage",
        "steps-TOTAL_FORMS": "3",
        "steps-INITIAL_FORMS": "0",
        "steps-0-player": "Alice",
        "steps-0-action": "play",
        "steps-0-card": "spy",
        "steps-0-targets": "Bob",
        "steps-1-player": "Bob",
        "steps-1-action": "play",
        "steps-1-card": "Sabotage",
        "steps-2-action": "play",
    }
    data.update(fields)
    return data


def field_errors(response: Any, formset: str, row: int) -> dict[str, list[str]]:
    builder = response.context["builder"]
    return dict(getattr(builder, formset).forms[row].errors)


def test_the_editor_offers_the_games_cards(client: Client, ti4: Any) -> None:
    response = client.get(URL)

    assert response.status_code == 200
    text = response.content.decode()
    assert '<datalist id="oracle-cards">' in text
    assert '<option value="sabotage">Sabotage</option>' in text
    assert 'name="csrfmiddlewaretoken"' in text
    assert "<script>" not in text  # no inline script (CSP)


def test_an_unknown_game_has_no_oracle(client: Client, ti4: Any) -> None:
    assert client.get("/chess/oracle/").status_code == 404


def test_a_built_scenario_runs_and_redirects_to_its_answer(
    client: Client, ti4: Any, scenario: Any
) -> None:
    response = client.post(URL, builder_post())

    run = Run.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/ti4/oracle/r/{run.hash}/"
    assert run.scenario["players"][0] == {"name": "Alice", "hand": ["spy"]}
    assert run.scenario["steps"][0]["targets"] == {"target": "Bob"}


def test_the_builder_and_the_api_share_links(
    client: Client, ti4: Any, scenario: Any
) -> None:
    client.post(URL, builder_post())
    link = client.post(
        "/api/v1/ti4/oracle/run/", scenario, content_type="application/json"
    ).json()["permalink"]

    assert link.endswith(Run.objects.get().get_absolute_url())


def test_an_unknown_card_is_shown_beside_its_field(
    client: Client, ti4: Any, scenario: Any
) -> None:
    response = client.post(URL, builder_post(**{"players-1-hand": "sabotage, spyy"}))

    assert response.status_code == 400
    assert field_errors(response, "players", 1) == {
        "hand": ["unknown card 'spyy'; did you mean 'spy'?"]
    }
    assert not Run.objects.exists()
    assert "unknown card" in response.content.decode()


def test_a_bad_step_is_shown_beside_its_fields(
    client: Client, ti4: Any, scenario: Any
) -> None:
    fields = {"steps-1-player": "Rob", "steps-1-card": "", "steps-2-card": "x"}
    response = client.post(URL, builder_post(**fields))

    assert field_errors(response, "steps", 1) == {
        "player": ["unknown player 'Rob'"],
        "card": ["must be a non-empty string"],
    }
    assert "player" in field_errors(response, "steps", 2)


def test_form_errors_and_scenario_problems_show_in_one_round(
    client: Client, ti4: Any, scenario: Any
) -> None:
    fields = {
        "scenario-seed": "-1",  # the form refuses it
        "players-1-hand": "sabotage, spyy",  # the scenario parser refuses it
        "players-1-trade_goods": "many",  # the form refuses it
    }
    response = client.post(URL, builder_post(**fields))

    assert response.status_code == 400
    builder = response.context["builder"]
    assert list(builder.top.errors) == ["seed"]
    assert field_errors(response, "players", 1) == {
        "trade_goods": ["Enter a whole number."],
        "hand": ["unknown card 'spyy'; did you mean 'spy'?"],
    }
    assert not Run.objects.exists()


def test_a_field_in_error_gets_no_second_message_from_the_scenario(
    client: Client, ti4: Any, scenario: Any
) -> None:
    # A name the form refuses leaves the player nameless in the scenario of
    # the rest, whose parser would say so beside the same field.
    from oracle.engine.core.specs import MAX_NAME

    response = client.post(URL, builder_post(**{"players-1-name": "B" * 99}))

    errors = field_errors(response, "players", 1)
    assert list(errors) == ["name"] and len(errors["name"]) == 1
    assert str(MAX_NAME) in errors["name"][0]


def test_a_broken_row_count_shows_no_scenario_problems(
    client: Client, ti4: Any, scenario: Any
) -> None:
    response = client.post(URL, builder_post(**{"players-TOTAL_FORMS": "x"}))

    builder = response.context["builder"]
    assert builder.players.non_form_errors()
    assert not builder.top.errors and not builder.top.non_field_errors()


def test_a_blank_row_in_the_middle_keeps_errors_on_the_right_row(
    client: Client, ti4: Any, scenario: Any
) -> None:
    fields = {
        "players-TOTAL_FORMS": "3",
        "players-1-name": "",
        "players-1-hand": "",
        "players-2-name": "Bob",
        "players-2-hand": "sabotagee",
    }
    response = client.post(URL, builder_post(**fields))

    assert field_errors(response, "players", 2) == {
        "hand": ["unknown card 'sabotagee'; did you mean 'sabotage'?"]
    }


def test_an_unimplemented_card_is_named(
    client: Client, ti4: Any, scenario: Any, unimplemented: str
) -> None:
    fields = {
        "players-0-hand": unimplemented,
        "steps-0-card": unimplemented,
        "steps-0-targets": "",
        "steps-1-card": "",
        "steps-1-player": "",
    }
    response = client.post(URL, builder_post(**fields))

    name = get_pack("ti4").card(unimplemented).name
    assert response.context["page"].errors == [
        f"The {get_pack('ti4').name} oracle does not implement {name} yet."
    ]
    assert "card" in field_errors(response, "steps", 0)


def test_a_card_no_ruling_shows_opens_rows_written_for_it(
    client: Client, ti4: Any
) -> None:
    # No ruling plays Neural Motivator: Alice has it, and the game moves on to
    # the status phase, where it matters.
    response = client.get(f"{URL}?card=neural-motivator")

    builder = response.context["builder"]
    players = [f.initial for f in builder.players.forms[:2]]
    assert players == [
        {"name": "Alice", "technologies": "neural-motivator"},
        {"name": "Bob", "hand": "sabotage"},
    ]
    assert builder.steps.forms[0].initial == {"action": "advance", "card": "status"}


def as_submitted(builder: Any) -> dict[str, Any]:
    """What the browser posts for the builder as the page shows it."""
    data: dict[str, Any] = {"mode": "build"}
    parts = builder.formsets.values()
    for part in parts:
        data.update({f.html_name: f.value() for f in part.management_form})
    for form in [builder.top, *(form for part in parts for form in part.forms)]:
        for field in form:
            value = field.value()
            if value is not False:  # an unchecked box sends nothing
                data[field.html_name] = "" if value is None else value
    return data


def test_card_rows_run_as_they_open(client: Client, ti4: Any, scenario: Any) -> None:
    page = client.get(f"{URL}?card=neural-motivator")

    response = client.post(URL, as_submitted(page.context["builder"]))

    assert response.status_code == 302
    run = Run.objects.get()
    assert run.scenario["steps"] == [{"advance": "status"}]
    assert run.scenario["players"][0]["technologies"] == ["neural-motivator"]


def test_an_unimplemented_card_link_says_so(
    client: Client, ti4: Any, unimplemented: str
) -> None:
    notices = client.get(f"{URL}?card={unimplemented}").context["page"].notices

    assert any("does not implement" in notice for notice in notices)


def test_an_unknown_card_link_says_so(client: Client, ti4: Any) -> None:
    notices = client.get(f"{URL}?card=no-such-card").context["page"].notices

    assert notices == [
        f"The {get_pack('ti4').name} oracle does not know the card 'no-such-card'."
    ]


def test_pasted_yaml_runs(client: Client, ti4: Any, scenario: Any) -> None:
    text = """\
phase: action
players:
  - {name: Alice, hand: [spy]}
  - {name: Bob, hand: [sabotage]}
steps:
  - {player: Alice, play: spy, targets: {target: Bob}}
"""
    response = client.post(URL, {"mode": "paste", "text": text})

    assert response.status_code == 302
    assert Run.objects.get().scenario["game"] == "ti4"


def test_a_card_of_the_reference_unknown_to_the_pack_is_not_implemented(
    client: Client, ti4: Any, scenario: Any
) -> None:
    from rules.models import Card

    pack = get_pack("ti4")
    card = Card.objects.filter(game=ti4).exclude(slug__in=list(pack.cards)).first()
    if card is None:
        pytest.skip("the pack knows every card of the TI4 content")
    scenario["players"][0]["hand"] = [card.slug]
    text = json.dumps(scenario)

    page = client.post(URL, {"mode": "paste", "text": text}).content.decode()

    assert f"does not implement {card.name} yet" in page
    assert not Run.objects.exists()


def test_pasted_yaml_problems_show_pointer_and_line(
    client: Client, ti4: Any, scenario: Any
) -> None:
    text = """\
phase: action
players:
  - name: Alice
    hand: [spy]
  - name: Bob
    hand:
      - sabotage
      - sabotoge
steps: []
"""
    response = client.post(URL, {"mode": "paste", "text": text})

    assert response.context["page"].paste_problems == [
        (8, "/players/1/hand/1", "unknown card 'sabotoge'; did you mean 'sabotage'?")
    ]
    assert re.search(
        r"line 8</span>\s*<code>/players/1/hand/1</code>", response.content.decode()
    )


def test_pasted_text_that_is_not_yaml_shows_the_line(client: Client, ti4: Any) -> None:
    response = client.post(URL, {"mode": "paste", "text": "players: [\n  {name: A\n"})

    errors = response.context["page"].paste.errors["text"]
    assert len(errors) == 1 and errors[0].startswith("line ")


def test_pasted_json_runs(client: Client, ti4: Any, scenario: Any) -> None:
    import json

    response = client.post(URL, {"mode": "paste", "text": json.dumps(scenario)})

    assert response.status_code == 302


def test_yaml_aliases_are_refused(client: Client, ti4: Any) -> None:
    text = "a: &x [spy]\nplayers: [{name: Alice, hand: *x}]\n"

    response = client.post(URL, {"mode": "paste", "text": text})

    assert "aliases" in response.context["page"].paste.errors["text"][0]


def test_the_form_needs_its_csrf_token(ti4: Any) -> None:
    client = Client(enforce_csrf_checks=True)

    assert client.post(URL, builder_post()).status_code == 403


def test_runs_from_the_page_are_rate_limited(
    client: Client, ti4: Any, scenario: Any, settings: Any
) -> None:
    set_oracle_rate(settings, "1/minute", scope="web-oracle")
    client.post(URL, builder_post())

    response = client.post(URL, builder_post())

    assert response.status_code == 429
    assert int(response["Retry-After"]) >= 1
    assert "Too many runs from here" in response.content.decode()


def test_the_page_and_the_api_count_runs_apart(
    client: Client, ti4: Any, scenario: Any, settings: Any
) -> None:
    set_oracle_rate(settings, "1/minute")
    set_oracle_rate(settings, "1/minute", scope="web-oracle")
    api = "/api/v1/ti4/oracle/run/"
    assert (
        client.post(api, scenario, content_type="application/json").status_code == 200
    )
    assert client.post(URL, builder_post()).status_code == 302

    assert client.post(URL, builder_post()).status_code == 429
    assert (
        client.post(api, scenario, content_type="application/json").status_code == 429
    )


def test_the_answer_links_every_rule_it_cites(
    client: Client, ti4: Any, scenario: Any
) -> None:
    scenario["steps"] = [{"player": "Bob", "play": "sabotage"}]
    link = client.post(
        "/api/v1/ti4/oracle/run/", scenario, content_type="application/json"
    ).json()["permalink"]

    text = client.get(link).content.decode()

    verdict = re.search(r'<h1 id="answer-title"[^>]*>(.*?)</h1>', text, re.S)
    assert verdict is not None and "No:" in verdict.group(1)
    links = re.findall(
        r'<a class="xref xref-rule" data-xref="rule:([^"]+)" href="([^"]+)"', text
    )
    assert links
    for rule_id, href in links:
        assert href == f"/ti4/rules/{rule_id}/"
        assert client.get(href).status_code in (301, 302)


def test_the_final_state_reads_as_words_not_python_values(
    client: Client, ti4: Any, scenario: Any
) -> None:
    link = client.post(
        "/api/v1/ti4/oracle/run/", scenario, content_type="application/json"
    ).json()["permalink"]

    text = client.get(link).content.decode()

    # The state as shown, without the JSON kept folded at its end.
    shown = re.search(r'id="state-heading".*?<details>', text, re.S)
    assert shown is not None
    facts = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", shown.group(0), re.S)
    # Alice is the speaker, Bob is not; nobody passed; the table has no custodians.
    assert ("Speaker", "yes") in facts and ("Speaker", "no") in facts
    assert ("Passed", "no") in facts and ("Custodians", "no") in facts
    assert ("Hand limit", "7") in facts
    assert "True" not in shown.group(0) and "False" not in shown.group(0)
    assert "Values" not in dict(facts)
    assert "hand_limit" not in shown.group(0) and "trade_goods" not in shown.group(0)
    # The strategy area, counted in the result, reads in initiative order.
    assert dict(facts)["Strategy area"] == (
        "Leadership, Diplomacy, Politics, Construction, Trade, Warfare, "
        "Technology, Imperial"
    )


def test_the_builder_opens_only_what_it_can_write_back(ti4: Any, scenario: Any) -> None:
    assert rows_for(scenario, "ti4") is not None
    scenario["expect"] = [{"path": "players.Bob.hand", "count": 0}]
    assert rows_for(scenario, "ti4") is None


def test_a_ruling_opens_its_scenario(client: Client, ti4: Any, scenario: Any) -> None:
    from rules.models import Ruling

    ruling = Ruling.objects.filter(game=ti4).first()
    if ruling is None:
        pytest.skip("the TI4 content has no rulings yet")
    Ruling.objects.filter(pk=ruling.pk).update(scenario=scenario)

    page = client.get(f"{URL}?ruling={ruling.slug}").context["page"]

    assert "spy" in page.paste.initial["text"]


def test_name_fields_take_no_longer_names_than_the_engine(
    client: Client, ti4: Any
) -> None:
    from oracle.engine.core.specs import MAX_NAME

    page = client.get(URL).content.decode()

    for name in ("players-0-name", "steps-0-player", "scenario-active_player"):
        tag = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)
        assert tag is not None and f'maxlength="{MAX_NAME}"' in tag.group(0)


def test_an_unknown_ruling_is_named_as_unknown(client: Client, ti4: Any) -> None:
    page = client.get(f"{URL}?ruling=no-such-ruling").content.decode()

    assert "There is no ruling “no-such-ruling”." in page
    assert "has no scenario" not in page


def test_more_rows_without_javascript_keeps_what_was_typed(
    client: Client, ti4: Any
) -> None:
    response = client.post(URL, builder_post(more="1"))

    builder = response.context["builder"]
    assert response.status_code == 200
    assert len(builder.players.forms) == 4 and len(builder.steps.forms) == 6
    assert builder.players.forms[1]["hand"].value() == "sabotage"
    assert not Run.objects.exists()


def test_more_rows_without_javascript_adds_rows_without_errors(
    client: Client, ti4: Any
) -> None:
    # What a browser without JavaScript posts: every row, each select included.
    response = client.post(URL, builder_post(more="1"))

    builder = response.context["builder"]
    assert len(builder.steps.forms) == 6
    assert all(not form.errors for form in builder.steps.forms)
    assert all(not form.errors for form in builder.players.forms)
    assert "This field is required." not in response.content.decode()
    new_row = builder.steps.forms[5]
    assert new_row["action"].value() == "play"


def test_pasted_json_that_does_not_parse_shows_the_line(
    client: Client, ti4: Any
) -> None:
    text = '{\n  "players": [\n    {"name": "Alice",}\n  ]\n}'

    response = client.post(URL, {"mode": "paste", "text": text})

    [error] = response.context["page"].paste.errors["text"]
    assert error.startswith("line 3: not valid JSON")


def test_a_runaway_scenario_is_stopped_and_says_why(
    client: Client, ti4: Any, scenario: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from oracle import adapters
    from oracle.engine import Budget

    monkeypatch.setattr(adapters, "RUN_BUDGET", Budget(work=1))
    client.post(URL, builder_post())

    text = client.get(Run.objects.get().get_absolute_url()).content.decode()

    verdict = re.search(r'<h1 id="answer-title"[^>]*>(.*?)</h1>', text, re.S)
    assert verdict is not None
    assert re.sub(r"<[^>]+>", "", verdict.group(1)).startswith("No answer: ")
    assert "The engine stopped the run" in text


def test_a_pasted_ruling_file_runs_its_scenario(
    client: Client, ti4: Any, scenario: Any
) -> None:
    import yaml

    scenario["players"][1]["hand"] = ["sabotage", "spyy"]
    text = yaml.safe_dump({"slug": "x", "scenario": scenario}, sort_keys=False)

    response = client.post(URL, {"mode": "paste", "text": text})

    [(line, pointer, _)] = response.context["page"].paste_problems
    assert pointer == "/scenario/players/1/hand/1"
    assert line is not None and "spyy" in text.splitlines()[line - 1]
