"""``verify_rulings``: every ruling with a scenario is run; the outcome, the time
and the engine version are recorded on the ruling, and any disagreement makes
the command fail. Rulings come from a temporary copy of the TI4 fixtures."""

from __future__ import annotations

import datetime as dt
import shutil
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.core.management import call_command
from django.core.management.base import CommandError

from oracle.engine import ENGINE_VERSION
from oracle.verify import verify_rulings
from rules.models import Ruling

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def ruling(slug: str, scenario: dict[str, Any]) -> str:
    return yaml.safe_dump(
        {
            "slug": slug,
            "question": "Does Sabotage cancel Spy?",
            "answer": "Yes: Spy does nothing and goes to the discard pile.",
            "cards": ["spy", "sabotage"],
            "rules": ["2.8"],
            "source": "rules-reference",
            "date": dt.date(2024, 6, 1),
            "scenario": scenario,
        },
        sort_keys=False,
    )


@pytest.fixture
def content(tmp_path: Path, settings: Any, scenario: dict[str, Any]) -> Path:
    """A copy of the TI4 fixtures with two rulings: one the engine agrees
    with, one whose expectation is deliberately wrong."""
    game = tmp_path / "ti4"
    shutil.copytree(FIXTURES / "ti4", game)
    shutil.rmtree(game / "rulings", ignore_errors=True)
    (game / "rulings").mkdir()
    right = {**scenario, "expect": [{"path": "players.Alice.hand", "count": 0}]}
    wrong = {
        **scenario,
        "expect": [
            {"path": "players.Bob.hand", "count": 0},
            {"path": "players.Alice.hand", "count": 1},
            {"path": "state.action_discard", "contains": "spy"},
        ],
    }
    (game / "rulings" / "sabotage-cancels-spy.yaml").write_text(
        ruling("sabotage-cancels-spy", right), encoding="utf-8"
    )
    (game / "rulings" / "spy-survives-sabotage.yaml").write_text(
        ruling("spy-survives-sabotage", wrong), encoding="utf-8"
    )
    settings.FIXTURES_DIR = tmp_path
    call_command("load_content", "ti4", "--force", "--no-index", verbosity=0)
    return game


def test_records_agreement_and_disagreement(content: Path) -> None:
    report = verify_rulings("ti4")

    assert [c.ruling.slug for c in report.failed] == ["spy-survives-sabotage"]
    right = Ruling.objects.get(slug="sabotage-cancels-spy")
    wrong = Ruling.objects.get(slug="spy-survives-sabotage")
    assert right.verification == Ruling.Verification.PASSED
    assert wrong.verification == Ruling.Verification.FAILED
    for checked in (right, wrong):
        assert checked.verified_at is not None
        assert checked.verified_engine_version == ENGINE_VERSION
    assert "All 1 expectations hold." in right.verification_detail
    assert wrong.verification_detail.splitlines() == [
        "Expectation failed: players.Alice.hand count 1 does not hold (2 of 3 fail)",
        "Expected players.Alice.hand count 1, found [].",
        'Expected state.action_discard contains "spy", found null.',
    ]


def test_the_command_fails_on_a_disagreement(content: Path) -> None:
    out = StringIO()

    with pytest.raises(CommandError) as info:
        call_command("verify_rulings", "ti4", stdout=out)

    assert "spy-survives-sabotage" in str(info.value)
    assert "ti4/spy-survives-sabotage: DISAGREES" in out.getvalue()
    assert "2 rulings verified" in out.getvalue()
    assert "1 agree, 1 disagree" in out.getvalue()


def test_the_command_passes_when_the_engine_agrees(content: Path) -> None:
    (content / "rulings" / "spy-survives-sabotage.yaml").unlink()
    call_command("load_content", "ti4", "--force", "--no-index", verbosity=0)
    out = StringIO()

    call_command("verify_rulings", stdout=out)

    assert "1 ruling verified" in out.getvalue()
    assert "1 agree, 0 disagree" in out.getvalue()
    assert Ruling.objects.get().is_engine_verified


def test_an_invalid_scenario_is_a_disagreement(content: Path) -> None:
    Ruling.objects.filter(slug="sabotage-cancels-spy").update(
        scenario={"game": "ti4", "players": [{"name": "Alice", "hand": ["nope"]}]}
    )

    report = verify_rulings("ti4")

    failed = {c.ruling.slug: c.detail for c in report.failed}
    assert "/players/0/hand/0: unknown card 'nope'" in failed["sabotage-cancels-spy"]
    assert Ruling.objects.get(slug="sabotage-cancels-spy").verification == "failed"


def test_an_unknown_game_is_an_error(content: Path) -> None:
    with pytest.raises(CommandError, match="unknown game"):
        call_command("verify_rulings", "chess", stdout=StringIO())


def test_stale_checks_only_what_this_engine_has_not_checked(content: Path) -> None:
    assert len(verify_rulings("ti4", stale=True).checks) == 2
    assert verify_rulings("ti4", stale=True).checks == []

    Ruling.objects.filter(slug="sabotage-cancels-spy").update(
        verified_engine_version="0.0.1"
    )
    rerun = verify_rulings("ti4", stale=True)

    assert [check.ruling.slug for check in rerun.checks] == ["sabotage-cancels-spy"]
    assert "No ruling is waiting" in verify_rulings(stale=True).summary()


def test_make_runs_preparation_checks_the_rulings_it_loads(
    content: Path, settings: Any, tmp_path: Path
) -> None:
    """A fresh site shows engine-verified badges: prepare_site (make run) checks
    the loaded rulings, and a disagreement is a warning, not a site that will
    not start."""
    settings.SEARCH_INDEX_DIR = tmp_path / "search"
    Ruling.objects.update(verification=Ruling.Verification.PENDING)
    out, err = StringIO(), StringIO()

    call_command("prepare_site", stdout=out, stderr=err)

    verdicts = dict(Ruling.objects.values_list("slug", "verification"))
    assert verdicts == {
        "sabotage-cancels-spy": Ruling.Verification.PASSED,
        "spy-survives-sabotage": Ruling.Verification.FAILED,
    }
    assert "warning: the engine disagrees with: spy-survives-sabotage" in err.getvalue()
