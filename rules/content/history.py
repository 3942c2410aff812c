"""When each topic and card first appeared on the site and when its content last
changed. A load replaces every row, so the stored hashes and dates are read
first and carried over for whatever did not change: loading the same content
again changes no date, and what the game's first load brings has none (it is
the reference as the site started, not news)."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass
from typing import Any

from rules.content.specs import CardSpec, TopicSpec
from rules.models import Card, Game, Topic


@dataclass(frozen=True)
class Seen:
    """A row's content hash and its dates, as stored on Topic and Card."""

    content_hash: str
    first_seen: dt.datetime | None = None
    changed: dt.datetime | None = None

    def fields(self) -> dict[str, Any]:
        return {
            "content_hash": self.content_hash,
            "first_seen": self.first_seen,
            "changed": self.changed,
        }


class History:
    """The stored dates of one kind of row of a game, keyed by slug."""

    def __init__(self, stored: dict[str, Seen], now: dt.datetime) -> None:
        self.stored = stored
        self.now = now
        # Nothing stored: the first load, whose items are not news.
        self.is_first_load = not stored

    @classmethod
    def read(cls, model: type[Topic | Card], game: Game, now: dt.datetime) -> History:
        rows = model.objects.filter(game=game).values_list(
            "slug", "content_hash", "first_seen", "changed"
        )
        return cls({slug: Seen(*dates) for slug, *dates in rows}, now)

    def seen(self, slug: str, digest: str) -> Seen:
        """The dates of ``slug`` whose content now hashes to ``digest``."""
        before = self.stored.get(slug)
        if before is None:
            if self.is_first_load:
                return Seen(digest)
            return Seen(digest, self.now, self.now)
        # No hash yet (stored before hashes were kept): adopt, without news.
        if before.content_hash in ("", digest):
            return Seen(digest, before.first_seen, before.changed)
        return Seen(digest, before.first_seen, self.now)


def content_hash(values: dict[str, Any]) -> str:
    """A stable digest of plain values (dates as ISO text)."""
    text = json.dumps(values, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def topic_hash(spec: TopicSpec) -> str:
    """What a reader sees of a topic: its title, texts, rules and links."""
    return content_hash(
        {
            "code": spec.code,
            "title": spec.title,
            "expansion": spec.expansion,
            "summary": spec.summary.source,
            "related": spec.related,
            "rules": [
                [rule.rule_id, rule.kind, rule.text.source, rule.source, rule.date]
                for rule in spec.rules
            ],
        }
    )


def card_hash(spec: CardSpec) -> str:
    """What a reader sees of a card: its fields, texts, notes and rules."""
    return content_hash(
        {
            "name": spec.name,
            "type": spec.type,
            "expansion": spec.expansion,
            "count": spec.count,
            "window": spec.window,
            "timing": spec.timing.source if spec.timing else "",
            "effect": spec.effect.source,
            "flags": spec.flags,
            "rules": spec.rules,
            "faction": spec.faction,
            "attrs": spec.attrs,
            "notes": [[n.text.source, n.source, n.date] for n in spec.notes],
            "replaces": spec.replaces,
        }
    )
