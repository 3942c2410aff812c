"""Costs of TI4 abilities: trade goods, strategy tokens and influence (1.11)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from oracle.engine.abilities import Cost
from oracle.engine.actions import Affectable, PlayerAction
from oracle.engine.cards import Card, Player
from oracle.engine.context import Context
from oracle.engine.errors import IllegalPlay
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st


@dataclass(frozen=True)
class SpendTradeGoods(PlayerAction):
    """Spend ``amount`` trade goods (the player must have them all)."""

    amount: int = 1
    event_name = "spend_trade_goods"

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


def trade_goods(amount: int) -> Cost:
    """Cost: spend trade goods."""
    return Cost(
        SpendTradeGoods(amount=amount, rules=cite.COST), f"{amount} trade goods"
    )


def strategy_token() -> Cost:
    """Cost: spend a token from the strategy pool."""
    return Cost(SpendStrategyToken(rules=cite.COST), "a strategy token")


def available_influence(ctx: Context) -> int:
    """Return the influence a player can spend: readied planets plus trade goods."""
    planets = [
        p for p in st.controlled_planets(ctx.game, ctx.player.name) if not p.exhausted
    ]
    total = sum(ctx.game.stat(p, "influence") for p in planets)
    return total + ctx.player.resource(st.TRADE_GOODS)


@dataclass(frozen=True)
class SpendInfluence(PlayerAction):
    """Spend ``amount`` influence: the planets chosen as ``planets`` are
    exhausted, trade goods make up the rest (47.2, 47.3). With no planet named,
    readied planets are exhausted in board order until the amount is reached,
    then trade goods make up the rest."""

    amount: int = 1
    event_name = "spend_influence"

    def fits(self, player: Player, ctx: Context) -> bool:
        """The player must be able to raise the amount."""
        return available_influence(ctx) >= self.amount

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
                "to spend its influence",
                cite.INFLUENCE,
            )
        if goods:
            changes.spend_trade_goods(ctx.game, ctx.player, goods, "as influence")
        return True

    def _payment(self, ctx: Context) -> tuple[list[Card], int]:
        named = [c for c in ctx.cards("planets")] if "planets" in ctx.choices else []
        player, game = ctx.player, ctx.game
        tg = player.resource(st.TRADE_GOODS)
        if not named:
            total = 0
            for planet in st.controlled_planets(game, player.name):
                if total >= self.amount:
                    break
                if not planet.exhausted:
                    named.append(planet)
                    total += game.stat(planet, "influence")
            return named, max(0, self.amount - total)
        value = sum(game.stat(p, "influence") for p in named)
        goods = max(0, self.amount - value)
        if goods > tg:
            raise IllegalPlay(
                f"{player.name} raises only {value + tg} influence with the planets "
                f"named and their trade goods, short of {self.amount}",
                (*cite.COST, *cite.INFLUENCE),
            )
        return named, goods


def influence(amount: int) -> Cost:
    """Cost: spend influence."""
    return Cost(SpendInfluence(amount=amount, rules=cite.COST), f"{amount} influence")
