"""The fixed pipeline every event resolves through.

``resolve_event`` runs, in this order (``PIPELINE``):

1. cancel window: cancel-interrupts ("when X would happen") may cancel; after
   each response the window looks again, so a cancel can itself be answered;
2. forced interrupts, ordered per controller;
3. interrupts (players respond in seat order from the active player);
4. the change itself (skipped if cancelled, or fizzled if no longer legal);
   persistent effects are recomputed and "until <event>" effects expire; a
   change that moved a card into or out of play or a hand raises
   ``enters_play``/``leaves_play`` or ``enters_hand``/``leaves_hand``,
   whatever the way (a game action, a handler's own ``Game.move``, a
   discarded attachment), and a change of a card's stats or
   flags by effects raises ``stats_change`` (``announce_changes``);
5. forced reactions;
6. reactions; then the event's then-callbacks.

Events raised inside a step resolve depth-first, bounded by the depth budget.

The windows (steps 1-3, 5 and 6) offer abilities, and using an ability resolves
events: they belong to the layer above (``oracle.engine.play.windows``), which
registers them here with ``register_windows`` when it is imported (importing
``oracle.engine`` imports it). The pipeline calls them without knowing them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from oracle.engine.core.effects import View
from oracle.engine.core.errors import EngineStop
from oracle.engine.core.events import Event
from oracle.engine.core.game import HAND
from oracle.engine.flow.view import changed_cards, in_zone, recompute

if TYPE_CHECKING:
    from oracle.engine.core.cards import Card
    from oracle.engine.core.game import Game

Window = Callable[["Game", Event], None]

PIPELINE = (
    "cancel",
    "forced_interrupt",
    "interrupt",
    "change",
    "forced_reaction",
    "reaction",
)


def resolve_event(game: Game, event: Event) -> bool:
    """Resolve ``event`` through the pipeline; return whether its change happened."""
    game.spend()
    if len(game.event_stack) >= game.budget.depth:
        raise EngineStop(
            "depth-budget",
            f"events nest deeper than the budget of {game.budget.depth}",
        )
    game.event_stack.append(event)
    try:
        _run(game, event)
    finally:
        game.event_stack.pop()
    return event.resolved


def _unregistered(game: Game, event: Event) -> None:
    raise RuntimeError("no event windows registered: import oracle.engine")


@dataclass(slots=True)
class _Windows:
    """The windows opened before and after every change (``register_windows``)."""

    before: Window = _unregistered
    after: Window = _unregistered


_WINDOWS = _Windows()


def register_windows(before: Window, after: Window) -> None:
    """Set the windows every event opens before and after its change.

    ``oracle.engine.play.windows`` registers its own when it is imported; a
    second registration replaces the first."""
    _WINDOWS.before = before
    _WINDOWS.after = after


def _run(game: Game, event: Event) -> None:
    windows = _WINDOWS
    windows.before(game, event)
    if event.cancelled or (event.check is not None and not event.check()):
        return
    mark = len(game.moved)
    view = game.view
    if event.change is not None:
        event.change(event)
    event.resolved = True
    if event.message:
        cards = (event.card.id,) if event.card else ()
        game.say(
            event.player,
            event.message,
            event=event.name,
            cards=cards,
            rules=event.rules,
        )
    recompute(game)
    if game.lasting:  # mostly none: no call
        _expire_until(game, event)
    if len(game.moved) > mark:  # moves made by this change itself
        announce_moves(game, event, take_moves(game, mark))
    if game.view is not view:
        announce_changes(game, view)
    windows.after(game, event)
    for callback in event.then:
        callback()


def answerable(game: Game, name: str) -> bool:
    """Return whether a rule ability, or a card in a zone where its ability
    works (``Ability.location``, as ``eligible`` checks first), may answer an
    event called ``name``. The engine's own notices (``targets_chosen``,
    ``enters_play``...) change nothing and log nothing: one no ability can
    answer is skipped, so games that do not use them do not pay for them."""
    pack = game.pack
    for kind in pack.trigger_kinds(name):
        found = pack.triggered(kind, name)
        if found.rules:
            return True
        for card in game.cards_with(found.slugs):
            for _, ability in found.cards[card.slug]:
                where = ability.location
                if card.zone in where or "any" in where:
                    return True
    return False


#: By game, the view whose changes were last announced (``announce_changes``).
_ANNOUNCED: WeakKeyDictionary[Game, View] = WeakKeyDictionary()


def announce_changes(game: Game, before: View) -> None:
    """Raise ``stats_change`` for each card whose stats or flags effects have
    changed since the changes last announced (``before`` the first time):
    ``params`` ``before`` and ``after`` (its stats), ``flags_before`` and
    ``flags_after``. Only when an ability may answer it: otherwise nothing
    would, and comparing views after every change would cost every game."""
    if not answerable(game, "stats_change"):
        return
    seen = _ANNOUNCED.get(game, before)
    now = game.view
    if now is seen:
        return
    _ANNOUNCED[game] = now
    for card in changed_cards(game, seen, now):
        printed = game.definition(card).stats
        params: dict[str, object] = {
            "before": _stats(printed, seen.card_stats.get(card.id, {})),
            "after": _stats(printed, now.card_stats.get(card.id, {})),
            "flags_before": sorted(seen.card_flags.get(card.id, ())),
            "flags_after": sorted(now.card_flags.get(card.id, ())),
        }
        event = Event("stats_change", player=card.controller, card=card, params=params)
        resolve_event(game, event)


def _stats(printed: Mapping[str, int], modified: Mapping[str, int]) -> dict[str, int]:
    merged = dict(printed)
    for key, value in modified.items():
        merged[key] = merged.get(key, 0) + value
    return merged


def take_moves(game: Game, mark: int) -> list[tuple[Card, str]]:
    """Take the moves recorded since ``mark`` (``Game.moved``): those of a
    change, whose nested events have already taken and announced theirs."""
    moves = game.moved[mark:]
    del game.moved[mark:]
    return moves


def announce_moves(game: Game, event: Event, moves: list[tuple[Card, str]]) -> None:
    """Raise the crossings (``crossed``) of the cards ``moves`` moved, each
    card once, from the zone it first left to where it is now."""
    first: dict[str, tuple[Card, str]] = {}
    for card, was in moves:
        first.setdefault(card.id, (card, was))
    for card, was in first.values():
        if card.zone != was:
            crossed(game, event, card, was)


def crossed(game: Game, event: Event, card: Card, was: str | None) -> None:
    """Raise ``enters_play`` or ``leaves_play`` when the change moved its card
    into or out of the zones the pack counts as in play, and ``enters_hand``
    or ``leaves_hand`` when it moved it into or out of a hand, whatever the
    way (discarded, returned, drawn, shuffled away, put into play, moved by a
    handler...): one event to answer for all of them, after the change
    (``params``: ``from``, ``to``, and ``by``, the event that moved it).
    Raised only when an ability may answer it (``answerable``)."""
    zones = game.pack.in_play_zones
    crossings = (
        ("play", was in zones, card.zone in zones),
        ("hand", was == HAND, card.zone == HAND),
    )
    # What it left before what it entered: a card put into play from a hand
    # leaves the hand, then enters play.
    for leaving in (True, False):
        for where, before, now in crossings:
            if before != now and before is leaving:
                _cross(game, event, card, was, where, now)


def _cross(
    game: Game, event: Event, card: Card, was: str | None, where: str, now: bool
) -> None:
    name = f"enters_{where}" if now else f"leaves_{where}"
    if not answerable(game, name):
        return
    params: dict[str, object] = {"from": was, "to": card.zone, "by": event.name}
    resolve_event(game, Event(name, player=event.player, card=card, params=params))


def _expire_until(game: Game, event: Event) -> None:
    # Ends: "until <event>" effects after that event, and card effects whose
    # cards have all left the zone they fixed in (back there, a card is new).
    kept = [
        e
        for e in game.lasting
        if not e.until.ends_after(event)
        and (e.cards is None or any(in_zone(game.cards[c], e.spec) for c in e.cards))
    ]
    if len(kept) != len(game.lasting):
        game.lasting = kept
        recompute(game)
