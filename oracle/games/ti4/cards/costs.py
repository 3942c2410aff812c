"""Costs of TI4 abilities: trade goods, strategy tokens and influence (1.11).

A cost printed in an action card's own ability ("spend 4 trade goods to ...") is
a ``CardCost``: whether it can be paid is checked when the card is played (1.11),
but it is paid only when the card's ability resolves, after the card's cancel
window, so a cancelled card spends nothing (2.8). Costs of other components
(Instinct Training's token) are plain engine costs, paid before the effect.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from oracle.engine.core.abilities import Cost
from oracle.engine.core.cards import Card, Player
from oracle.engine.core.context import Context
from oracle.engine.core.errors import IllegalPlay
from oracle.engine.core.game import Game
from oracle.engine.flow.actions import Affectable, PlayerAction
from oracle.games.ti4 import changes, cite, laws
from oracle.games.ti4 import state as st


class Payment(PlayerAction):
    """A cost action that may check the payment the player named before paying."""

    def check(self, ctx: Context) -> None:
        """Raise ``IllegalPlay`` if the payment chosen cannot be made (default: ok)."""


@dataclass(frozen=True)
class CardCost(Cost):
    """A cost of an action card's ability: checked on play, paid on resolution.

    The engine calls ``can_pay`` before the card is played (a card that cannot
    be paid for is refused, 1.11) and ``pay`` just before the card's ``play``
    event; ``pay`` only checks the payment named by the player. ``settle`` pays,
    from the card's handler, once the card was not cancelled (2.8).
    """

    def pay(self, ctx: Context) -> bool:
        """Check the named payment (may raise ``IllegalPlay``); spend nothing yet."""
        if isinstance(self.action, Payment):
            self.action.check(ctx)
        return True

    def settle(self, ctx: Context) -> bool:
        """Pay the cost now; return False if it can no longer be paid in full."""
        if not self.can_pay(ctx):
            return False
        try:
            if isinstance(self.action, Payment):
                self.action.check(ctx)
        except IllegalPlay:
            return False
        return self.action.resolve(ctx)


@dataclass(frozen=True)
class SpendTradeGoods(Payment):
    """Spend ``amount`` trade goods (the player must have them all)."""

    event_name = "spend_trade_goods"

    amount: int = 1

    def fits(self, player: Player, ctx: Context) -> bool:
        """The player must hold enough trade goods."""
        return player.resource(st.TRADE_GOODS) >= self.amount

    def verb(self, player: Player, ctx: Context) -> str:
        """Return the log text after the player's name."""
        return f"spends {changes.plural(self.amount, 'trade good')}"

    def apply(self, player: Player, ctx: Context) -> None:
        """Take the trade goods."""
        player.resources[st.TRADE_GOODS] = player.resource(st.TRADE_GOODS) - self.amount


@dataclass(frozen=True)
class SpendStrategyToken(PlayerAction):
    """Spend one command token from the strategy pool (back to reinforcements)."""

    event_name = "spend_strategy_token"

    def fits(self, player: Player, ctx: Context) -> bool:
        """The strategy pool must hold a token."""
        return player.resource(st.STRATEGY) >= 1

    def verb(self, player: Player, ctx: Context) -> str:
        """Return the log text after the player's name."""
        return "spends a command token from the strategy pool"

    def apply(self, player: Player, ctx: Context) -> None:
        """Return the token to reinforcements."""
        player.resources[st.STRATEGY] = player.resource(st.STRATEGY) - 1
        player.resources[st.TOKENS_LEFT] = player.resource(st.TOKENS_LEFT) + 1


def trade_goods(amount: int) -> CardCost:
    """An action card's cost: spend trade goods."""
    return CardCost(
        SpendTradeGoods(amount=amount, rules=cite.COST), f"{amount} trade goods"
    )


def strategy_token() -> Cost:
    """Cost: spend a token from the strategy pool."""
    return Cost(SpendStrategyToken(rules=cite.COST), "a strategy token")


def worth(game: Game, planets: Sequence[Card], value: str) -> int:
    """What ``planets`` give of a planet ``value`` together: influence counts
    Senate Sanctuary's 2 (``laws.total_influence``), resources what attached
    laws add (``laws.resources``)."""
    if value == "influence":
        return laws.total_influence(game, planets)
    if value == "resources":
        return sum(laws.resources(game, p) for p in planets)
    return sum(game.stat(p, value) for p in planets)


