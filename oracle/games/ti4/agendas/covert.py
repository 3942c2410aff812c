"""Covert Legislation (``RESOLVERS``, merged into ``outcomes.RESOLVERS``): a
directive voted on blind.

As it is revealed (the change of its ``reveal_agenda`` event, ``draw_hidden``)
the speaker draws the next agenda face down and puts it under Covert
Legislation in ``agenda_area``; the log says what its outcomes are, not which
agenda it is. Covert Legislation stays the current agenda (``voting.current``)
for every window: Veto and Quash (the "when" window), riders and Political
Secret (the "after" window), the votes, Bribery, Confusing Legal Text, Deadly
Plot. Its outcomes are the hidden agenda's (``voting.hidden_under``, used by
``voting.elects``), so riders predict them. Its outcome names the hidden agenda
only now, and resolves the winning outcome on it as on any agenda (a law
enacted stays in play); Covert Legislation itself is then discarded.

By its notes: whatever discards Covert Legislation (Veto, Quash, Deadly Plot)
discards the hidden agenda with it (``discard_hidden``); a hidden agenda that
would be discarded on being revealed with no law in play
(``directives.NEED_A_LAW``) is discarded with Covert Legislation as it is
drawn. What follows then is not stated: the oracle logs it as not modelled and
goes on with the phase (``dropped``).
"""

from __future__ import annotations

from collections.abc import Callable

from oracle.engine.core.cards import Card
from oracle.engine.core.game import Game
from oracle.games.ti4 import changes, cite, voting
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import directives, table

SLUG = voting.COVERT

#: Under ``game.flags``: Covert Legislation was discarded as it was revealed.
DROPPED = "ti4-covert-dropped"

#: The hidden agenda is drawn as Covert Legislation is revealed, and is
#: revealed only when its outcome is resolved.
HIDDEN_DRAW = cite.cite("8.2.i", "80.2")

#: How the speaker announces the hidden agenda's outcomes, where the pack
#: models the vote (not a secret objective or a strategy card).
ANNOUNCED = {
    table.FOR_AGAINST: "its outcomes are For and Against",
    table.PLAYER: "it elects a player",
    table.PLANET: "it elects a planet",
    table.CULTURAL_PLANET: "it elects a cultural planet",
    table.HAZARDOUS_PLANET: "it elects a hazardous planet",
    table.INDUSTRIAL_PLANET: "it elects an industrial planet",
    table.NON_HOME_PLANET: "it elects a planet other than Mecatol Rex or a home planet",
    table.LAW: "it elects a law",
}


def is_covert(card: Card) -> bool:
    """Whether ``card`` is Covert Legislation."""
    return card.slug == SLUG


def draw_hidden(game: Game, card: Card, reshuffle: Callable[[Game], bool]) -> None:
    """Covert Legislation is revealed: the speaker draws the next agenda
    without revealing it and announces its outcomes (in the change of the
    ``reveal_agenda`` event, so before its "when" window); ``reshuffle`` is
    ``agenda.reshuffle``."""
    speaker = st.table(game).speaker
    game.say(
        speaker,
        f"{speaker} reveals {game.name_of(card)}",
        event="reveal_agenda",
        cards=(card.id,),
        rules=cite.AGENDA_REVEAL,
    )
    reshuffle(game)  # agenda.reshuffle: the deck may have just run out
    hidden = game.draw_from_stock(st.AGENDA_DECK)
    if hidden is None:
        game.say(
            speaker,
            f"{speaker} draws no hidden agenda: the agenda deck and its discard "
            "pile are both empty; what Covert Legislation does then is not "
            "modelled",
            event="agenda_hidden",
            modelled=False,
        )
        return
    game.move(hidden, st.AGENDA_AREA, top=True)  # under Covert Legislation
    voting.agenda_state(game).hidden = hidden.id
    if hidden.slug in directives.NEED_A_LAW and not voting.laws_in_play(game):
        _drop(game, speaker, card, hidden)
        return
    said = ANNOUNCED.get(voting.elects(game, hidden))
    if said is None or voting.outcomes(game, hidden) is None:
        game.say(
            speaker,
            f"{speaker} draws the next agenda without revealing it: what it elects "
            "is not modelled",
            event="agenda_hidden",
            modelled=False,
        )
        return
    game.say(
        speaker,
        f"{speaker} draws the next agenda without revealing it: {said}",
        event="agenda_hidden",
        rules=HIDDEN_DRAW,
    )


def _drop(game: Game, speaker: str, card: Card, hidden: Card) -> None:
    """The hidden agenda would be discarded on being revealed: both go."""
    from oracle.games.ti4.agendas import outcomes  # it imports this module

    game.say(
        speaker,
        f"{speaker} draws {game.name_of(hidden)} as the hidden agenda: with no "
        "law in play it would be discarded on being revealed",
        event="agenda_hidden",
        cards=(hidden.id,),
        rules=HIDDEN_DRAW,
    )
    outcomes.discard(game, "", hidden, "as no law is in play", cite.AGENDA_REVEAL)
    outcomes.discard(game, "", card, "with it", cite.AGENDA_REVEAL)
    game.flags[DROPPED] = True
    game.say(
        None,
        "Whether another agenda is revealed in place of Covert Legislation is not "
        "modelled: the oracle goes on with the phase",
        event="agenda_unmodelled",
        modelled=False,
    )


def dropped(game: Game) -> bool:
    """Whether Covert Legislation was just discarded as it was revealed (its
    hidden agenda could not be revealed): nothing is left to vote on."""
    return bool(game.flags.pop(DROPPED, False))


def discard_hidden(game: Game, agenda: Card, rules: tuple[str, ...]) -> None:
    """Covert Legislation was discarded: the hidden agenda goes with it."""
    if not is_covert(agenda):
        return
    hidden = voting.hidden_under(game, agenda)
    if hidden is None:
        return

    def change() -> None:
        game.move(hidden, st.AGENDA_DISCARD, top=True)

    changes.happen(  # not revealed: the log does not name it
        game,
        "discard_agenda",
        player=None,
        message="The hidden agenda is discarded with Covert Legislation",
        change=change,
        card=hidden,
        rules=rules,
    )


def _covert_legislation(game: Game, agenda: Card, outcome: str) -> bool:
    """Reveal the hidden agenda and resolve the winning outcome on it."""
    from oracle.games.ti4.agendas import outcomes  # it imports this module

    hidden = voting.hidden_under(game, agenda)
    if hidden is None:
        return False
    speaker = st.table(game).speaker
    game.say(
        speaker,
        f"{speaker} reveals the hidden agenda: {game.name_of(hidden)}",
        event="agenda_hidden",
        cards=(hidden.id,),
        rules=cite.AGENDA_RESOLVE,
    )
    outcomes.resolve(game, hidden, outcome)
    return True


RESOLVERS: dict[str, Callable[[Game, Card, str], bool]] = {SLUG: _covert_legislation}
