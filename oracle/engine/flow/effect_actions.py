"""Game actions on effects and events: lasting effects, delays, resets, cancels."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from oracle.engine.core.cards import Card, Player
from oracle.engine.core.context import Context
from oracle.engine.core.effects import Delayed, Lasting, Modifier, Persistent, Until
from oracle.engine.core.events import Event
from oracle.engine.core.game import PLAY
from oracle.engine.flow.actions import Affectable, CardAction, GameAction, PlayerAction

if TYPE_CHECKING:
    from oracle.engine.core.abilities import Ability


@dataclass(frozen=True)
class CardLasting(CardAction):
    """Apply modifiers to a card in play until ``until`` (a lasting effect)."""

    event_name = "lasting_effect"

    effect: Modifier | tuple[Modifier, ...] = ()
    until: Until = field(default_factory=lambda: Until(period="phase"))

    def fits(self, card: Card, ctx: Context) -> bool:
        """Lasting effects fix on cards in play."""
        return card.zone == PLAY

    def verb(self, card: Card, ctx: Context) -> str:
        """Return the log text after the player's name."""
        return f"applies an effect to {ctx.game.name_of(card)} {self.until.describe()}"

    def apply(self, card: Card, ctx: Context) -> None:
        """Register the lasting effect."""
        spec = Persistent(self.effect, target_zone=PLAY, target_controller="any")
        source = ctx.source.id if ctx.source else None
        lasting = Lasting(spec, ctx.player.name, source, self.until, cards=(card.id,))
        ctx.game.lasting.append(lasting)


@dataclass(frozen=True)
class ResetAbilities(CardAction):
    """Clear a card's ability-use counters so its limits start afresh."""

    event_name = "reset_abilities"

    def fits(self, card: Card, ctx: Context) -> bool:
        """Only a card whose abilities were used can be reset."""
        return any(key.startswith(card.id + "#") for key in ctx.game.limits)

    def verb(self, card: Card, ctx: Context) -> str:
        """Return the log text after the player's name."""
        return f"resets the abilities of {ctx.game.name_of(card)}"

    def apply(self, card: Card, ctx: Context) -> None:
        """Forget the uses."""
        for key in [k for k in ctx.game.limits if k.startswith(card.id + "#")]:
            del ctx.game.limits[key]


@dataclass(frozen=True)
class PlayerLasting(PlayerAction):
    """Apply player modifiers until ``until`` (a lasting player effect)."""

    event_name = "lasting_effect"

    effect: Modifier | tuple[Modifier, ...] = ()
    until: Until = field(default_factory=lambda: Until(period="phase"))

    def verb(self, player: Player, ctx: Context) -> str:
        """Return the log text after the player's name."""
        return f"gains an effect {self.until.describe()}"

    def apply(self, player: Player, ctx: Context) -> None:
        """Register the lasting effect."""
        spec = Persistent(self.effect, target_type="player")
        source = ctx.source.id if ctx.source else None
        lasting = Lasting(
            spec, ctx.player.name, source, self.until, players=(player.name,)
        )
        ctx.game.lasting.append(lasting)


@dataclass(frozen=True)
class AtEndOf(PlayerAction):
    """Schedule ``ability`` to resolve when ``period`` next ends (delayed)."""

    event_name = "delay"

    period: str = "turn"
    ability: Ability | None = None

    def verb(self, player: Player, ctx: Context) -> str:
        """Return the log text after the player's name."""
        return f"sets up an effect for the end of the {self.period.replace('_', ' ')}"

    def apply(self, player: Player, ctx: Context) -> None:
        """Register the delayed ability with the choices made so far."""
        if self.ability is None:
            return
        source = ctx.source.id if ctx.source else None
        delayed = Delayed(
            self.period, player.name, source, self.ability, dict(ctx.choices)
        )
        ctx.game.delayed.append(delayed)


def describe_event(event: Event, ctx: Context) -> str:
    """Name an event in a log message: the card played, or the change and card.

    A ``play``/``ability`` event reads as its card ("Strike"), any other as
    "the cancel of Strike" or "the draw".
    """
    words = event.name.replace("_", " ")
    if event.card is None:
        return f"the {words}"
    name = ctx.game.name_of(event.card)
    return name if event.name in ("play", "ability") else f"the {words} of {name}"


@dataclass(frozen=True)
class Cancel(GameAction):
    """Cancel the event that triggered the ability (as a ``cancel`` event,
    itself open to cancel-interrupts: that is how a cancel gets cancelled)."""

    event_name = "cancel"

    rules: tuple[str, ...] = ()

    def default_targets(self, ctx: Context) -> list[Affectable]:
        """The triggering event."""
        return [ctx.event] if ctx.event is not None else []

    def can_affect(self, target: Affectable, ctx: Context) -> bool:
        """An event can be cancelled while it has not happened or been cancelled."""
        return (
            isinstance(target, Event) and not target.cancelled and not target.resolved
        )

    def make_event(self, target: Affectable, ctx: Context) -> Event:
        """Build the ``cancel`` event."""
        assert isinstance(target, Event)
        what = describe_event(target, ctx)
        return Event(
            self.name,
            player=ctx.player.name,
            card=target.card,
            params={"event": target},
            change=lambda e: target.cancel(),
            check=lambda: self.can_affect(target, ctx),
            message=self.message(ctx, f"{ctx.player.name} cancels {what}"),
            rules=self.rules,
            context=ctx,
        )
