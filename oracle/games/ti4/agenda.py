"""The agenda phase (topic 8): two agendas, each revealed, answered in its
"when" then its "after" window, voted on and resolved; then planets ready.

An agenda is revealed by a ``reveal_agenda`` event (the speaker draws the top
card of ``agenda_deck`` into ``agenda_area``, 8.2.i): its reactions are the
"when an agenda is revealed" window (Veto). Once that window has closed, an
``agenda_revealed`` event opens the "after" window (riders, Assassinate
Representative). Both are response windows taken in turns from the speaker
clockwise (1.20), looking again after each card played, so a window closes
only when every player has passed. Then the vote (``voting``), the election
window of a player (``elect_player``: Confusing Legal Text), the outcome
(``agendas.outcomes``), and the riders' predictions (8.22b).

A scenario without an agenda deck keeps the phase as before: a log line says
the agendas are not modelled (``prepare`` removes the agenda zones). One that
starts in the agenda phase with agendas starts after the phase's opening
window: its first agenda is revealed as the run starts (``phases``).
"""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.errors import Problem
from oracle.engine.core.game import Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.engine.core.scenario import Scenario
from oracle.games.ti4 import changes, cite, riders, turns, voting
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import (
    covert,
    directives,
    ministers,
    miscount,
    outcomes,
    table,
)
from oracle.games.ti4.board import BoardSpec

ORDINALS = ("first", "second")


def prepare(game: Game, board: BoardSpec) -> None:
    """Fill the agenda deck (``fill_agendas``), or remove the agenda zones of a
    scenario that has none, so that its result is what it was before them."""
    if board.fill_agendas:
        rest = dict.fromkeys(table.BASE_AGENDA_DECK, 1)
        for zone in (*st.AGENDA_ZONES, st.AGENDA_DISCARD, st.LAWS):
            for card in game.cards_in(zone):
                rest.pop(card.slug, None)
        for player in game.players:
            for card in game.cards_in("play", player.name):
                rest.pop(card.slug, None)
        game.add_stock(st.AGENDA_DECK, rest)
        return
    if not any(game.zone(zone) for zone in st.AGENDA_ZONES):
        for zone in st.AGENDA_ZONES:
            del game.shared[zone]


def problems(scenario: Scenario, board: BoardSpec) -> list[Problem]:
    """A scenario with agendas that starts in the agenda phase needs one: not
    while the custodians token is on Mecatol Rex (8.1)."""
    if scenario.phase != "agenda" or not board.custodians:
        return []
    if not (scenario.decks.get(st.AGENDA_DECK) or board.fill_agendas):
        return []
    return [
        Problem(
            "/phase",
            "a scenario with agendas cannot start in the agenda phase while the "
            "custodians token is on Mecatol Rex: that round has no agenda phase",
        )
    ]


def has_agendas(game: Game) -> bool:
    """Whether the scenario models the agenda deck."""
    return st.AGENDA_DECK in game.shared


def run_phase(game: Game) -> None:
    """Steps 1 and 2 of the agenda phase (8.2, 8.3)."""
    for number in (1, 2):
        if not resolve_agenda(game, number):
            return


def resolve_agenda(game: Game, number: int) -> bool:
    """Reveal one agenda, open its windows, vote and resolve it; False when
    no agenda could be revealed."""
    state = voting.agenda_state(game)
    barred = state.barred
    state = voting.Agenda(number=number, barred=barred)
    game.flags[voting.KEY] = state
    # Windows go from the speaker clockwise (1.20), a new one included (Public
    # Execution, Politics Rider): the engine offers from the active player.
    turns.arrange(game)
    if st.table(game).speaker:
        game.clock.active_player = st.table(game).speaker
    game.say(
        None,
        f"The {ORDINALS[number - 1]} agenda",
        event="agenda_step",
        rules=cite.AGENDA_FIRST if number == 1 else cite.AGENDA_SECOND,
    )
    if reveal(game) is None:
        return False
    return answer(game)


