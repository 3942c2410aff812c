"""The rule a visitor jumped to on a topic page (``?rule=2.6a``, set by the
rule permalink ``/<game>/rules/2.6a/``): its parent rule, shown above it, and
its text as the page's link-preview description."""

from __future__ import annotations

from dataclasses import dataclass

from rules.ids import canonical_rule_id
from rules.models import Rule
from rules.text import plain_text

JUMP_PARAMETER = "rule"
#: Link previews cut descriptions near 200 characters; cut at a word first.
DESCRIPTION_LENGTH = 200


@dataclass(frozen=True)
class JumpedRule:
    rule: Rule
    parent: Rule | None

    @property
    def description(self) -> str:
        """The rule's own text, plain: no Markdown, no HTML."""
        return plain_text(self.rule.text_html, DESCRIPTION_LENGTH)

    @property
    def what(self) -> str:
        return "Note" if self.rule.is_note else "Rule"


def jumped_rule(rules: list[Rule], wanted: str) -> JumpedRule | None:
    """The rule of ``rules`` (one topic's) that ``wanted`` names, with its
    parent; None when it names none of them."""
    rule_id = canonical_rule_id(wanted[:40]) if wanted else None
    if rule_id is None:
        return None
    by_id = {rule.pk: rule for rule in rules}
    for rule in rules:
        if rule.rule_id == rule_id:
            return JumpedRule(rule, by_id.get(rule.parent_id or 0))
    return None
