""" "Ask the oracle" from a card page (``/<game>/oracle/?card=<slug>``): every
implemented card opens a scenario that runs and has the card accepted, with a
target for each target the card declares."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from oracle import prefill
from oracle.adapters import NotImplementedCards, execute, prepare, step_slug
from oracle.engine import get_pack
from oracle.forms import Rows, build
from oracle.models import Run
from oracle.prefill import card_prefill, card_rows
from rules.models import Card, Game
from tests.oracle.test_editor import as_submitted

pytestmark = pytest.mark.django_db

PACK = get_pack("ti4")
IMPLEMENTED = sorted(PACK.implemented_cards())
ACTION_CARDS_NOT_IMPLEMENTED = sorted(
    slug
    for slug in set(PACK.cards) - PACK.implemented_cards()
    if PACK.card(slug).type == "action"
)


def scenario_of(opened: dict[str, Any] | Rows) -> dict[str, Any]:
    return build("ti4", opened).data if isinstance(opened, Rows) else opened


def declared_targets(slug: str, verb: str) -> set[str]:
    """The targets the card's played (or used) ability must be given."""
    wanted = "hand" if verb == "play" else "play"
    return {
        name
        for ability in PACK.card(slug).abilities
        if ability.kind.value == "action" and wanted in ability.location
        for name, target in ability.targets.items()
        if not target.up_to
    }


@pytest.mark.parametrize("slug", IMPLEMENTED)
def test_every_implemented_card_opens_a_scenario_it_is_accepted_in(
    ti4: Any, slug: str
) -> None:
    scenario = scenario_of(
        card_prefill(Game.objects.get(slug="ti4"), PACK, slug).scenario
    )

    result = execute(prepare(scenario, "ti4"))  # no ScenarioError: it parses

    last = scenario["steps"][-1]
    assert result["steps"][-1]["status"] == "accepted", result["steps"][-1]
    # Opened from a card, the answer shows the card at work, not a refusal first.
    assert [s for s in result["steps"] if s["status"] == "rejected"] == []
    verb = "play" if "play" in last else "use" if "use" in last else None
    if verb is None:  # a card with nothing to play or use: the game moves on
        assert last.get("advance")
        return
    assert step_slug(last[verb]) == slug
    assert set(last.get("targets", {})) >= declared_targets(slug, verb)


@pytest.mark.parametrize("slug", IMPLEMENTED)
def test_the_rows_written_from_a_card_definition_run(slug: str) -> None:
    scenario = build("ti4", card_rows(slug, PACK)).data

    result = execute(prepare(scenario, "ti4"))

    assert len(result["steps"]) == 1
    step = scenario["steps"][0]
    if "play" in step or "use" in step:
        verb = "play" if "play" in step else "use"
        players = {
            name
            for ability in PACK.card(slug).abilities
            for name, target in ability.targets.items()
            if target.mode == "player"
        }
        targets = step.get("targets", {})
        targets = targets if isinstance(targets, dict) else {"target": targets}
        assert {name for name, value in targets.items() if value == "Bob"} >= (
            players & declared_targets(slug, verb)
        )


@pytest.mark.parametrize("slug", ACTION_CARDS_NOT_IMPLEMENTED)
def test_an_action_card_the_pack_does_not_implement_opens_a_play_of_it(
    ti4: Any, slug: str
) -> None:
    # Running it must be what tells the user: the card is played, not left out.
    scenario = scenario_of(card_prefill(ti4, PACK, slug).scenario)

    with pytest.raises(NotImplementedCards) as raised:
        execute(prepare(scenario, "ti4"))

    assert raised.value.cards == (slug,)


def test_a_card_of_the_reference_unknown_to_the_pack_is_named(
    client: Client, ti4: Any
) -> None:
    card = Card.objects.filter(game=ti4).exclude(slug__in=list(PACK.cards)).first()
    if card is None:
        pytest.skip("the pack knows every card of the TI4 content")

    page = client.get(f"/ti4/oracle/?card={card.slug}").content.decode()

    assert f"does not implement {card.name} yet" in page
    assert "does not know the card" not in page


def test_a_card_link_opens_the_set_up_of_a_ruling_in_the_builder(
    client: Client, ti4: Any
) -> None:
    page = client.get("/ti4/oracle/?card=lucky-shot").context["page"]

    assert not page.paste_open  # the board shows in the builder's rows
    builder = page.builder
    assert any(form.initial.get("units") for form in builder.units.forms)
    steps = [form.initial for form in builder.steps.forms if form.initial]
    assert steps[-1]["card"] == "lucky-shot" and steps[-1]["targets"]
    assert any("the step that plays Lucky Shot" in notice for notice in page.notices)


def test_a_card_link_runs_as_it_opens(client: Client, ti4: Any) -> None:
    page = client.get("/ti4/oracle/?card=lucky-shot").context["page"]

    response = client.post("/ti4/oracle/", as_submitted(page.builder))

    assert response.status_code == 302
    run = Run.objects.get()
    assert [s["status"] for s in run.result["steps"]][-1] == "accepted"
    assert run.scenario["steps"][-1]["play"] == "lucky-shot"
    assert run.scenario["board"]["systems"]


def test_a_card_pre_fill_is_found_once_per_content_version(
    ti4: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs = []
    real = prefill.execute
    monkeypatch.setattr(prefill, "execute", lambda p: runs.append(p) or real(p))

    first = card_prefill(ti4, PACK, "lucky-shot")
    to_find = len(runs)
    again = card_prefill(ti4, PACK, "lucky-shot")
    to_answer_again = len(runs) - to_find
    ti4.content_version = "another version"
    reloaded = card_prefill(ti4, PACK, "lucky-shot")

    assert to_find >= 1  # rulings were run to find it
    assert again == first and to_answer_again == 0  # the cache answered
    assert reloaded == first and len(runs) == 2 * to_find  # new content: found again
