"""The ability DSL: declarative abilities a card definition carries.

Build abilities with the constructors (``action``, ``reaction``, ``interrupt``,
``forced_reaction``, ``forced_interrupt``, ``cancel_interrupt``) rather than by
hand: they normalise single values into tuples. The usual costs are built in
``oracle.engine.flow.costs``, the game actions in ``oracle.engine.flow``.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol, TypedDict, TypeVar, Unpack

from oracle.engine.core.cards import Card, Player
from oracle.engine.core.context import Amount, Context
from oracle.engine.core.events import Event
from oracle.engine.core.messages import Message, as_message


class AbilityKind(enum.Enum):
    """The kinds of ability, in the order their windows open around an event."""

    ACTION = "action"
    CANCEL = "cancel"
    FORCED_INTERRUPT = "forced_interrupt"
    INTERRUPT = "interrupt"
    FORCED_REACTION = "forced_reaction"
    REACTION = "reaction"

    # Members are singletons compared by identity, so the identity hash agrees
    # with equality; ``Enum``'s own hashes the name in Python, and kinds key the
    # pack's lookups in every window and refusal.
    __hash__ = object.__hash__

    @property
    def is_forced(self) -> bool:
        """Forced abilities resolve without a choice (unless optional)."""
        return self in (AbilityKind.FORCED_INTERRUPT, AbilityKind.FORCED_REACTION)

    @property
    def is_triggered(self) -> bool:
        """Everything but actions answers an event."""
        return self is not AbilityKind.ACTION


# A kind's ``value`` runs Python code on each read (``enum.property``); the log
# and the event of every use of an ability name its kind, so they read it here.
KIND_NAMES: dict[AbilityKind, str] = {kind: kind.value for kind in AbilityKind}


class GameAction(Protocol):
    """What an ability, cost or target needs of a game action.

    The game actions themselves (``oracle.engine.flow.actions.GameAction`` and
    its subclasses) resolve as events, in the layer above the declarations.
    """

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule ids the action's events cite."""
        ...

    def can_affect(self, target: Card | Player | Event, ctx: Context) -> bool:
        """Return whether the action can change ``target`` in this context."""
        ...

    def needs_choice(self, ctx: Context) -> bool:
        """Return whether the default targets depend on choices not made yet."""
        ...

    def has_legal_target(self, ctx: Context) -> bool:
        """Return whether the action could fully resolve on its default targets."""
        ...

    def resolve(
        self, ctx: Context, targets: Sequence[Card | Player | Event] | None = None
    ) -> bool:
        """Resolve the action; return True when every targeted event resolved."""
        ...


T = TypeVar("T")
Trigger = Callable[[Event, Context], bool]
Handler = Callable[[Context], bool | None]
Controller = Literal["self", "opponent", "any"]
OptionRule = Callable[[Context], bool] | GameAction


@dataclass(frozen=True)
class Cost:
    """A cost: a game action on its default target, paid before the effect.

    A cost with a ``target`` makes its own selection: when it is paid its
    player chooses the target's cards (a step names them under ``name`` in
    its ``targets``), and the action is resolved on them; the cost can be
    paid while the target has enough legal choices.
    """

    action: GameAction
    label: str
    target: Target | None = None
    name: str = "cost"

    def can_pay(self, ctx: Context) -> bool:
        """Return whether the cost can be paid in full."""
        return self.action.has_legal_target(ctx)

    def pay(self, ctx: Context) -> bool:
        """Pay the cost; return whether it was paid."""
        return self.action.resolve(ctx)


