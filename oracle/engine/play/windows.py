"""Trigger windows: who may (or must) answer an event, and in which order.

Response windows (cancel, interrupt, reaction, and pack action windows) offer
every eligible ability, grouped by player in seat order from the active player;
the decider picks one or everybody passes. After each response the window looks
again, so new triggers (a cancel of the cancel, say) are offered too.

Forced windows resolve every eligible forced ability of one player at a time
(seat order from the active player). A player orders their simultaneous forced
triggers only when at least one of them is interactive; otherwise the order is
automatic (card creation order, then ability order). Each trigger's conditions
are re-checked just before it resolves. A silent trigger is never ordered: it
resolves once no other forced trigger of the window is left.
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle.engine.core import refs
from oracle.engine.core.abilities import KIND_NAMES, Ability, AbilityKind
from oracle.engine.core.cards import Card, Player
from oracle.engine.core.context import Context
from oracle.engine.core.errors import IllegalPlay
from oracle.engine.core.events import Event
from oracle.engine.core.game import Game
from oracle.engine.core.prompts import Offer, Prompt, PromptKind, Response, ask
from oracle.engine.flow.events import answerable, register_windows, resolve_event
from oracle.engine.play import resolver

CANCEL = AbilityKind.CANCEL
FORCED_INTERRUPT = AbilityKind.FORCED_INTERRUPT
INTERRUPT = AbilityKind.INTERRUPT
FORCED_REACTION = AbilityKind.FORCED_REACTION
REACTION = AbilityKind.REACTION


def before(game: Game, event: Event) -> None:
    """Open the windows before a change: cancels, forced interrupts, interrupts."""
    # Most events open no window of a kind: the pack's index says so before
    # any window is entered (every event runs this), in one look-up.
    kinds = game.pack.trigger_kinds(event.name)
    if CANCEL in kinds:
        _respond(game, event, CANCEL)
    if event.cancelled:
        return
    if FORCED_INTERRUPT in kinds:
        _force(game, event, FORCED_INTERRUPT)
    if INTERRUPT in kinds:
        _respond(game, event, INTERRUPT)


def after(game: Game, event: Event) -> None:
    """Open the windows after a change: forced reactions, then reactions."""
    kinds = game.pack.trigger_kinds(event.name)
    if FORCED_REACTION in kinds:
        _force(game, event, FORCED_REACTION)
    if REACTION in kinds:
        _respond(game, event, REACTION)


def _key(offer: Offer) -> tuple[str, int]:
    return (offer.card.id if offer.card else "rule", offer.index)


Candidate = tuple[Card | None, int, Ability]


def _candidates(game: Game, kind: AbilityKind, event_name: str) -> Sequence[Candidate]:
    """The card then rule abilities of ``kind`` that ``event_name`` may trigger.

    A list built in one loop, not a generator: this runs in every window. When
    no card can answer (most windows a rule opens), the pack's own rule
    triggers are returned as they are."""
    triggered = game.pack.triggered(kind, event_name)
    if not triggered.slugs:
        return triggered.rules
    found: list[Candidate] = []
    abilities = triggered.cards
    for card in game.cards_with(triggered.slugs):
        for index, ability in abilities[card.slug]:
            found.append((card, index, ability))
    found.extend(triggered.rules)
    return found


def _rule_player(game: Game, event: Event) -> Player:
    """The player a rule ability triggers for: the event's, else the active one."""
    name = event.player if event.player and game.has_player(event.player) else None
    return game.player(name or game.clock.active_player)


def eligible(
    game: Game, event: Event, card: Card | None, index: int, ability: Ability
) -> Offer | None:
    """Return the offer of a triggered ability for ``event`` if it may be used."""
    used = event.used  # mostly empty: no key to build
    if used and (card.id if card else "rule", index) in used and not ability.repeatable:
        return None
    if ability.kind is CANCEL and (event.cancelled or event.resolved):
        return None
    if card is None:
        player = _rule_player(game, event)
    else:
        where = ability.location
        if card.zone not in where and "any" not in where:
            return None
        player = game.player(card.controller)
    ctx = Context(game, player, card, ability, event)
    # ``Ability.triggers_on``, inline: this runs for every candidate of a window.
    test = ability.when.get(event.name)
    if test is None or not test(event, ctx) or resolver.refusal(ctx, index):
        return None
    return Offer(player.name, "", card, index, ability)


