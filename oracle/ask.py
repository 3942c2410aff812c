"""Asking the oracle: the one path from a scenario to its answer.

The API, the editor, the run pages, the command line and ``verify_rulings``
all come here:

- ``ask``: the answer and its permalink. The stored run when the running
  engine version answered the same scenario before; otherwise a new run (in one
  of the node's oracle slots), stored.
- ``run_now``: a new run, never stored, for those that check the engine as it
  is (the command line, ``verify_rulings``).
- ``refresh``: a stored run answered again when another engine version gave it.

A refused scenario raises ``ScenarioError``; when it names cards the pack does
not implement, ``NotImplementedCards`` (for ``ask``, also cards of the game's
reference that the pack does not know).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from oracle.adapters import (
    Prepared,
    canonical_json,
    execute,
    prepare,
    with_listed_cards,
)
from oracle.engine import ENGINE_VERSION, ScenarioError
from oracle.models import Run, run_url
from oracle.slots import oracle_slot

#: Result keys that make up the answer (not its version or bookkeeping).
ANSWER_KEYS = ("ok", "steps", "expect", "error")


@dataclass(frozen=True)
class Asked:
    """A scenario's answer: the result as stored (canonical JSON) and what its
    permalink is made of."""

    prepared: Prepared
    result_json: str

    def get_absolute_url(self) -> str:
        return run_url(self.prepared.scenario.game, self.prepared.hash)


@dataclass(frozen=True)
class Ran:
    """A scenario run now, and its result."""

    prepared: Prepared
    result: dict[str, Any]


@dataclass(frozen=True)
class Rerun:
    """A stored run answered again because the engine version changed."""

    previous_version: str
    changed: bool


def ask(data: object, game: str) -> Asked:
    """The answer of scenario ``data`` of ``game``, from its stored run or a new
    run (stored).

    Raises ``ScenarioError`` when the pack refuses the scenario,
    ``Game.DoesNotExist`` when the game's content is not loaded, and
    ``OracleBusy`` when a new run finds every slot of the node taken.
    """
    try:
        prepared = prepare(data, game)
    except ScenarioError as error:
        raise with_listed_cards(error, game) from None
    game_id, run_id, version, stored = Run.objects.lookup(game, prepared.hash)
    if stored is not None and version == ENGINE_VERSION:
        return Asked(prepared, stored)
    with oracle_slot():  # OracleBusy when the node runs enough already
        try:
            text = canonical_json(execute(prepared))
        except ScenarioError as error:
            raise with_listed_cards(error, game) from None
    if run_id is None:
        Run.objects.store_new(game_id, prepared.hash, prepared.text, text)
    else:
        Run.objects.filter(pk=run_id).update(**_result_fields(text))
    return Asked(prepared, text)


def run_now(data: object, game: str | None = None) -> Ran:
    """Run scenario ``data`` (of ``game``, or of the game it names) now.

    Raises ``ScenarioError`` when the pack refuses the scenario, in the engine's
    own words: unlike ``ask`` it asks no database which cards the game has.
    """
    prepared = prepare(data, game)
    return Ran(prepared, execute(prepared))


def refresh(run: Run) -> Rerun | None:
    """Run a stored scenario again if another engine version answered it; say
    which version that was and whether the answer changed.

    Raises ``ScenarioError`` when the scenario is no longer valid.
    """
    if run.is_current:
        return None
    previous = run.result
    result = execute(prepare(run.scenario, run.game.slug))
    text = canonical_json(result)
    rerun = Rerun(run.engine_version, _answer(result) != _answer(previous))
    fields = _result_fields(text)
    Run.objects.filter(pk=run.pk).update(**fields)
    for name, value in fields.items():
        setattr(run, name, value)
    run.__dict__.pop("result", None)
    return rerun


def _result_fields(text: str) -> dict[str, Any]:
    return {
        "result_json": text,
        "result_size": len(text),
        "engine_version": ENGINE_VERSION,
        "updated": timezone.now(),
    }


def _answer(result: dict[str, Any]) -> dict[str, Any]:
    return {key: result.get(key) for key in ANSWER_KEYS}
