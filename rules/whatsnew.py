"""What changed in a game, newest first, for the "what's new" page and its Atom
feed: new and changed rulings (their authored dates), topics and cards new or
changed since the game's first load (dates kept at load, see
``rules.content.history``), and ruling answers that changed when the engine
did (``rules.verdicts``). Each source is read with one bounded query."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.db.models import F, QuerySet

from rules.models import RULING_TEXTS, Game, Ruling, RulingVerdict
from rules.pagelinks import PageUrls
from rules.text import plain_text

PER_PAGE = 50
#: Pages beyond this are not offered: each page reads ``page * PER_PAGE`` rows
#: from every source, and the oldest changes are the reference itself.
MAX_PAGES = 20
SUMMARY_LENGTH = 200


@dataclass(frozen=True)
class Change:
    """One line of "what's new": ``kind`` (ruling, topic, card, answer) and
    ``event`` (new, changed, engine), what it is, where, when and in short."""

    kind: str
    event: str
    title: str
    url: str
    when: dt.datetime
    summary: str

    @property
    def date(self) -> str:
        return self.when.date().isoformat()

    @property
    def label(self) -> str:
        """How the line is introduced: "New ruling", "Changed card"..."""
        if self.kind == "answer":
            return "Engine answer changed"
        return f"{self.event.capitalize()} {self.kind}"

    @property
    def guid(self) -> str:
        """A tag URI (RFC 4151), the same on every host and unique per entry:
        a ruling may be new and, later, changed."""
        return f"tag:rulesite,{self.date}:{self.url}#{self.event}-{self.when:%H%M%S}"


@dataclass(frozen=True)
class ChangePage:
    changes: list[Change]
    number: int
    has_older: bool


def changes_page(game: Game, number: int = 1) -> ChangePage:
    """Page ``number`` (1 = newest) of the changes of ``game``."""
    wanted = number * PER_PAGE
    found = recent_changes(game, limit=wanted + 1)
    return ChangePage(
        found[wanted - PER_PAGE : wanted],
        number,
        len(found) > wanted and number < MAX_PAGES,
    )


def recent_changes(game: Game, *, limit: int = PER_PAGE) -> list[Change]:
    """The ``limit`` newest changes of ``game``, newest first."""
    urls = PageUrls(game.slug)
    found = [
        *_ruling_changes(game, urls, limit),
        *_item_changes(_topics(game), "topic", urls.topic, limit),
        *_item_changes(_cards(game), "card", urls.card, limit),
        *_answer_changes(game, urls, limit),
    ]
    found.sort(key=lambda change: (change.when, change.title), reverse=True)
    return found[:limit]


def _midnight(day: dt.date) -> dt.datetime:
    return dt.datetime.combine(day, dt.time.min, tzinfo=dt.UTC)


def _ruling_changes(game: Game, urls: PageUrls, limit: int) -> list[Change]:
    rulings = game.rulings.defer(*RULING_TEXTS)
    new = rulings.order_by("-date", "slug")[:limit]
    changed = rulings.exclude(updated=None).order_by("-updated", "slug")[:limit]
    return [
        *(_ruling_change(ruling, "new", ruling.date, urls) for ruling in new),
        *(
            _ruling_change(ruling, "changed", ruling.updated, urls)
            for ruling in changed
            if ruling.updated is not None
        ),
    ]


def _ruling_change(ruling: Ruling, event: str, day: dt.date, urls: PageUrls) -> Change:
    return Change(
        "ruling",
        event,
        ruling.question,
        urls.ruling(ruling.slug),
        _midnight(day),
        ruling.answer_opening,
    )


def _topics(game: Game) -> QuerySet[Any]:
    return game.topics.values(
        "slug", "prefix", "number", "title", "summary_html", "first_seen", "changed"
    )


def _cards(game: Game) -> QuerySet[Any]:
    return game.cards.values("slug", "name", "effect_html", "first_seen", "changed")


def _item_changes(rows: QuerySet[Any], kind: str, url: Any, limit: int) -> list[Change]:
    """New topics or cards (by ``first_seen``) and changed ones (by
    ``changed``, when it is later than ``first_seen``)."""
    new = rows.exclude(first_seen=None).order_by("-first_seen", "slug")[:limit]
    changed = (
        rows.exclude(changed=None)
        .exclude(changed=F("first_seen"))
        .order_by("-changed", "slug")[:limit]
    )
    return [
        *(_item_change(row, kind, "new", row["first_seen"], url) for row in new),
        *(_item_change(row, kind, "changed", row["changed"], url) for row in changed),
    ]


def _item_change(
    row: dict[str, Any], kind: str, event: str, when: dt.datetime, url: Any
) -> Change:
    if kind == "topic":
        title = f"{row['prefix']}{row['number']} {row['title']}"
        text = row["summary_html"]
    else:
        title, text = row["name"], row["effect_html"]
    return Change(
        kind, event, title, url(row["slug"]), when, plain_text(text, SUMMARY_LENGTH)
    )


def _answer_changes(game: Game, urls: PageUrls, limit: int) -> list[Change]:
    verdicts = list(
        RulingVerdict.objects.filter(game=game, changed=True).order_by(
            "-recorded_at", "ruling_slug"
        )[:limit]
    )
    questions = dict(
        game.rulings.filter(
            slug__in={verdict.ruling_slug for verdict in verdicts}
        ).values_list("slug", "question")
    )
    return [
        Change(
            "answer",
            "engine",
            questions[verdict.ruling_slug],
            urls.ruling(verdict.ruling_slug),
            verdict.recorded_at,
            _answer_summary(verdict),
        )
        for verdict in verdicts
        # A ruling since removed has no page to link to.
        if verdict.ruling_slug in questions
    ]


def _answer_summary(verdict: RulingVerdict) -> str:
    now = _verdict_line(verdict.verification, verdict.detail)
    before = _verdict_line(verdict.previous_verification, verdict.previous_detail)
    return (
        f"Engine {verdict.engine_version}: {now} "
        f"(engine {verdict.previous_engine_version}: {before})"
    )


_OUTCOMES = dict(Ruling.Verification.choices)


def _verdict_line(verification: str, detail: str) -> str:
    """The outcome and the first line of an engine check's detail."""
    first = detail.strip().splitlines()[0] if detail.strip() else ""
    outcome = _OUTCOMES.get(verification, verification)
    return f"{outcome}; {first}" if first else outcome