def answer(game: Game) -> bool:
    """Answer the agenda just revealed: its windows, the vote, the outcome and
    the riders (and the new vote on a law Miscount Disclosed elected); False
    when no agenda is left to answer."""
    state = voting.agenda_state(game)
    agenda = voting.current(game)
    seen: set[str] = set()  # a card back from the reshuffle is not discarded again
    while (
        agenda is not None
        and agenda.id not in seen
        and directives.discard_on_reveal(game, agenda)
    ):
        seen.add(agenda.id)
        agenda = voting.current(game) if reveal(game) is not None else None
    if covert.dropped(game):  # Covert Legislation went with its hidden agenda
        return True
    if agenda is None:
        return False
    found = voting.outcomes(game, agenda)
    if not found:
        why = "what it elects" if found is None else "an agenda with nothing to elect"
        game.say(
            None,
            f"The oracle does not model voting on {game.name_of(agenda)}: {why}",
            event="agenda_unmodelled",
            modelled=False,
        )
        return True
    state.agenda, state.outcomes = agenda.id, found
    changes.happen(
        game,
        "agenda_revealed",
        player=st.table(game).speaker,
        message=None,
        change=lambda: None,
        card=agenda,
        rules=cite.AGENDA_WINDOWS,
    )
    chosen = ministers.committee_formation(game, agenda)
    if not chosen:
        voting.vote(game, agenda)
    winner = elect(game, agenda, chosen or voting.tally(game, agenda))
    if not _resolve_outcome(game, agenda, winner):
        winner = ""  # Deadly Plot: no outcome was resolved, no prediction is right
    _riders(game, agenda, winner)
    miscount.revote(game, answer)
    return True


def _resolve_outcome(game: Game, agenda: Card, winner: str) -> bool:
    """Resolve the outcome as an event (8.18): its cancel window is "when an
    outcome would be resolved" (Deadly Plot). False when it was cancelled."""
    return changes.happen(
        game,
        "resolve_outcome",
        player=st.table(game).speaker,
        message=None,
        change=lambda: outcomes.resolve(game, agenda, winner),
        card=agenda,
        rules=cite.AGENDA_RESOLVE,
        params={"outcome": winner},
    )


def reveal(game: Game) -> Card | None:
    """The speaker reveals the top agenda (8.2.i); the reactions to this
    event are the "when an agenda is revealed" window."""
    speaker = st.table(game).speaker
    reshuffle(game)
    card = game.draw_from_stock(st.AGENDA_DECK)
    if card is None:
        game.say(
            speaker,
            f"{speaker} reveals no agenda: the agenda deck and its discard pile are "
            "both empty",
            event="reveal_agenda",
            rules=cite.AGENDA_RESHUFFLE,
        )
        return None

    hides = covert.is_covert(card)

    def change() -> None:
        game.move(card, st.AGENDA_AREA)
        if hides:  # it logs the reveal, then draws the hidden agenda
            covert.draw_hidden(game, card, reshuffle)

    changes.happen(
        game,
        "reveal_agenda",
        player=speaker,
        message=None if hides else f"{speaker} reveals {game.name_of(card)}",
        change=change,
        card=card,
        rules=cite.AGENDA_REVEAL,
    )
    reshuffle(game)
    return card


def reshuffle(game: Game) -> bool:
    """Shuffle the agenda discard pile into a new deck as soon as the deck
    runs out (23.5; the LRR says no more of agendas). The agenda being
    resolved is not in the pile, so it is not among them."""
    return changes.reform_deck(
        game,
        st.AGENDA_DECK,
        st.AGENDA_DISCARD,
        lambda n: (
            "The agenda deck is empty: its discard pile "
            f"({changes.plural(n, 'agenda')}) is shuffled to form a new deck"
        ),
        cite.AGENDA_RESHUFFLE,
    )


def is_current(game: Game, agenda: Card | None) -> bool:
    """Whether ``agenda`` is the agenda being resolved right now."""
    return agenda is not None and agenda is voting.current(game)


def elect(game: Game, agenda: Card, winner: str) -> str:
    """An elected player is elected by an ``elect_player`` event, whose
    reactions may elect another player instead (Confusing Legal Text)."""
    state = voting.agenda_state(game)
    state.elected = winner
    if voting.elects(game, agenda) != table.PLAYER:
        return winner
    changes.happen(
        game,
        "elect_player",
        player=winner,
        message=f"{winner} is elected",
        change=lambda: None,
        card=agenda,
        rules=cite.ELECT_PLAYER,
    )
    return state.elected


def _riders(game: Game, agenda: Card, winner: str) -> None:
    """Resolve each prediction once the agenda is resolved, in speaker order
    (8.22b and the notes of topic 8)."""
    state = voting.agenda_state(game)
    order = [p.name for p in st.clockwise_from(game, st.table(game).speaker)]
    ranked = sorted(state.predictions, key=lambda p: order.index(p.player))
    for prediction in ranked:
        riders.resolve(game, agenda, prediction, winner)


