"""Load a game's fixtures into the database: validate all, then replace all."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from rules.content.cardfields import check_cards
from rules.content.errors import ErrorLog
from rules.content.fields import SLUG
from rules.content.implementation import implemented_cards
from rules.content.links import LinkTargets, Target, normalise_term
from rules.content.markup import Renderer
from rules.content.reader import fingerprint, read_content
from rules.content.specs import GameContent
from rules.content.validate import (
    check_links,
    check_markup,
    check_references,
    check_unique,
)
from rules.content.writer import write_content


@dataclass(frozen=True)
class LoadReport:
    game: str
    changed: bool
    topics: int
    rules: int
    cards: int
    terms: int
    rulings: int

    def __str__(self) -> str:
        state = "loaded" if self.changed else "already up to date"
        return (
            f"{self.game}: {state} — {self.topics} topics, "
            f"{self.rules} rules and notes, {self.cards} cards, "
            f"{self.terms} terms, {self.rulings} rulings"
        )


def validate_directory(directory: Path) -> GameContent:
    """Parse and check everything; raise ContentErrors listing every problem."""
    log = ErrorLog()
    content = read_content(directory, log)
    if content is None:
        log.raise_if_any()
        raise AssertionError("read_content returned None without errors")
    if content.game.slug and content.game.slug != directory.name:
        log.add(
            content.game.file,
            content.game.lines.get("slug", 1),
            f"slug {content.game.slug!r} must match the folder name {directory.name!r}",
        )
    if not SLUG.match(content.game.slug):
        # Every URL of the game hangs on its slug: nothing more can be checked.
        log.raise_if_any()
    # A file with an error is left out of ``content`` (links to it break).
    files_failed = bool(log.errors)
    check_markup(content, log)
    log.files_failed(files_failed)
    check_unique(content, log)
    check_references(content, log)
    check_cards(content, log)
    check_links(content, link_targets(content), log)
    log.raise_if_any()
    return content


def load_game(directory: Path, *, force: bool = False) -> LoadReport:
    """Validate ``directory`` and replace its game's content in one transaction.

    Loading unchanged content again is a no-op unless ``force`` is set; that case
    is answered from the fingerprint alone, without parsing anything.
    """
    from rules.models import Game

    # The folder name is the game's slug (validate_directory insists on it).
    implemented = implemented_cards(directory.name)
    version = fingerprint(directory, json.dumps(implemented, sort_keys=True))
    existing = Game.objects.filter(slug=directory.name).first()
    if existing is not None and existing.content_version == version and not force:
        return _report_from_database(existing)
    content = validate_directory(directory)
    content.version = version
    rendered = Renderer(link_targets(content))
    with transaction.atomic():
        write_content(content, rendered, implemented, now=timezone.now())
    return LoadReport(
        game=content.game.slug,
        changed=True,
        topics=len(content.topics),
        rules=sum(len(topic.rules) for topic in content.topics),
        cards=len(content.cards),
        terms=len(content.terms),
        rulings=len(content.rulings),
    )


def _report_from_database(game: Any) -> LoadReport:
    return LoadReport(
        game=game.slug,
        changed=False,
        topics=game.topics.count(),
        rules=game.rules.count(),
        cards=game.cards.count(),
        terms=game.terms.count(),
        rulings=game.rulings.count(),
    )


def link_targets(content: GameContent) -> LinkTargets:
    game = content.game.slug
    targets = LinkTargets()
    for topic in content.topics:
        if not SLUG.match(topic.slug):
            continue  # already reported; it has no URL
        url = reverse("rules:topic", args=[game, topic.slug])
        targets.add(
            Target("topic", topic.slug, url, topic.title, f"{topic.code} {topic.title}")
        )
        for rule in topic.rules:
            targets.add(
                Target(
                    "rule",
                    rule.rule_id,
                    f"{url}#{rule.rule_id}",
                    rule.rule_id,
                    f"{topic.title} {rule.rule_id}",
                )
            )
    for card in content.cards:
        if not SLUG.match(card.slug):
            continue  # already reported; it has no URL
        url = reverse("rules:card", args=[game, card.slug])
        targets.add(Target("card", card.slug, url, card.name, card.name))
    glossary = reverse("rules:glossary", args=[game])
    for term in content.terms:
        targets.add(
            Target(
                "term", term.slug, f"{glossary}#term-{term.slug}", term.term, term.term
            ),
            normalise_term(term.term),
        )
    for ruling in content.rulings:
        if not SLUG.match(ruling.slug):
            continue  # already reported; it has no URL
        url = reverse("rules:ruling", args=[game, ruling.slug])
        targets.add(
            Target("ruling", ruling.slug, url, ruling.question, ruling.question)
        )
    return targets
