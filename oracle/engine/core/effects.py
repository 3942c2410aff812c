"""Persistent and lasting effects: what they declare, and the view they give.

A ``Persistent`` declares *what* (one or several modifiers), *on whom* (matching
cards or players, filtered by controller and zone) and *while* (a condition).
``oracle.engine.flow.view.recompute`` writes every effect in force into a
``View`` after each event.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from oracle.engine.core.cards import Card
from oracle.engine.core.context import Amount, Choice, Context
from oracle.engine.core.events import Event

if TYPE_CHECKING:
    from oracle.engine.core.abilities import Ability
    from oracle.engine.core.game import Game

CardMatch = Literal["self"] | Callable[[Card, Context], bool] | None
Controller = Literal["self", "opponent", "any"]


@dataclass(slots=True)
class View:
    """Everything effects currently modify; compared between passes to settle."""

    card_stats: dict[str, dict[str, int]] = field(default_factory=dict)
    card_flags: dict[str, set[str]] = field(default_factory=dict)
    player_stats: dict[str, dict[str, int]] = field(default_factory=dict)
    player_restrictions: dict[str, list[PlayerCannot]] = field(default_factory=dict)
    # What the passes that settled on this view read (``_inputs``), or None
    # when unknown: not a modification, so views are compared without it.
    inputs: tuple[object, ...] | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Modify:
    """Add ``amount`` (fixed or dynamic) to a card stat."""

    stat: str
    amount: Amount
    target_type: Literal["card"] = "card"

    def apply(self, view: View, target: str, ctx: Context) -> None:
        """Write this modification into the view."""
        amount = self.amount  # ``amount_of`` inline: this runs after every event
        value = amount if isinstance(amount, int) else amount(ctx)
        stats = view.card_stats.setdefault(target, {})
        stats[self.stat] = stats.get(self.stat, 0) + value


@dataclass(frozen=True)
class Gain:
    """Give a card a flag: a keyword, a trait, or ``cannot:<action>``."""

    flag: str
    target_type: Literal["card"] = "card"

    def apply(self, view: View, target: str, ctx: Context) -> None:
        """Write this modification into the view."""
        view.card_flags.setdefault(target, set()).add(self.flag)


def cannot_be(action: str) -> Gain:
    """Return the flag that makes a card immune to game action ``action``."""
    return Gain(f"cannot:{action}")


#: The flag of a card that cannot be targeted (choices that do not target
#: still reach it).
UNTARGETABLE = "cannot:target"


def cannot_be_targeted() -> Gain:
    """Return the flag that makes a card immune to being targeted."""
    return Gain(UNTARGETABLE)


#: The card stat that raises the limits of the card's abilities (``more_uses``).
EXTRA_USES = "extra_uses"


def more_uses(count: int = 1) -> Modify:
    """Return the modifier that lets each limited ability of a card be used
    ``count`` more times per period while it applies."""
    return Modify(EXTRA_USES, count)


#: The flag of a blank card: its printed abilities and effects are switched off.
BLANK = "blank"


def blank() -> Gain:
    """Return the modifier that blanks a card while it applies: the card's
    printed abilities (actions and triggers) and persistent effects are off,
    and come back when it ends. Printed stats and traits stay."""
    return Gain(BLANK)


@dataclass(frozen=True)
class ModifyPlayer:
    """Add ``amount`` to a player value such as a hand limit."""

    key: str
    amount: Amount
    target_type: Literal["player"] = "player"

    def apply(self, view: View, target: str, ctx: Context) -> None:
        """Write this modification into the view."""
        amount = self.amount  # ``amount_of`` inline: this runs after every event
        value = amount if isinstance(amount, int) else amount(ctx)
        stats = view.player_stats.setdefault(target, {})
        stats[self.key] = stats.get(self.key, 0) + value


@dataclass(frozen=True)
class PlayerCannot:
    """Forbid a player to use abilities matching ``predicate`` (rules cited)."""

    predicate: Callable[[Context], bool]
    reason: str
    rules: tuple[str, ...] = ()
    target_type: Literal["player"] = "player"

    def apply(self, view: View, target: str, ctx: Context) -> None:
        """Write this modification into the view."""
        view.player_restrictions.setdefault(target, []).append(self)


@dataclass(frozen=True)
class AttachedStats:
    """Add to a card the printed ``stats`` of every card attached to it."""

    stats: tuple[str, ...]
    target_type: Literal["card"] = "card"

    def apply(self, view: View, target: str, ctx: Context) -> None:
        """Write this modification into the view."""
        game = ctx.game
        for child in game.cards[target].attachments:
            printed = game.definition(game.cards[child]).stats
            for stat in self.stats:
                if printed.get(stat):
                    stats = view.card_stats.setdefault(target, {})
                    stats[stat] = stats.get(stat, 0) + printed[stat]


Modifier = Modify | Gain | ModifyPlayer | PlayerCannot | AttachedStats


@dataclass(frozen=True)
class Persistent:
    """A declared continuous effect (also the shape of every lasting effect).

    ``match``: ``"self"`` (the source card), a predicate, or None (all
    candidates). ``attached`` limits it to the card the source is attached to.
    ``active_in`` lists the source zones where it works ("play" by default).
    ``reads(game)`` (player effects only) returns a value that changes whenever
    anything its ``condition`` or amounts read changes; without it, only a
    player effect with no such function (fixed amounts) is known to read
    nothing. Either way the engine may then skip a recomputation that would
    read the same (``recompute``).
    """

    effect: Modifier | tuple[Modifier, ...]
    match: CardMatch = None
    condition: Callable[[Context], bool] | None = None
    target_controller: Controller = "self"
    target_zone: str | tuple[str, ...] = "play"
    target_type: Literal["card", "player"] = "card"
    active_in: tuple[str, ...] = ("play",)
    attached: bool = False
    rules: tuple[str, ...] = ()
    reads: Callable[[Game], Hashable] | None = None

    @functools.cached_property
    def modifiers(self) -> tuple[Modifier, ...]:
        """Return the modifiers as a tuple (worked out once: read after every
        event)."""
        return self.effect if isinstance(self.effect, tuple) else (self.effect,)

    @functools.cached_property
    def reads_known(self) -> bool:
        """Return whether the engine knows all this effect reads: its source's
        zone and controller, the players, and what ``reads`` returns.

        Card effects are not: their targets depend on whole zones."""
        if self.target_type != "player":
            return False
        if self.reads is not None:
            return True
        return self.condition is None and all(
            isinstance(m, PlayerCannot)
            or (isinstance(m, ModifyPlayer) and isinstance(m.amount, int))
            for m in self.modifiers
        )


def attachment_stats(*stats: str) -> Persistent:
    """Declare a pack rule (``Pack(rule_effects=...)``): the printed ``stats``
    of each attachment count toward the card it is attached to, with no
    declaration on the attachment (L5R's printed skill bonuses)."""
    return Persistent(AttachedStats(stats), match=_has_attachments)


def _has_attachments(card: Card, ctx: Context) -> bool:
    return bool(card.attachments)


def while_attached(
    effect: Modifier | tuple[Modifier, ...],
    *,
    match: CardMatch = None,
    condition: Callable[[Context], bool] | None = None,
) -> Persistent:
    """Declare an effect on the card this attachment is attached to."""
    return Persistent(
        effect, match=match, condition=condition, target_controller="any", attached=True
    )


@dataclass(frozen=True)
class Until:
    """When a lasting effect ends: at the end of a period, at the end of a
    named phase (``phase``: the current one, or the next to come), or after a
    named event; ``Until.first_of`` ends at whichever of several comes first.
    """

    period: str | None = None
    event: str | None = None
    phase: str | None = None
    first: tuple[Until, ...] = ()
    # Only an ``event`` this predicate accepts ends it ("the next unit
    # played"); ``words`` then say which, after "until".
    matching: Callable[[Event], bool] | None = None
    words: str = ""

    @classmethod
    def first_of(cls, *ends: Until) -> Until:
        """Return a duration that ends with the first of ``ends`` to happen."""
        return cls(first=ends)

    def ends_with(self, period: str, phase: object = None) -> bool:
        """Return whether the effect ends when ``period`` ends (``phase``:
        the phase ending, when the period is a phase)."""
        if self.first:
            return any(end.ends_with(period, phase) for end in self.first)
        if self.phase is not None:
            return period == "phase" and phase == self.phase
        return self.period == period

    def ends_after(self, event: Event) -> bool:
        """Return whether the effect ends after ``event``."""
        if self.first:
            return any(end.ends_after(event) for end in self.first)
        return self.event == event.name and (
            self.matching is None or self.matching(event)
        )

    def describe(self) -> str:
        """Return the duration in words."""
        if self.first:
            ends = " or ".join(
                end.describe().removeprefix("until ") for end in self.first
            )
            return f"until {ends}, whichever comes first"
        if self.event:
            return f"until {self.words or self.event.replace('_', ' ')}"
        if self.phase:
            return f"until the end of the {self.phase.replace('_', ' ')} phase"
        return f"until the end of the {(self.period or 'game').replace('_', ' ')}"


Duration = Until | Callable[[Context], Until]


def until_by_use(durations: Mapping[str, Until], default: Until) -> Duration:
    """Return a duration set by how the ability is used: by the window open
    (``"duel"``), else by its kind (``"action"``, ``"reaction"``...), else
    ``default`` ("a shootout action lasts the shootout, a noon one the day")."""

    def pick(ctx: Context) -> Until:
        window = ctx.game.clock.window
        if window is not None and window in durations:
            return durations[window]
        kind = ctx.ability.kind.value if ctx.ability is not None else ""
        return durations.get(kind, default)

    return pick


def duration(until: Duration, ctx: Context) -> Until:
    """Return the duration a lasting effect takes when it is applied."""
    return until if isinstance(until, Until) else until(ctx)


@dataclass(frozen=True)
class Lasting:
    """A lasting effect in force: a spec fixed on cards or players, with a duration."""

    spec: Persistent
    player: str
    source: str | None
    until: Until
    cards: tuple[str, ...] | None = None
    players: tuple[str, ...] | None = None


@dataclass(frozen=True, eq=False)
class Delayed:
    """An ability that resolves when ``period`` next ends ("at end of turn")."""

    period: str
    player: str
    source: str | None
    ability: Ability
    choices: dict[str, Choice] = field(default_factory=dict)