def available_influence(ctx: Context, value: str = "influence") -> int:
    """Return the influence (or another planet ``value``: resources) a player
    can spend: readied planets plus trade goods."""
    planets = [
        p for p in st.controlled_planets(ctx.game, ctx.player.name) if not p.exhausted
    ]
    total = worth(ctx.game, planets, value)
    return total + ctx.player.resource(st.TRADE_GOODS)


@dataclass(frozen=True)
class SpendInfluence(Payment):
    """Spend ``amount`` influence: the planets chosen as ``planets`` are
    exhausted, trade goods make up the rest (47.2, 47.3). With no planet named,
    readied planets are exhausted in board order until the amount is reached,
    then trade goods make up the rest."""

    event_name = "spend_influence"
    #: The planet value spent, and the rules that let planets and trade goods
    #: pay it.
    value: ClassVar[str] = "influence"
    spent_by: ClassVar[tuple[str, ...]] = cite.INFLUENCE

    amount: int = 1

    def fits(self, player: Player, ctx: Context) -> bool:
        """The player must be able to raise the amount."""
        return available_influence(ctx, self.value) >= self.amount

    def check(self, ctx: Context) -> None:
        """Refuse a payment whose named planets and trade goods come short."""
        self._payment(ctx)

    def resolve(
        self, ctx: Context, targets: Sequence[Affectable] | None = None
    ) -> bool:
        """Check the named payment, then exhaust and spend; refuse a short one."""
        planets, goods = self._payment(ctx)
        for planet in planets:
            changes.exhaust_planet(
                ctx.game,
                ctx.player.name,
                planet,
                f"to spend its {self.value}",
                self.spent_by,
            )
        if goods:
            changes.spend_trade_goods(ctx.game, ctx.player, goods, f"as {self.value}")
        return True

    def default_order(self, ctx: Context) -> list[Card]:
        """The planets exhausted, in this order, when none is named."""
        return st.controlled_planets(ctx.game, ctx.player.name)

    def _payment(self, ctx: Context) -> tuple[list[Card], int]:
        named = [c for c in ctx.cards("planets")] if "planets" in ctx.choices else []
        player, game = ctx.player, ctx.game
        tg = player.resource(st.TRADE_GOODS)
        if not named:
            total = 0
            for planet in self.default_order(ctx):
                if total >= self.amount:
                    break
                if not planet.exhausted:
                    named.append(planet)
                    total += worth(game, [planet], self.value)
            return named, max(0, self.amount - total)
        value = worth(game, named, self.value)
        goods = max(0, self.amount - value)
        if goods > tg:
            raise IllegalPlay(
                f"{player.name} raises only {value + tg} {self.value} with the "
                f"planets named and their trade goods, short of {self.amount}",
                (*cite.COST, *self.spent_by),
            )
        return named, goods


def influence(amount: int) -> CardCost:
    """An action card's cost: spend influence."""
    return CardCost(
        SpendInfluence(amount=amount, rules=cite.COST), f"{amount} influence"
    )


@dataclass(frozen=True)
class SpendResources(SpendInfluence):
    """Spend ``amount`` resources, as ``SpendInfluence`` spends influence: the
    planets named as ``planets`` are exhausted (75.2), trade goods make up the
    rest (75.3)."""

    event_name = "spend_resources"
    value: ClassVar[str] = "resources"
    spent_by: ClassVar[tuple[str, ...]] = cite.RESOURCES

    #: The planets to exhaust last when none is named (those the card needs
    #: readied for something else, such as a technology specialty).
    keep: Callable[[Context], list[Card]] | None = None

    def default_order(self, ctx: Context) -> list[Card]:
        """The player's planets but those to ``keep``, unless the others and
        the trade goods fall short (then those to keep come last)."""
        found = super().default_order(ctx)
        kept = self.keep(ctx) if self.keep is not None else []
        others = [p for p in found if p not in kept]
        raised = sum(ctx.game.stat(p, self.value) for p in others if not p.exhausted)
        if raised + ctx.player.resource(st.TRADE_GOODS) >= self.amount:
            return others
        return others + [p for p in found if p in kept]


def resources(
    amount: int, keep: Callable[[Context], list[Card]] | None = None
) -> CardCost:
    """An action card's cost: spend resources (``keep``: see ``SpendResources``)."""
    return CardCost(
        SpendResources(amount=amount, keep=keep, rules=cite.COST),
        f"{amount} resources",
    )
