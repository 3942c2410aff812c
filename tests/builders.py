"""Builders for small, valid content folders that tests then break on purpose."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

GAME_YAML = """\
slug: demo
name: Demo Game
short_name: Demo
reference: {name: Demo Reference, version: "1.0", date: 2024-01-01}
card_types: {action: Action card}
expansions: {base: Base game}
windows: {action: Action, when-card-played: When a card is played}
flags: {offensive: Offensive}
"""

TOPIC_CARDS = """\
---
number: 2
title: Cards
slug: cards
related: [turns]
---
How cards work, see [[topic:turns]].

2.1 Draw one card each turn; see [[card:cancel]].
2.2 Hand limit is seven.
2.2a Effects may change the limit.

## Notes
2.N1 [faq 2024-02-03] A note with a source, citing [[rule:2.2a]].
"""

TOPIC_TURNS = """\
---
number: 1
title: Turns
slug: turns
---
Players take turns.

1.1 The active player acts, then the next player.
"""

CARD_CANCEL = """\
slug: cancel
name: Cancel
type: action
expansion: base
count: 2
window: when-card-played
timing: When another player plays a card
effect: Cancel that card; see [[rule:2.1]].
flags: []
rules: ["2.1"]
"""

TERMS = """\
- term: active player
  slug: active-player
  topic: turns
  definition: The player whose turn it is.
"""

RULING = """\
slug: cancel-a-cancel
question: Can a Cancel be cancelled?
answer: |
  Yes: [[card:cancel]] may target another [[card:cancel|Cancel]].
cards: [cancel]
rules: ["2.1"]
source: community
date: 2024-03-01
"""


def write_game(root: Path, **files: str | None) -> Path:
    """Write a valid ``demo`` game under ``root``; ``files`` overrides or removes
    (None) individual files, keyed by relative path with '/' → '__'."""
    contents = {
        "game.yaml": GAME_YAML,
        "topics/001-turns.md": TOPIC_TURNS,
        "topics/002-cards.md": TOPIC_CARDS,
        "cards/cancel.yaml": CARD_CANCEL,
        "terms.yaml": TERMS,
        "rulings/cancel-a-cancel.yaml": RULING,
    }
    for key, text in files.items():
        contents[key.replace("__", "/")] = text  # type: ignore[assignment]
    directory = root / "demo"
    for relative, text in contents.items():
        if text is None:
            continue
        path = directory / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dedent(text), encoding="utf-8")
    return directory
