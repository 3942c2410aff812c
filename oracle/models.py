"""Stored oracle runs: every answered scenario, keyed by the hash of its
normalised form, so that the same scenario always has the same permalink."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import orjson
from django.db import connections, models, router
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.base.operations import BaseDatabaseOperations
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils import timezone
from django.utils.functional import cached_property

from oracle.adapters import HASH_LENGTH, Prepared, execute, prepare
from oracle.engine import ENGINE_VERSION
from oracle.slots import oracle_slot
from rules.models import Game

#: Result keys that make up the answer (not its version or bookkeeping).
ANSWER_KEYS = ("ok", "steps", "expect", "error")


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

    def answer(self, prepared: Prepared) -> Answered:
        """The stored answer of a prepared scenario; run it (and store the result)
        when it is new or was answered by another engine version.

        Raises the engine's ``ScenarioError`` when the pack refuses the scenario,
        ``Game.DoesNotExist`` when the game's content is not loaded, and
        ``OracleBusy`` when a new run finds every slot of the node taken.
        """
        slug = prepared.scenario.game
        game_id, run_id, version, stored = self._find_run(slug, prepared.hash)
        if stored is not None and version == ENGINE_VERSION:
            text = stored
        else:
            with oracle_slot():  # OracleBusy when the node runs enough already
                text = result_text(execute(prepared))
            if run_id is None:
                self._store_run(game_id, prepared, text)
            else:
                self.filter(pk=run_id).update(
                    result_json=text,
                    result_size=len(text),
                    engine_version=ENGINE_VERSION,
                    updated=timezone.now(),
                )
        return Answered(slug, prepared.hash, text)

    # The two statements below are the whole database work of an API run, so
    # they are written as SQL: building them with the ORM cost more CPU than
    # running them (about 0.4 ms a query against 0.05 ms on SQLite).

    def _find_run(
        self, slug: str, hash: str
    ) -> tuple[int, int | None, str | None, str | None]:
        """The game's id, and the run's id, engine version and result text (all
        None when the scenario is new), in one query."""
        row = _execute(connections[self.db], LOOKUP, [hash, slug])
        if row is None:
            raise Game.DoesNotExist(f"No game {slug!r} is loaded.")
        return row  # type: ignore[no-any-return]

    def _store_run(self, game_id: int, prepared: Prepared, text: str) -> None:
        """Store a new run. When another request stored the same scenario
        meanwhile, keep that one: the engine is deterministic, so both results
        are the same text."""
        connection = connections[self._db or router.db_for_write(Run)]
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        params = [
            prepared.hash,
            game_id,
            prepared.text,  # JSON already: the JSONField would encode it again
            text,
            len(text),
            ENGINE_VERSION,
            now,
            now,
        ]
        _execute(connection, INSERT, params)


_SQL: dict[str, tuple[str, str]] = {}
LOOKUP, INSERT = 0, 1


def _execute(
    connection: BaseDatabaseWrapper, statement: int, params: list[Any]
) -> tuple[Any, ...] | None:
    """Run statement ``LOOKUP`` or ``INSERT`` of ``_sql``; return its first row
    (None for the insert, or when nothing matched).

    On SQLite the statement goes to the driver's own connection, under
    Django's error translation: Django's cursor wrapper took three times what
    SQLite takes to run either statement (about 45 against 16 microseconds,
    most of it rewriting the placeholders with a regular expression each
    time). Django's cursor stays where queries are logged (DEBUG, tests that
    capture queries) or watched (``execute_wrapper``: tracing, tests), and on
    other databases, whose drivers take ``%s`` but may bind differently from
    Django's cursors (PostgreSQL behind a pooler).
    """
    sql = _sql(connection.vendor, connection.ops)[statement]
    if (
        connection.vendor != "sqlite"
        or connection.queries_logged
        or connection.execute_wrappers
    ):
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.fetchone() if statement == LOOKUP else None
    connection.ensure_connection()
    with connection.wrap_database_errors:
        cursor = connection.connection.execute(_qmark(sql), params)
        return cursor.fetchone() if statement == LOOKUP else None  # type: ignore[no-any-return]


@functools.cache
def _qmark(sql: str) -> str:
    """A statement of ``_sql`` in the placeholders of Python's sqlite3."""
    return sql.replace("%s", "?")  # none of them holds a literal "%"