def _labelled(game: Game, offers: list[Offer]) -> list[Offer]:
    """Name each offer by its card (told apart from equal cards) and title."""
    if not offers:
        return offers
    cards = list({o.card.id: o.card for o in offers if o.card is not None}.values())
    names = dict(zip([c.id for c in cards], refs.labels(game, cards), strict=True))
    out = []
    for offer in offers:
        title = offer.ability.title
        if offer.card is None:
            label = f"rule: {title or 'rule'}"
        else:
            label = names[offer.card.id] + (f": {title}" if title else "")
        out.append(Offer(offer.player, label, offer.card, offer.index, offer.ability))
    return out


def collect(game: Game, event: Event, kind: AbilityKind) -> list[Offer]:
    """Return the eligible offers of ``kind`` for ``event``, in seat order."""
    if not game.pack.may_trigger(kind, event.name):
        return []
    return _labelled(game, _offers(game, event, kind))


def _offers(game: Game, event: Event, kind: AbilityKind) -> list[Offer]:
    """The eligible offers in seat order, not yet labelled (the caller has
    checked ``may_trigger``)."""
    # A loop, not a comprehension: this runs in every window, and a
    # comprehension is a function made and called each time.
    offers = []
    for card, index, ability in _candidates(game, kind, event.name):
        offer = eligible(game, event, card, index, ability)
        if offer is not None:
            offers.append(offer)
    return _by_seat(game, offers) if len(offers) > 1 else offers


def _by_seat(game: Game, offers: list[Offer]) -> list[Offer]:
    if len(offers) < 2:
        return offers
    seats = {p.name: i for i, p in enumerate(game.seat_order())}
    return sorted(offers, key=lambda o: seats.get(o.player, len(seats)))


def _record(game: Game, window: str, offers: list[Offer]) -> None:
    for player in dict.fromkeys([o.player for o in offers]):
        game.record(player, window, [o.label for o in offers if o.player == player])


def response_window(game: Game, event: Event, kind: AbilityKind) -> None:
    """Offer optional responses of ``kind`` until every player passes."""
    if game.pack.may_trigger(kind, event.name):
        _respond(game, event, kind)


def _respond(game: Game, event: Event, kind: AbilityKind) -> None:
    """``response_window`` once ``may_trigger`` holds."""
    window = ""  # named once something is offered
    while not (kind is CANCEL and event.cancelled):
        offers = _labelled(game, _offers(game, event, kind))
        if not offers:
            return
        window = window or _window_name(kind, event)
        _record(game, window, offers)
        game.spend()
        response = game.io.respond(game, window, offers)
        if response is None:
            return
        # A decider only picks (``Decider.respond``): one of these offers was
        # found usable just now and still is, so it is not checked again.
        made = any(offer is response.offer for offer in offers)
        _use(game, response.offer, event, response, checked=made)


def _window_name(kind: AbilityKind, event: Event) -> str:
    return f"{KIND_NAMES[kind]}:{event.name}"


def _use(
    game: Game,
    offer: Offer,
    event: Event | None,
    response: Response | None = None,
    *,
    checked: bool = False,
) -> None:
    """Initiate an offered ability; an illegal response is reported, not raised.

    A forced trigger stays used even if it fails, so it is never retried.
    ``checked``: ``eligible`` has just returned this very offer and nothing
    that changes the game ran since (see ``resolver.initiate``)."""
    player = game.player(offer.player)
    given = response.given if response is not None else {}
    if event is not None:
        event.used.add(_key(offer))
    # A response taken from a later step logs under that step.
    outer = game.step
    if response is not None and response.token >= 0:
        game.step = response.token
    try:
        resolver.initiate(
            game,
            player,
            offer.card,
            offer.ability,
            offer.index,
            event=event,
            given=given,
            checked=checked,
        )
    except IllegalPlay as error:
        if event is not None and response is not None:
            event.used.discard(_key(offer))
        if response is not None:
            game.io.settle(response, error)
        return
    finally:
        game.step = outer
    if response is not None:
        game.io.settle(response, None)


