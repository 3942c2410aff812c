"""Cancelling hits before they are assigned (Shields Holding, Maneuvering
Jets): an interrupt of the ``assign_hits`` event lowers its ``hits``."""

from __future__ import annotations

from oracle.engine.core.context import Context
from oracle.games.ti4 import changes


def cancel_hits(ctx: Context, most: int, card: str, rules: tuple[str, ...]) -> bool:
    """Cancel up to ``most`` of the hits of the event being answered."""
    event = ctx.event
    if event is None:
        return False
    hits = int(str(event.params.get("hits", 0)))
    gone = min(most, hits)
    me = ctx.player.name

    def change() -> None:
        event.params["hits"] = hits - gone

    return changes.happen(
        ctx.game,
        "cancel_hits",
        player=me,
        message=f"{me} cancels {changes.plural(gone, 'hit')} with {card}",
        change=change,
        rules=rules,
    )