def _sql(vendor: str, ops: BaseDatabaseOperations) -> tuple[str, str]:
    """The lookup and insert statements of the run endpoint, in the quoting of
    the database vendor (made once per vendor)."""
    if vendor not in _SQL:
        q = ops.quote_name
        run, game = q(Run._meta.db_table), q(Game._meta.db_table)
        lookup = (
            f"SELECT g.{q('id')}, r.{q('id')}, r.{q('engine_version')},"
            f" r.{q('result_json')} FROM {game} g LEFT JOIN {run} r"
            f" ON r.{q('game_id')} = g.{q('id')} AND r.{q('hash')} = %s"
            f" WHERE g.{q('slug')} = %s"
        )
        columns = ["hash", "game_id", "scenario", "result_json", "result_size"]
        columns += ["engine_version"]
        columns += ["created", "updated"]
        values = ["%s"] * len(columns)
        if vendor == "postgresql":  # the scenario comes as JSON text
            values[columns.index("scenario")] = "%s::jsonb"
        insert = (
            f"INSERT INTO {run} ({', '.join(map(q, columns))})"
            f" VALUES ({', '.join(values)})"
            f" ON CONFLICT ({q('hash')}) DO NOTHING"
        )
        _SQL[vendor] = (lookup, insert)
    return _SQL[vendor]


@dataclass(frozen=True)
class Answered:
    """A scenario's answer as the run endpoint and the editor need it: the
    result text as stored and what its permalink is made of."""

    game: str
    hash: str
    result_json: str

    def get_absolute_url(self) -> str:
        return run_url(self.game, self.hash)


def run_url(game: str, hash: str) -> str:
    """The permalink path of a run, ``/<game>/oracle/r/<hash>/``."""
    # reverse() costs more than the rest of the permalink; the path around the
    # hash only changes with the game, the URLconf and the script prefix.
    before, after = _run_url_parts(game, get_urlconf(), get_script_prefix())
    return f"{before}{hash}{after}"


@functools.lru_cache(maxsize=64)
def _run_url_parts(game: str, urlconf: object, prefix: str) -> tuple[str, str]:
    placeholder = "0" * HASH_LENGTH
    before, _, after = reverse("oracle:run", args=[game, placeholder]).rpartition(
        placeholder
    )
    return before, after


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

    def store(self, text: str) -> None:
        """Replace the result with one from the running engine version."""
        self.result_json = text
        self.result_size = len(text)
        self.engine_version = ENGINE_VERSION
        self.updated = timezone.now()
        self.__dict__.pop("result", None)
        Run.objects.filter(pk=self.pk).update(
            result_json=text,
            result_size=self.result_size,
            engine_version=ENGINE_VERSION,
            updated=self.updated,
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
    """The stored form of a result: compact JSON, sorted keys, UTF-8 as is.

    orjson writes the same text as the standard library's
    ``json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False)``
    ten times faster (a tenth of the cost of a new run, see
    docs/PERFORMANCE.md); what it refuses (a non-string key, an integer over
    64 bits) goes through the standard library.
    """
    try:
        return orjson.dumps(result, option=orjson.OPT_SORT_KEYS).decode()
    except (TypeError, orjson.JSONEncodeError):
        return json.dumps(
            result, sort_keys=True, separators=(",", ":"), ensure_ascii=False
        )


def _answer(result: dict[str, Any]) -> dict[str, Any]:
    return {key: result.get(key) for key in ANSWER_KEYS}
