"""Step 7 of the status phase: every damaged unit is repaired (81.7)."""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.game import Game
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.combat import core

REPAIR_STEP = cite.cite("81.7")


def repair_step(game: Game) -> None:
    """Repair every damaged unit, player by player in initiative order; a
    game without damaged units logs nothing."""
    for player in st.initiative_order(game):
        hurt = [u for u in st.units(game, owner=player.name) if core.damaged(u)]
        if not hurt:
            continue

        def change(found: list[Card] = hurt) -> None:
            for unit in found:
                unit.data.pop("damaged", None)

        changes.happen(
            game,
            "repair",
            player=player.name,
            message=f"{player.name} repairs "
            f"{changes.plural(len(hurt), 'damaged unit')}",
            change=change,
            rules=REPAIR_STEP,
        )