@dataclass(frozen=True)
class Target:
    """What an ability asks its player to choose, and what makes a choice legal.

    ``mode`` is card, player, option or number. Card targets filter by
    ``card_type``, ``zone``, ``controller``, ``predicate`` and the legality of
    ``action`` (any of them; they are also resolved on the chosen cards).
    ``count`` cards must be chosen, or up to ``count`` when ``up_to`` (zero
    allowed). Options map a label to a legality rule, or ``choices`` builds
    the labels during play (each legal, repeats offered once). Numbers run from
    ``minimum`` to ``maximum`` (fixed or computed). A card target targets
    (``targets``): a card immune to being targeted (``effects.cannot_be_targeted``)
    is not a legal choice; a choice that does not target (``targets=False``,
    "choose" rather than "target") may pick it. ``prompt`` is the text its
    chooser is shown (recorded with the decision); without one the engine
    words it from the mode ("Choose a card"). With ``on_cancel`` the prompt
    also offers ``cancel``: a chooser who cancels calls the use off before
    anything is paid or counted, and ``on_cancel`` resolves instead.
    """

    mode: Literal["card", "player", "option", "number"] = "card"
    card_type: str | tuple[str, ...] | None = None
    zone: str | tuple[str, ...] = "play"
    controller: Controller = "any"
    predicate: Callable[[Card, Context], bool] | None = None
    player_predicate: Callable[[Player, Context], bool] | None = None
    action: GameAction | tuple[GameAction, ...] = ()
    count: int = 1
    up_to: bool = False
    options: Mapping[str, OptionRule] = field(default_factory=dict)
    choices: Callable[[Context], Sequence[str]] | None = None
    minimum: int = 0
    maximum: Amount | None = None
    chooser: Literal["self", "opponent"] = "self"
    prompt: str = ""
    rules: tuple[str, ...] = ()
    targets: bool = True
    on_cancel: Then | None = None

    @property
    def actions(self) -> tuple[GameAction, ...]:
        """Return the target's game actions as a tuple."""
        return self.action if isinstance(self.action, tuple) else (self.action,)

    @property
    def least(self) -> int:
        """Return the fewest choices that satisfy the target."""
        return 0 if self.up_to else self.count


@dataclass(frozen=True)
class Limit:
    """At most ``count`` uses per ``period`` (turn, phase, round, game or a pack
    period). Uses are counted per card and ability, or under a shared ``key``
    (per player unless ``per_player`` is False)."""

    count: int
    period: str
    key: str | None = None
    per_player: bool = True


def per_turn(count: int = 1, key: str | None = None) -> Limit:
    """Limit uses per turn."""
    return Limit(count, "turn", key)


def per_phase(count: int = 1, key: str | None = None) -> Limit:
    """Limit uses per phase."""
    return Limit(count, "phase", key)


def per_round(count: int = 1, key: str | None = None) -> Limit:
    """Limit uses per round."""
    return Limit(count, "round", key)


def per_game(count: int = 1, key: str | None = None) -> Limit:
    """Limit uses per game."""
    return Limit(count, "game", key)


@dataclass(frozen=True)
class Then:
    """A then-clause: resolves only if the first part of the ability resolved."""

    effect: tuple[GameAction, ...] = ()
    handler: Handler | None = None
    condition: Callable[[Context], bool] | None = None
    message: Message | None = None


@dataclass(frozen=True)
class Ability:
    """A declared ability; see the module constructors for the usual shapes."""

    kind: AbilityKind
    title: str = ""
    when: Mapping[str, Trigger] = field(default_factory=dict)
    condition: Callable[[Context], bool] | None = None
    cost: tuple[Cost, ...] = ()
    targets: Mapping[str, Target] = field(default_factory=dict)
    effect: tuple[GameAction, ...] = ()
    handler: Handler | None = None
    then: Then | None = None
    limit: Limit | None = None
    phase: tuple[str, ...] = ()
    window: str | None = None
    location: tuple[str, ...] = ("play",)
    optional: bool = False
    interactive: bool | Callable[[Context], bool] = False
    message: Message | None = None
    played_to: str | None = None
    repeatable: bool = False
    rules: tuple[str, ...] = ()
    silent: bool | Callable[[Context], bool] = False

    def triggers_on(self, event: Event, ctx: Context) -> bool:
        """Return whether this triggered ability answers ``event``."""
        test = self.when.get(event.name)
        return test is not None and test(event, ctx)

    def is_interactive(self, ctx: Context) -> bool:
        """Return whether the ordering of this trigger matters to its player."""
        flag = self.interactive
        return flag(ctx) if callable(flag) else flag

    def is_silent(self, ctx: Context) -> bool:
        """Return whether this forced trigger resolves without a menu entry,
        after every other forced trigger of its window."""
        flag = self.silent
        return flag(ctx) if callable(flag) else flag


