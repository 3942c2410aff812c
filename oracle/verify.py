"""Engine-verified rulings: run every ruling that carries a scenario and record
on the ruling whether the engine agrees (``verify_rulings`` and the tests).

A ruling passes when its scenario runs to the end (``ok``) and every ``expect``
item holds. Rejected steps are answers, not failures: a ruling may expect them.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone

from oracle.adapters import NotImplementedCards, has_oracle
from oracle.answers import ExpectView, present
from oracle.ask import run_now
from oracle.engine import ENGINE_VERSION, ScenarioError
from oracle.engine.core.pack import Pack
from rules.models import Ruling

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Check:
    """The engine's verdict on one ruling."""

    ruling: Ruling
    passed: bool
    detail: str


@dataclass
class Report:
    """Every ruling checked in one run of ``verify_rulings``."""

    checks: list[Check] = field(default_factory=list)
    stale_only: bool = False

    @property
    def failed(self) -> list[Check]:
        return [check for check in self.checks if not check.passed]

    @property
    def ok(self) -> bool:
        return not self.failed

    def summary(self) -> str:
        total = len(self.checks)
        if not total and self.stale_only:
            return f"No ruling is waiting to be checked by engine {ENGINE_VERSION}."
        if not total:
            return "No ruling has a scenario to verify."
        noun = "ruling" if total == 1 else "rulings"
        return (
            f"{total} {noun} verified with engine {ENGINE_VERSION}: "
            f"{total - len(self.failed)} agree, {len(self.failed)} disagree."
        )


def rulings_to_verify(
    game: str | None = None, *, stale: bool = False
) -> QuerySet[Ruling]:
    """The rulings with a scenario (of ``game``, or all); with ``stale``, only
    those this engine version has not checked since they were loaded (a load
    makes every ruling of the game pending again)."""
    rulings = Ruling.objects.with_scenario().select_related("game")
    if game is not None:
        rulings = rulings.filter(game__slug=game)
    if stale:
        rulings = rulings.filter(
            Q(verification=Ruling.Verification.PENDING)
            | ~Q(verified_engine_version=ENGINE_VERSION)
        )
    return rulings.order_by("game__slug", "slug")


def verify_rulings(
    game: str | None = None, *, stale: bool = False, now: dt.datetime | None = None
) -> Report:
    """Check every ruling with a scenario (of ``game``, or all; with ``stale``
    only those not yet checked by this engine) and record the outcome, the time
    and the engine version on each ruling."""
    when = now or timezone.now()
    report = Report(stale_only=stale)
    for ruling in rulings_to_verify(game, stale=stale):
        check = check_ruling(ruling)
        record(check, when)
        report.checks.append(check)
    return report


def check_ruling(ruling: Ruling) -> Check:
    """Run one ruling's scenario and compare it with its expectations."""
    slug = ruling.game.slug
    if not has_oracle(slug):
        return Check(ruling, False, f"no oracle pack answers {slug!r} scenarios")
    try:
        ran = run_now(ruling.scenario, slug)
    except NotImplementedCards as error:
        return Check(ruling, False, error.message)
    except ScenarioError as error:
        problems = "; ".join(f"{p.path or '/'}: {p.message}" for p in error.problems)
        return Check(ruling, False, f"the scenario is invalid: {problems}")
    except Exception as error:  # an engine bug must not hide the other rulings
        logger.exception("The engine failed on ruling %s", ruling.slug)
        return Check(
            ruling, False, f"the engine failed: {type(error).__name__}: {error}"
        )
    pack, scenario = ran.prepared.pack, ran.prepared.canonical
    return Check(ruling, passes(ran.result), describe(pack, scenario, ran.result))


def passes(result: Mapping[str, Any]) -> bool:
    """Whether a result agrees with its scenario's expectations."""
    expect = result.get("expect", [])
    return bool(result.get("ok")) and all(item.get("passed") for item in expect)


def describe(pack: Pack, scenario: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """The verdict line, then every expectation that does not hold."""
    answer = present(pack, scenario, result)
    lines = [answer.verdict.line()]
    expectations = answer.expectations
    if not expectations:
        lines.append("The scenario has no expectations to check.")
    lines.extend(disagreements(expectations))
    if expectations and all(item.passed for item in expectations):
        lines.append(f"All {len(expectations)} expectations hold.")
    return "\n".join(lines)


def disagreements(expectations: Iterable[ExpectView]) -> list[str]:
    """One sentence per expectation that does not hold."""
    return [
        f"Expected {item.text}, found {item.actual}."
        for item in expectations
        if not item.passed
    ]


def record(check: Check, when: dt.datetime) -> None:
    """Store a check on its ruling."""
    ruling = check.ruling
    ruling.verification = (
        Ruling.Verification.PASSED if check.passed else Ruling.Verification.FAILED
    )
    ruling.verified_at = when
    ruling.verified_engine_version = ENGINE_VERSION
    ruling.verification_detail = check.detail
    ruling.save(
        update_fields=[
            "verification",
            "verified_at",
            "verified_engine_version",
            "verification_detail",
        ]
    )