def look_at_top(game: Game, name: str, count: int, rules: tuple[str, ...]) -> None:
    """A player secretly looks at the top ``count`` agendas; with Politics
    (``arrange``) they put each back on the top or the bottom, in any order
    (66.2.iii). The log names how many, not which (the judge sees the deck)."""
    seen = _top_cards(game, count)
    if not seen:
        game.say(
            name,
            f"{name} looks at no agenda: the agenda deck is empty",
            event="agenda_look",
            rules=rules,
        )
        return
    game.say(
        name,
        f"{name} looks at the top {changes.plural(len(seen), 'agenda')} of the "
        "agenda deck",
        event="agenda_look",
        rules=rules,
    )


def arrange_top(game: Game, name: str, rules: tuple[str, ...]) -> None:
    """Politics: the top two agendas go back on top or to the bottom, in an
    order the player picks (``politics:agenda-bottom``, then ``:agenda-order``)."""
    seen = _top_cards(game, 2)
    look_at_top(game, name, 2, rules)
    if not seen:
        return
    labels = tuple(c.slug for c in seen)
    bottom: tuple[str, ...] = ()
    if game.stock_count(st.AGENDA_DECK) > len(game.zone(st.AGENDA_DECK)):
        game.say(
            name,
            f"{name} keeps them on top: putting agendas at the bottom of a deck "
            "filled by the oracle is not modelled",
            event="agenda_arrange",
            modelled=False,
        )
    else:
        answer = ask(
            game,
            Prompt(
                PromptKind.CARD,
                name,
                "politics:agenda-bottom",
                labels,
                minimum=0,
                maximum=len(labels),
                rules=rules,
                title="Choose the agendas to put at the bottom of the deck",
            ),
        )
        bottom = answer if isinstance(answer, tuple) else (str(answer),)
    top = [c for c in seen if c.slug not in bottom]
    low = [c for c in seen if c.slug in bottom]
    for card in reversed(_ordered(game, name, top, "top", rules)):
        game.move(card, st.AGENDA_DECK, top=True)
    for card in _ordered(game, name, low, "bottom", rules):
        game.move(card, st.AGENDA_DECK)
    if low:
        game.say(
            name,
            f"{name} puts {changes.plural(len(low), 'agenda')} at the bottom of the "
            "agenda deck",
            event="agenda_arrange",
            rules=rules,
        )


def _ordered(
    game: Game, name: str, cards: list[Card], where: str, rules: tuple[str, ...]
) -> list[Card]:
    if len(cards) < 2:
        return cards
    labels = tuple(c.slug for c in cards)
    answer = ask(
        game,
        Prompt(
            PromptKind.ORDER,
            name,
            f"politics:agenda-{where}",
            labels,
            rules=rules,
            title=f"Order the agendas for the {where} of the deck, first on top",
        ),
    )
    order = list(answer) if isinstance(answer, tuple) else list(labels)
    return sorted(cards, key=lambda c: order.index(c.slug))


def _top_cards(game: Game, count: int) -> list[Card]:
    """The top ``count`` agendas, made cards if they were counted: the
    instances lie on top of the counted cards, so they are set aside while
    each new one is drawn, then put back on top in their order."""
    held = game.cards_in(st.AGENDA_DECK)
    missing = count - len(held)
    if missing > 0 and game.stock_count(st.AGENDA_DECK) > len(held):
        for card in held:
            game.move(card, st.AGENDA_AREA)
        for _ in range(missing):
            if game.draw_from_stock(st.AGENDA_DECK) is None:
                break
            # The one drawn is now the only instance: set it aside too.
            drawn = game.cards_in(st.AGENDA_DECK)[0]
            game.move(drawn, st.AGENDA_AREA)
            held.append(drawn)
        for card in reversed(held):
            game.move(card, st.AGENDA_DECK, top=True)
    return held[:count]


def replace_current(
    game: Game, by: str, agenda: Card | None, why: str, rules: tuple[str, ...]
) -> bool:
    """Discard ``agenda``, the one being resolved, and reveal the next, which
    is voted on instead (Veto, Quash); False if it is no longer current."""
    if not is_current(game, agenda) or agenda is None:
        return False
    outcomes.discard(game, by, agenda, why, rules)
    reveal(game)
    return True