class AbilityFields(TypedDict, total=False):
    """The keyword arguments every ability constructor accepts."""

    title: str
    condition: Callable[[Context], bool] | None
    cost: Cost | Sequence[Cost]
    target: Target
    targets: Mapping[str, Target]
    effect: GameAction | Sequence[GameAction]
    handler: Handler | None
    then: Then | None
    limit: Limit | None
    phase: str | Sequence[str]
    window: str | None
    location: str | Sequence[str]
    optional: bool
    interactive: bool | Callable[[Context], bool]
    message: Message | str | None
    played_to: str | None
    repeatable: bool
    rules: Sequence[str]
    silent: bool | Callable[[Context], bool]


def _tuple(value: T | Sequence[T] | None) -> tuple[T, ...]:
    if value is None:
        return ()
    if isinstance(value, (list, tuple)):
        return tuple(value)
    return (value,)  # type: ignore[return-value]


def make(
    kind: AbilityKind, when: Mapping[str, Trigger], fields: AbilityFields
) -> Ability:
    """Build an ability of ``kind``, accepting single values where tuples go."""
    named = dict(fields.get("targets", {}))
    if "target" in fields:
        named["target"] = fields["target"]
    return Ability(
        kind,
        title=fields.get("title", ""),
        when=dict(when),
        condition=fields.get("condition"),
        cost=_tuple(fields.get("cost")),
        targets=named,
        effect=_tuple(fields.get("effect")),
        handler=fields.get("handler"),
        then=fields.get("then"),
        limit=fields.get("limit"),
        phase=_tuple(fields.get("phase")),
        window=fields.get("window"),
        location=_tuple(fields.get("location", "play")),
        optional=fields.get("optional", False),
        interactive=fields.get("interactive", False),
        message=as_message(fields.get("message")),
        played_to=fields.get("played_to"),
        repeatable=fields.get("repeatable", False),
        rules=tuple(fields.get("rules", ())),
        silent=fields.get("silent", False),
    )


def action(**fields: Unpack[AbilityFields]) -> Ability:
    """Declare an action a player may take when they have priority."""
    return make(AbilityKind.ACTION, {}, fields)


def reaction(when: Mapping[str, Trigger], **fields: Unpack[AbilityFields]) -> Ability:
    """Declare a reaction: after ``when`` happens, its player may use it."""
    return make(AbilityKind.REACTION, when, fields)


def interrupt(when: Mapping[str, Trigger], **fields: Unpack[AbilityFields]) -> Ability:
    """Declare an interrupt: before ``when`` happens, its player may use it."""
    return make(AbilityKind.INTERRUPT, when, fields)


def forced_reaction(
    when: Mapping[str, Trigger], **fields: Unpack[AbilityFields]
) -> Ability:
    """Declare a forced reaction: it resolves after ``when`` without a choice."""
    return make(AbilityKind.FORCED_REACTION, when, fields)


def forced_interrupt(
    when: Mapping[str, Trigger], **fields: Unpack[AbilityFields]
) -> Ability:
    """Declare a forced interrupt: it resolves before ``when`` without a choice."""
    return make(AbilityKind.FORCED_INTERRUPT, when, fields)


def cancel_interrupt(
    when: Mapping[str, Trigger], **fields: Unpack[AbilityFields]
) -> Ability:
    """Declare a cancel-interrupt ("when X would happen"); its effect usually
    includes ``Cancel()``."""
    return make(AbilityKind.CANCEL, when, fields)
