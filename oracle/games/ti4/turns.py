"""Turns of the action phase: who is active, actions taken, passing.

The engine's windows answer in ``game.players`` order starting with the active
player, so the pack keeps that list in the order TI4 wants: initiative order in
the action and status phases (rule 1.19), clockwise from the speaker in the
strategy and agenda phases (rule 1.20). ``Player.seat`` keeps the seating.
"""

from __future__ import annotations

from oracle.engine.core.cards import Player
from oracle.engine.core.errors import IllegalPlay
from oracle.engine.core.game import Game
from oracle.engine.play import periods
from oracle.games.ti4 import cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import minister_of_war


def arrange(game: Game) -> None:
    """Order ``game.players`` for the current phase (see the module docstring)."""
    if game.clock.phase in ("action", "status"):
        order = st.initiative_order(game)
    else:
        order = st.clockwise_from(game, st.table(game).speaker)
    game.players[:] = order


def start_action_phase(game: Game) -> None:
    """Begin the action phase: everyone unpassed, the first in initiative acts."""
    arrange(game)
    table = st.table(game)
    table.action_taken = False
    for player in game.players:
        st.seat(game, player.name).passed = False
    first = game.players[0].name if game.players else ""
    game.clock.active_player = first
    if first:
        game.say(
            first,
            f"{first} takes the first turn of the action phase",
            event="turn",
            rules=cite.ACTIVE_FIRST,
        )


def following(game: Game) -> str | None:
    """Return who takes the next turn (the active player may go again, 3.3c)."""
    order = [p.name for p in st.initiative_order(game)]
    if not order:
        return None
    current = game.clock.active_player
    start = order.index(current) + 1 if current in order else 0
    for name in order[start:] + order[:start]:
        if not st.seat(game, name).passed:
            return name
    return None


def end_turn(game: Game) -> None:
    """End the active player's turn and hand the turn to the next player."""
    periods.end_period(game, "turn")
    table = st.table(game)
    table.action_taken = False
    table.played.pop("turn", None)
    nxt = following(game)
    if nxt is None:
        game.say(
            None,
            "Every player has passed: the status phase comes next",
            event="all_passed",
            rules=cite.ALL_PASSED,
        )
        return
    game.clock.active_player = nxt
    game.clock.turn += 1
    arrange(game)
    game.say(nxt, f"{nxt} takes the next turn", event="turn", rules=cite.NEXT_ACTIVE)


def finish_action(game: Game) -> None:
    """Record that the active player has used their action; the turn then ends."""
    st.table(game).action_taken = True


def after_action(game: Game) -> None:
    """The active player's action is done: the turn ends, unless Minister of
    War gives them one more action in it (``agendas.minister_of_war``)."""
    if not minister_of_war.act_again(game):
        end_turn(game)


def pass_turn(game: Game, player: Player) -> None:
    """Pass in the action phase (3.3), after the strategy cards were used (3.4)."""
    name = player.name
    if game.clock.phase != "action":
        raise IllegalPlay(f"{name} can only pass in the action phase", cite.PASSED)
    if game.clock.active_player != name:
        raise IllegalPlay(
            f"{name} cannot pass: it is {game.clock.active_player}'s turn",
            cite.ONE_ACTION,
        )
    if st.seat(game, name).passed:
        raise IllegalPlay(f"{name} has already passed", cite.PASSED)
    ready = [c for c in st.strategy_cards(game, name) if not c.exhausted]
    if ready:
        cards = ", ".join(game.name_of(c) for c in ready)
        rules = cite.PASS_BOTH_CARDS if len(st.strategy_cards(game, name)) > 1 else ()
        raise IllegalPlay(
            f"{name} cannot pass before performing the strategic action of {cards}",
            (*cite.PASS_STRATEGY_FIRST, *rules),
        )
    minister_of_war.passing(game, name)
    st.seat(game, name).passed = True
    game.say(name, f"{name} passes", event="pass", rules=cite.PASSED)
    end_turn(game)
