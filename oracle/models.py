"""Stored oracle runs: every answered scenario, keyed by the hash of its
normalised form, so that the same scenario always has the same permalink."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, models, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import cached_property

from oracle.adapters import Prepared, execute, prepare
from oracle.engine import ENGINE_VERSION
from rules.models import Game

#: Result keys that make up the answer (not its version or bookkeeping).
ANSWER_KEYS = ("ok", "steps", "expect", "error")


class RunQuerySet(models.QuerySet["Run"]):
    def answer(self, prepared: Prepared) -> Run:
        """The stored run of a prepared scenario; run it (and store the result)
        when it is new or was answered by another engine version.

        Raises the engine's ``ScenarioError`` when the pack refuses the scenario,
        ``Game.DoesNotExist`` when the game's content is not loaded.
        """
        run = self.filter(hash=prepared.hash).select_related("game").first()
        if run is not None and run.is_current:
            return run
        game = Game.objects.get(slug=prepared.scenario.game)
        text = result_text(execute(prepared))
        if run is not None:
            run.store(text)
            return run
        try:
            # Single statements, no read-then-write transaction: concurrent
            # workers on SQLite wait for each other instead of deadlocking.
            with transaction.atomic():
                return self.create(
                    hash=prepared.hash,
                    game=game,
                    scenario=prepared.canonical,
                    result_json=text,
                    engine_version=ENGINE_VERSION,
                )
        except IntegrityError:  # another request stored the same scenario first
            return self.get(hash=prepared.hash)


@dataclass(frozen=True)
class Rerun:
    """A stored run answered again because the engine version changed."""

    previous_version: str
    changed: bool


class Run(models.Model):
    hash = models.CharField(max_length=64, unique=True)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="oracle_runs")
    scenario = models.JSONField(help_text="The normalised scenario.")
    result_json = models.TextField(
        help_text="The result and error, as compact sorted JSON."
    )
    engine_version = models.CharField(max_length=40)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    objects = RunQuerySet.as_manager()

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.game.slug}/{self.hash}"

    def get_absolute_url(self) -> str:
        return reverse("oracle:run", args=[self.game.slug, self.hash])

    @cached_property
    def result(self) -> dict[str, Any]:
        """The stored result as a mapping."""
        return json.loads(self.result_json)  # type: ignore[no-any-return]

    @property
    def is_current(self) -> bool:
        """Whether the stored result comes from the running engine version."""
        return self.engine_version == ENGINE_VERSION

    def store(self, text: str) -> None:
        """Replace the result with one from the running engine version."""
        self.result_json = text
        self.engine_version = ENGINE_VERSION
        self.updated = timezone.now()
        self.__dict__.pop("result", None)
        Run.objects.filter(pk=self.pk).update(
            result_json=text, engine_version=ENGINE_VERSION, updated=self.updated
        )

    def refresh(self) -> Rerun | None:
        """Run the scenario again if another engine version answered it; say
        which version that was and whether the answer changed.

        Raises ``ScenarioError`` when the scenario is no longer valid.
        """
        if self.is_current:
            return None
        result = execute(prepare(self.scenario, self.game.slug))
        rerun = Rerun(self.engine_version, _answer(result) != _answer(self.result))
        self.store(result_text(result))
        return rerun


def result_text(result: dict[str, Any]) -> str:
    """The stored form of a result: compact JSON, sorted keys."""
    return json.dumps(result, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _answer(result: dict[str, Any]) -> dict[str, Any]:
    return {key: result.get(key) for key in ANSWER_KEYS}
