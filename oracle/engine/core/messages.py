"""Log messages in the house language: player first, present tense, no final stop."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from oracle.engine.core.cards import Card, Player
from oracle.engine.core.context import Context


def render(value: object, ctx: Context) -> str:
    """Render a message argument: cards by name, players by name, lists joined."""
    if isinstance(value, Card):
        return ctx.game.name_of(value)
    if isinstance(value, Player):
        return value.name
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return join_words([render(v, ctx) for v in value])
    return str(value)


def join_words(words: list[str]) -> str:
    """Join words as English prose.

    >>> join_words(["A", "B", "C"])
    'A, B and C'
    """
    if not words:
        return "nothing"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]


class _Args(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


@dataclass(frozen=True)
class Message:
    """A message template with named arguments computed from the context.

    ``{player}``, ``{source}``, ``{target}`` and every choice name are always
    available; ``args`` adds more (each a function of the context).
    """

    format: str
    args: Mapping[str, Callable[[Context], object]] = field(default_factory=dict)

    def render(self, ctx: Context) -> str:
        """Render the message for a context."""
        values = _Args(player=ctx.player.name)
        if ctx.source is not None:
            values["source"] = ctx.game.name_of(ctx.source)
        for name, choice in ctx.choices.items():
            values[name] = render(choice, ctx)
        if ctx.event is not None and ctx.event.card is not None:
            values.setdefault("event_card", ctx.game.name_of(ctx.event.card))
        for name, fn in self.args.items():
            values[name] = render(fn(ctx), ctx)
        return self.format.format_map(values)


def as_message(value: Message | str | None) -> Message | None:
    """Accept a plain string as a message without arguments."""
    return Message(value) if isinstance(value, str) else value
