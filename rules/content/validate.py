"""Checks across files: unique ids, known vocabulary, and references that resolve."""

from __future__ import annotations

from collections.abc import Iterable

from rules.content.errors import ErrorLog
from rules.content.links import FoundLink, LinkTargets, find_links, malformed_links
from rules.content.markup import raw_html_problems
from rules.content.specs import GameContent, Text


def check_unique(content: GameContent, log: ErrorLog) -> None:
    seen: dict[tuple[str, str], str] = {}

    def claim(kind: str, key: str, file: str, line: int) -> None:
        if not key:
            return
        if (kind, key) in seen:
            log.add(
                file, line, f"duplicate {kind} {key!r} (also in {seen[(kind, key)]})"
            )
        else:
            seen[(kind, key)] = f"{file}:{line}"

    for topic in content.topics:
        claim("topic", topic.slug, topic.file, topic.line)
        claim("topic number", topic.code, topic.file, topic.line)
        for rule in topic.rules:
            claim("rule id", rule.rule_id, rule.text.file, rule.text.line)
    for card in content.cards:
        claim("card", card.slug, card.file, card.lines.get("slug", 1))
    for term in content.terms:
        claim("term", term.slug, term.file, term.line)
    for ruling in content.rulings:
        claim("ruling", ruling.slug, ruling.file, ruling.lines.get("slug", 1))


def check_references(content: GameContent, log: ErrorLog) -> None:
    vocab = content.game.vocabularies
    topics = {topic.slug for topic in content.topics}
    rule_ids = {rule.rule_id for topic in content.topics for rule in topic.rules}
    card_slugs = {card.slug for card in content.cards}
    for topic in content.topics:
        _check_all(
            topic.related, topics, "related topic", topic.file, topic.related_line, log
        )
        _check_in(
            topic.expansion,
            vocab["expansions"],
            "expansion",
            topic.file,
            topic.expansion_line or topic.line,
            log,
        )
    for card in content.cards:
        line = card.lines.get
        _check_in(
            card.type, vocab["card_types"], "card type", card.file, line("type", 1), log
        )
        _check_in(
            card.expansion,
            vocab["expansions"],
            "expansion",
            card.file,
            line("expansion", 1),
            log,
        )
        if card.window:
            _check_in(
                card.window,
                vocab["windows"],
                "window",
                card.file,
                line("window", 1),
                log,
            )
        _check_all(
            card.flags, set(vocab["flags"]), "flag", card.file, line("flags", 1), log
        )
        _check_all(card.rules, rule_ids, "rule id", card.file, line("rules", 1), log)
    for term in content.terms:
        if term.topic is not None:
            _check_all([term.topic], topics, "topic", term.file, term.line, log)
        if term.rule is not None:
            _check_all([term.rule], rule_ids, "rule id", term.file, term.rule_line, log)
    for ruling in content.rulings:
        line = ruling.lines.get
        _check_all(ruling.cards, card_slugs, "card", ruling.file, line("cards", 1), log)
        _check_all(
            ruling.rules, rule_ids, "rule id", ruling.file, line("rules", 1), log
        )
        _check_scenario_game(ruling.scenario, content.game.slug, ruling.file, line, log)


def _check_scenario_game(
    scenario: dict[str, object] | None,
    slug: str,
    file: str,
    line: object,
    log: ErrorLog,
) -> None:
    if scenario is None:
        return
    game = scenario.get("game", slug)
    if game != slug:
        log.add(file, 1, f"scenario is for game {game!r}, not {slug!r}")


def _check_in(
    value: str, allowed: dict[str, str], what: str, file: str, line: int, log: ErrorLog
) -> None:
    if value and value not in allowed:
        choices = ", ".join(sorted(allowed)) or "none defined in game.yaml"
        log.add(file, line, f"unknown {what} {value!r} (known: {choices})")


def _check_all(
    values: Iterable[str],
    known: set[str],
    what: str,
    file: str,
    line: int,
    log: ErrorLog,
) -> None:
    for value in values:
        if value not in known:
            log.add(file, line, f"unknown {what} {value!r}")


def markdown_fields(content: GameContent) -> Iterable[Text]:
    for topic in content.topics:
        yield topic.summary
        for rule in topic.rules:
            yield rule.text
    for card in content.cards:
        yield card.effect
        if card.timing:
            yield card.timing
        yield from card.attr_texts.values()
        yield from (note.text for note in card.notes)
    for term in content.terms:
        yield term.definition
    for ruling in content.rulings:
        yield ruling.answer


def check_links(content: GameContent, targets: LinkTargets, log: ErrorLog) -> None:
    for text in markdown_fields(content):
        for link in find_links(text.source):
            if problem := targets.problem(link):
                log.add(text.file, text.line + link.line_offset, problem)


def check_markup(content: GameContent, log: ErrorLog) -> None:
    """Each Markdown field on its own: cross-links well formed, raw HTML that
    reaches the page as written (nothing silently dropped)."""
    for text in markdown_fields(content):
        for offset, message in malformed_links(text.source):
            log.add(text.file, text.line + offset, message)
        if "<" in text.source:
            for offset, message in raw_html_problems(text.source):
                log.add(text.file, text.line + offset, message)


__all__ = [
    "FoundLink",
    "check_links",
    "check_markup",
    "check_references",
    "check_unique",
]