def forced_window(game: Game, event: Event, kind: AbilityKind) -> None:
    """Resolve every eligible forced ability of ``kind``, one player at a time."""
    if game.pack.may_trigger(kind, event.name):
        _force(game, event, kind)


def _force(game: Game, event: Event, kind: AbilityKind) -> None:
    """``forced_window`` once ``may_trigger`` holds.

    Silent triggers wait until no other is left, and are never ordered."""
    while True:
        offers = _offers(game, event, kind)
        if not offers:
            return
        offers = _loud(game, offers)
        first = offers[0].player
        if len(offers) == 1 or offers[1].player != first:  # in seat order
            # Found eligible just now, and nothing ran since: used as it is.
            _use(game, offers[0], event, checked=True)
            continue
        group = [o for o in offers if o.player == first]
        for offer in _order(game, offers, group, _window_name(kind, event)):
            again = eligible(game, event, offer.card, offer.index, offer.ability)
            if again is not None:
                _use(game, again, event, checked=True)


def _loud(game: Game, offers: list[Offer]) -> list[Offer]:
    """The offers that are not silent, or the first silent one when only
    silent ones are left (they resolve one at a time, in offer order)."""
    if not any(o.ability.silent for o in offers):  # the usual case: no look-up
        return offers
    loud = [
        o
        for o in offers
        if not o.ability.is_silent(
            Context(game, game.player(o.player), o.card, o.ability)
        )
    ]
    return loud or offers[:1]


def _order(
    game: Game, offers: list[Offer], group: list[Offer], window: str
) -> list[Offer]:
    """Let the player order ``group`` (two or more of ``offers``, all theirs)
    if the order matters.

    Offers are labelled only here, where the labels are shown: a label tells a
    card from equal ones among all the window's ``offers``."""
    player = game.player(group[0].player)
    interactive = any(
        o.ability.is_interactive(Context(game, player, o.card, o.ability))
        for o in group
    )
    if not interactive:
        return group
    named = dict(zip(map(id, offers), _labelled(game, offers), strict=True))
    labels = _unique([named[id(o)].label for o in group])
    prompt = Prompt(PromptKind.ORDER, player.name, f"order:{window}", tuple(labels))
    answer = ask(game, prompt)
    order = list(answer) if isinstance(answer, tuple) else labels
    return [group[labels.index(label)] for label in order]


def _unique(labels: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
        out.append(label if seen[label] == 1 else f"{label} ({seen[label]})")
    return out


def window_offers(game: Game, name: str | None) -> list[Offer]:
    """Return the actions usable in window ``name`` (None: the top level)."""
    offers = []
    for card in list(game.cards.values()):
        for index, ability in enumerate(game.definition(card).abilities):
            if ability.kind is not AbilityKind.ACTION or ability.window != name:
                continue
            player = game.player(card.controller)
            ctx = Context(game, player, card, ability)
            if resolver.refusal(ctx, index) is None:
                offers.append(Offer(player.name, "", card, index, ability))
    return _labelled(game, _by_seat(game, offers))


def legal_actions(game: Game, player: str | None = None) -> list[Offer]:
    """Return the actions usable right now (by ``player``), in seat order."""
    offers = window_offers(game, game.clock.window)
    return [o for o in offers if player is None or o.player == player]


def open_window(game: Game, name: str) -> None:
    """Open a pack-defined action window until every player passes in it.

    A ``window_open`` event resolves as it opens and a ``window_close`` event
    as it closes (``params["window"]``: its name), so abilities can answer
    both; the window is open while they resolve."""
    previous, game.clock.window = game.clock.window, name
    try:
        _window_event(game, "window_open", name)
        _take_turns(game, name)
        _window_event(game, "window_close", name)
    finally:
        game.clock.window = previous


def _window_event(game: Game, event: str, name: str) -> None:
    if not answerable(game, event):
        return
    player = game.clock.active_player
    resolve_event(game, Event(event, player=player, params={"window": name}))


def _take_turns(game: Game, name: str) -> None:
    while True:
        offers = window_offers(game, name)
        if not offers:
            return
        _record(game, f"window:{name}", offers)
        game.spend()
        response = game.io.respond(game, f"window:{name}", offers)
        if response is None:
            return
        _use(game, response.offer, None, response)


# Every event opens these windows around its change (see ``flow.events``).
register_windows(before, after)
