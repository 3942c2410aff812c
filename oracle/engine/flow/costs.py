"""The usual costs of an ability: exhaust, discard, pay, remove tokens."""

from __future__ import annotations

from dataclasses import replace

from oracle.engine.core.abilities import Cost, Target
from oracle.engine.core.context import Amount, Context
from oracle.engine.flow.actions import GameAction
from oracle.engine.flow.basic import Exhaust, LoseResource, RemoveTokens, discard


def exhaust_self() -> Cost:
    """Cost: exhaust the source card."""
    return Cost(Exhaust(on="source"), "exhaust this card")


def exhaust_parent() -> Cost:
    """Cost: exhaust the card the source is attached to."""
    return Cost(Exhaust(on="parent"), "exhaust the attached card")


def discard_self() -> Cost:
    """Cost: discard (sacrifice) the source card."""
    return Cost(discard("source"), "discard this card")


def pay(resource: str, amount: Amount) -> Cost:
    """Cost: pay ``amount`` of a player resource."""
    return Cost(LoseResource(resource=resource, amount=amount), f"pay {resource}")


def pay_cost(resource: str, stat: str = "cost") -> Cost:
    """Cost: pay the source card's ``stat`` in ``resource``, as effects leave
    it (a reduction of the card's cost lowers what is paid; never below 0)."""

    def amount(ctx: Context) -> int:
        source = ctx.source
        return max(0, ctx.game.stat(source, stat)) if source is not None else 0

    return Cost(LoseResource(resource=resource, amount=amount), f"pay {resource}")


def remove_tokens(kind: str, amount: Amount) -> Cost:
    """Cost: remove ``amount`` tokens (counters) of ``kind`` from the source."""
    return Cost(RemoveTokens(on="source", kind=kind, amount=amount), f"remove {kind}")


def on_chosen(
    action: GameAction, target: Target, label: str, name: str = "cost"
) -> Cost:
    """Cost: ``action`` on cards its player chooses when paying (``target``,
    limited to the cards ``action`` can affect), read back as ``name``."""
    return Cost(action, label, target=replace(target, action=action), name=name)
