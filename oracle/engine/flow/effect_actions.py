"""Game actions on effects and events: lasting effects, delays, resets, cancels."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from oracle.engine.core.cards import Card, Player
from oracle.engine.core.context import Context
from oracle.engine.core.effects import (
    CardMatch,
    Controller,
    Delayed,
    Duration,
    Lasting,
    Modifier,
    Persistent,
    Until,
    duration,
)
from oracle.engine.core.events import Event
from oracle.engine.flow.actions import Affectable, CardAction, GameAction, PlayerAction

if TYPE_CHECKING:
    from oracle.engine.core.abilities import Ability
    from oracle.engine.core.pack import Pack


@dataclass(frozen=True)
class CardLasting(CardAction):
    """Apply modifiers to a card until ``until`` (a lasting effect).

    ``zones``: where the card may be for the effect to fix on it (None: the
    zones the pack counts as in play). The effect holds while the card stays
    in the zone where it fixed: a card that leaves it is a new card to the
    rules, so the effect ends (``flow.events``). Aimed at a card elsewhere,
    the effect does not fix and the log says so.
    """

    event_name = "lasting_effect"

    effect: Modifier | tuple[Modifier, ...] = ()
    until: Duration = field(default_factory=lambda: Until(period="phase"))
    zones: tuple[str, ...] | None = None

    def zones_in(self, pack: Pack) -> tuple[str, ...]:
        """Return the zones where the effect fixes on a card."""
        return pack.in_play_zones if self.zones is None else self.zones

    def fits(self, card: Card, ctx: Context) -> bool:
        """Lasting effects fix on cards in their zones."""
        return card.zone in self.zones_in(ctx.game.pack)

    def resolve(
        self, ctx: Context, targets: Sequence[Affectable] | None = None
    ) -> bool:
        """Resolve as any game action; a card outside the zones is named in the
        log rather than passed over in silence."""
        chosen = self.default_targets(ctx) if targets is None else list(targets)
        zones = self.zones_in(ctx.game.pack)
        for card in chosen:
            if isinstance(card, Card) and card.zone not in zones:
                where = " or ".join(z.replace("_", " ") for z in zones)
                ctx.game.say(
                    ctx.player.name,
                    f"{ctx.player.name} cannot apply an effect to "
                    f"{ctx.game.name_of(card)}: it is not in {where}",
                    event=self.name,
                    cards=(card.id,),
                    rules=self.rules,
                )
        return super().resolve(ctx, targets)

    def declaration_problems(self, ability: Ability, pack: Pack) -> list[str]:
        """Name a target this effect is aimed at that never offers a card of
        the zones where it fixes."""
        name = "target" if self.on is None else self.on
        spec = ability.targets.get(name) if isinstance(name, str) else None
        if spec is None or spec.mode != "card":
            return []
        offered = (spec.zone,) if isinstance(spec.zone, str) else spec.zone
        zones = self.zones_in(pack)
        if "any" in offered or set(offered) & set(zones):
            return []
        return [
            f"a lasting effect on {name!r} fixes only on cards in "
            f"{', '.join(zones)}, but the target picks from {', '.join(offered)}"
        ]

    def verb(self, card: Card, ctx: Context) -> str:
        """Return the log text after the player's name."""
        until = duration(self.until, ctx).describe()
        return f"applies an effect to {ctx.game.name_of(card)} {until}"

    def apply(self, card: Card, ctx: Context) -> None:
        """Register the lasting effect, bound to the card's zone."""
        spec = Persistent(self.effect, target_zone=card.zone, target_controller="any")
        source = ctx.source.id if ctx.source else None
        lasting = Lasting(
            spec, ctx.player.name, source, duration(self.until, ctx), cards=(card.id,)
        )
        ctx.game.lasting.append(lasting)


@dataclass(frozen=True)
class LastingMatch(PlayerAction):
    """A lasting effect on every card that matches while it lasts: ``match``
    and ``condition`` are checked after every event (a card that comes to
    match later is reached too), on cards of ``target_zone`` controlled as
    ``target_controller`` says, from the acting player's side."""

    event_name = "lasting_effect"

    effect: Modifier | tuple[Modifier, ...] = ()
    until: Duration = field(default_factory=lambda: Until(period="phase"))
    match: CardMatch = None
    condition: Callable[[Context], bool] | None = None
    target_controller: Controller = "self"
    target_zone: str | tuple[str, ...] = "play"

    def verb(self, player: Player, ctx: Context) -> str:
        """Return the log text after the player's name."""
        return f"applies a lasting effect {duration(self.until, ctx).describe()}"

    def apply(self, player: Player, ctx: Context) -> None:
        """Register the lasting effect; it fixes on no card."""
        spec = Persistent(
            self.effect,
            match=self.match,
            condition=self.condition,
            target_controller=self.target_controller,
            target_zone=self.target_zone,
        )
        source = ctx.source.id if ctx.source else None
        ctx.game.lasting.append(
            Lasting(spec, player.name, source, duration(self.until, ctx))
        )


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
    until: Duration = field(default_factory=lambda: Until(period="phase"))

    def verb(self, player: Player, ctx: Context) -> str:
        """Return the log text after the player's name."""
        return f"gains an effect {duration(self.until, ctx).describe()}"

    def apply(self, player: Player, ctx: Context) -> None:
        """Register the lasting effect."""
        spec = Persistent(self.effect, target_type="player")
        source = ctx.source.id if ctx.source else None
        lasting = Lasting(
            spec,
            ctx.player.name,
            source,
            duration(self.until, ctx),
            players=(player.name,),
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
    itself open to cancel-interrupts: that is how a cancel gets cancelled).
    ``save``: the cancel saves a card, so it cannot stop an event marked as
    one that cannot be saved (``params["saveable"]`` False)."""

    event_name = "cancel"

    rules: tuple[str, ...] = ()
    save: bool = False

    def default_targets(self, ctx: Context) -> list[Affectable]:
        """The triggering event."""
        return [ctx.event] if ctx.event is not None else []

    def can_affect(self, target: Affectable, ctx: Context) -> bool:
        """An event can be cancelled while it has not happened or been cancelled."""
        return (
            isinstance(target, Event)
            and not target.cancelled
            and not target.resolved
            and not (self.save and target.params.get("saveable") is False)
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
