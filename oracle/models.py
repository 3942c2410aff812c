"""Stored oracle runs: every answered scenario, keyed by the hash of its
normalised form, so that the same scenario always has the same permalink."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from django.db import connections, models
from django.db.backends.base.base import BaseDatabaseWrapper
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import cached_property

from oracle.engine import ENGINE_VERSION
from rules.models import Game, Ruling


class RunQuerySet(models.QuerySet["Run"]):
    def prunable(
        self,
        *,
        older_than: timedelta | None = None,
        larger_than: int | None = None,
    ) -> RunQuerySet:
        """The runs not answered again for ``older_than`` (by ``updated``), and
        those whose result has more than ``larger_than`` characters: either
        criterion selects a run; none given selects none."""
        chosen = models.Q(pk__in=[])
        if older_than is not None:
            chosen |= models.Q(updated__lt=timezone.now() - older_than)
        if larger_than is not None:
            chosen |= models.Q(result_size__gt=larger_than)
        return self.filter(chosen)

    # The lookup and the insert of a run request are written as SQL, run
    # through Django's cursor: composed with the ORM they cost several times
    # the CPU of running them (docs/DECISIONS.md).

    def lookup(
        self, game: str, hash: str
    ) -> tuple[int, int | None, str | None, str | None]:
        """The id of game ``game``, and the id, engine version and result text of
        its run ``hash`` (all three None when there is none), in one query.

        Raises ``Game.DoesNotExist`` when the game is not loaded.
        """
        row = self._sql(LOOKUP, [hash, game])
        if row is None:
            raise Game.DoesNotExist(f"No game {game!r} is loaded.")
        return row  # type: ignore[no-any-return]

    def store_new(
        self, game_id: int, hash: str, scenario_json: str, result_json: str
    ) -> None:
        """Store a new run (``scenario_json``: the normalised scenario as JSON
        text). When another request stored the same scenario meanwhile, keep that
        one: the engine is deterministic, so both results are the same text."""
        now = timezone.now()
        size = len(result_json)
        params = [hash, game_id, scenario_json, result_json, size, ENGINE_VERSION]
        self._sql(INSERT, [*params, now, now])

    def _sql(self, statement: int, params: list[Any]) -> Any:
        """Run statement ``LOOKUP`` (and return its row) or ``INSERT``."""
        connection = connections[self.db]
        with connection.cursor() as cursor:
            cursor.execute(_statements(connection)[statement], params)
            return cursor.fetchone() if statement == LOOKUP else None


LOOKUP, INSERT = 0, 1
_STATEMENTS: dict[str, tuple[str, str]] = {}


def _statements(connection: BaseDatabaseWrapper) -> tuple[str, str]:
    """The lookup and insert statements in the quoting of the connection's
    database (made once per vendor)."""
    vendor, q = connection.vendor, connection.ops.quote_name
    if vendor not in _STATEMENTS:
        run, game = q(Run._meta.db_table), q(Game._meta.db_table)
        lookup = (
            f"SELECT g.{q('id')}, r.{q('id')}, r.{q('engine_version')},"
            f" r.{q('result_json')} FROM {game} g LEFT JOIN {run} r"
            f" ON r.{q('game_id')} = g.{q('id')} AND r.{q('hash')} = %s"
            f" WHERE g.{q('slug')} = %s"
        )
        columns = ["hash", "game_id", "scenario", "result_json", "result_size"]
        columns += ["engine_version", "created", "updated"]
        values = ["%s"] * len(columns)
        if vendor == "postgresql":  # the scenario comes as JSON text
            values[columns.index("scenario")] = "%s::jsonb"
        insert = (
            f"INSERT INTO {run} ({', '.join(map(q, columns))})"
            f" VALUES ({', '.join(values)}) ON CONFLICT ({q('hash')}) DO NOTHING"
        )
        _STATEMENTS[vendor] = (lookup, insert)
    return _STATEMENTS[vendor]


def run_url(game: str, hash: str) -> str:
    """The permalink path of a run, ``/<game>/oracle/r/<hash>/``."""
    return reverse("oracle:run", args=[game, hash])


class Run(models.Model):
    hash = models.CharField(max_length=64, unique=True)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="oracle_runs")
    scenario = models.JSONField(help_text="The normalised scenario.")
    result_json = models.TextField(
        help_text="The result and error, as compact sorted JSON."
    )
    result_size = models.PositiveBigIntegerField(
        default=0,
        help_text="Characters of the stored result: its page, pruning and the admin "
        "read this instead of the result.",
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
        return run_url(self.game.slug, self.hash)

    @cached_property
    def result(self) -> dict[str, Any]:
        """The stored result as a mapping."""
        return json.loads(self.result_json)  # type: ignore[no-any-return]

    @property
    def is_current(self) -> bool:
        """Whether the stored result comes from the running engine version."""
        return self.engine_version == ENGINE_VERSION


class RulingKey(models.Model):
    """The question a ruling's scenario asks, as the hash of its canonical
    form without ``question`` and ``expect`` (``oracle.related``): a run
    with the same key asks the same question. Made on first need, again
    when the engine version (and so the canonical form) changes; reloading
    the content deletes the rulings and with them their keys."""

    ruling = models.OneToOneField(
        Ruling, on_delete=models.CASCADE, primary_key=True, related_name="oracle_key"
    )
    key = models.CharField(
        max_length=64, db_index=True, blank=True, help_text="Blank: not valid now."
    )
    engine_version = models.CharField(max_length=40)

    def __str__(self) -> str:
        return f"{self.ruling_id}: {self.key or '-'}"
