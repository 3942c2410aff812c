"""The flow of time: periods (turn, phase, round, pack periods), phases, turns.

Ending a period, in order: the ``period_end`` event resolves (reactions "at the
end of the phase"), abilities delayed to that period resolve (forced, with the
choices made when they were set up, wherever their source now is), lasting
effects "until the end of" it expire, and ability limits counted per that period
reset.
"""

from __future__ import annotations

from dataclasses import replace

from oracle.engine.core.errors import IllegalPlay
from oracle.engine.core.events import Event
from oracle.engine.core.game import Game
from oracle.engine.flow.events import announce_changes, resolve_event
from oracle.engine.flow.view import recompute
from oracle.engine.play import resolver

TURN = "turn"
PHASE = "phase"
ROUND = "round"


def begin_period(game: Game, period: str, **params: object) -> None:
    """Open a period: pack periods are tracked and a ``period_start`` resolves."""
    if period not in (TURN, PHASE, ROUND):
        game.clock.periods.append(period)
    event = Event(
        "period_start",
        player=game.clock.active_player,
        params={"period": period, **params},
    )
    resolve_event(game, event)


def end_period(game: Game, period: str, **params: object) -> None:
    """Close a period: reactions, delayed abilities, expiries, limit resets."""
    event = Event(
        "period_end",
        player=game.clock.active_player,
        params={"period": period, **params},
    )
    resolve_event(game, event)
    _fire_delayed(game, period)
    phase = params.get("phase")
    game.lasting = [e for e in game.lasting if not e.until.ends_with(period, phase)]
    for key in [k for k, p in game.limit_periods.items() if p == period]:
        game.limits.pop(key, None)
        del game.limit_periods[key]
    if period in game.clock.periods:
        game.clock.periods.remove(period)
    view = game.view
    recompute(game)
    if game.view is not view:  # expired effects change cards too
        announce_changes(game, view)


def _fire_delayed(game: Game, period: str) -> None:
    due = [d for d in game.delayed if d.period == period]
    game.delayed = [d for d in game.delayed if d.period != period]
    for delayed in due:
        card = game.cards.get(delayed.source) if delayed.source else None
        player = game.player(delayed.player)
        ability = replace(delayed.ability, location=("any",), phase=(), window=None)
        try:
            resolver.initiate(game, player, card, ability, -1, preset=delayed.choices)
        except IllegalPlay as error:
            game.say(
                player.name,
                f"{player.name} cannot resolve a delayed effect: {error.reason}",
                event="delayed",
                rules=error.rules,
            )


def start_phase(game: Game, phase: str) -> None:
    """Begin ``phase``: log it, open the period, then run the pack's hook."""
    game.clock.phase = phase
    game.say(None, f"The {phase.replace('_', ' ')} phase begins", event="phase_start")
    begin_period(game, PHASE, phase=phase)
    game.pack.on_phase_start(game, phase)


def end_phase(game: Game) -> None:
    """End the current phase: the pack's hook first, then the period."""
    phase = game.clock.phase
    game.pack.on_phase_end(game, phase)
    end_period(game, PHASE, phase=phase)


def next_phase(game: Game) -> None:
    """Move to the next phase, ending the round after the last one."""
    phases = game.pack.phases
    index = phases.index(game.clock.phase) if game.clock.phase in phases else -1
    end_phase(game)
    if index + 1 >= len(phases):
        end_round(game)
        start_phase(game, phases[0])
    else:
        start_phase(game, phases[index + 1])


def advance(game: Game, phase: str) -> None:
    """Move forward phase by phase until ``phase`` begins (at least one step)."""
    if phase not in game.pack.phases:
        raise IllegalPlay(f"the game has no {phase} phase", game.pack.citation("phase"))
    for _ in range(len(game.pack.phases) + 1):
        next_phase(game)
        if game.clock.phase == phase:
            return


def end_turn(game: Game) -> None:
    """End the active player's turn; the next player in seat order takes one."""
    end_period(game, TURN)
    following = game.seat_order()[1:] or game.seat_order()
    game.clock.active_player = following[0].name
    game.clock.turn += 1
    begin_period(game, TURN)


def end_round(game: Game) -> None:
    """End the round: the first seat becomes active and the round count rises."""
    end_period(game, ROUND)
    game.clock.round += 1
    if game.players:
        game.clock.active_player = game.players[0].name
    game.say(None, f"Round {game.clock.round} begins", event="round_start")
    # The new round opens as a period: a ``period_start`` event, round 2 on.
    begin_period(game, ROUND, round=game.clock.round)


def end(game: Game, period: str) -> None:
    """End a period by name: turn, phase, round or a pack period."""
    if period == TURN:
        end_turn(game)
    elif period == PHASE:
        next_phase(game)
    elif period == ROUND:
        advance(game, game.pack.phases[0])
    elif period in game.pack.periods:
        end_period(game, period)
    else:
        raise IllegalPlay(
            f"the game has no period called {period}", game.pack.citation("phase")
        )
