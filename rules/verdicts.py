"""Keep what each engine version answered for each ruling, so that the "what's
new" page can list the answers that changed when the engine did.

``verify_rulings`` (oracle) stores only the newest check on the ruling's row,
and a content load replaces that row. After the checks, ``prepare_site`` calls
:func:`record_verdicts`, which copies each checked ruling's outcome into
:class:`~rules.models.RulingVerdict`, one row per ruling and engine version.
Reading what the ruling rows hold keeps ``rules`` free of oracle imports."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone

from rules.models import Game, Ruling, RulingVerdict

CHECKED = (Ruling.Verification.PASSED, Ruling.Verification.FAILED)


def record_verdicts(game: Game, *, now: dt.datetime | None = None) -> int:
    """Record the current verdict of every checked ruling of ``game``; return
    how many answers changed from the one an earlier engine version gave."""
    when = now or timezone.now()
    rulings = game.rulings.filter(verification__in=CHECKED).exclude(
        verified_engine_version=""
    )
    stored: dict[str, list[RulingVerdict]] = {}
    for verdict in game.verdicts.order_by("recorded_at", "pk"):
        stored.setdefault(verdict.ruling_slug, []).append(verdict)
    changed = 0
    with transaction.atomic():
        for ruling in rulings.only(
            "slug",
            "verification",
            "verification_detail",
            "verified_engine_version",
            "verified_at",
        ):
            verdict = _record(game, ruling, stored.get(ruling.slug, []), when)
            changed += verdict is not None and verdict.changed
    return changed


def _record(
    game: Game, ruling: Ruling, history: list[RulingVerdict], when: dt.datetime
) -> RulingVerdict | None:
    """Store ``ruling``'s verdict as its engine version's; None if unchanged."""
    version = ruling.verified_engine_version
    same = next((v for v in history if v.engine_version == version), None)
    earlier = [v for v in history if v.engine_version != version and v is not same]
    previous = earlier[-1] if earlier else None
    outcome = (ruling.verification, ruling.verification_detail)
    if same is not None and (same.verification, same.detail) == outcome:
        return None
    # A new answer under the same engine comes from new content: it replaces
    # that engine's verdict, and only a difference from an earlier engine's
    # verdict is an engine change.
    verdict = same or RulingVerdict(
        game=game, ruling_slug=ruling.slug, engine_version=version
    )
    verdict.verification, verdict.detail = outcome
    verdict.recorded_at = ruling.verified_at or when
    verdict.changed = previous is not None and (
        (previous.verification, previous.detail) != outcome
    )
    if previous is not None:
        verdict.previous_engine_version = previous.engine_version
        verdict.previous_verification = previous.verification
        verdict.previous_detail = previous.detail
    verdict.save()
    return verdict
