"""Miscount Disclosed (``RESOLVERS``, merged into ``outcomes.RESOLVERS``): a
directive that elects a law in play, then has it voted on again as if it had
just been revealed.

Revealed while no law is in play, it is discarded and the next agenda is
revealed (its text; ``directives.discard_on_reveal``). Otherwise the election is an
ordinary vote on the laws in play (``voting.outcomes``): with one law, a vote
for it or an abstention, and the speaker picks it when nobody voted. Its
outcome only records the elected law; the card is discarded and the riders on
it are settled (its notes: they come first); then ``revote`` opens the new
vote on the law, which stays in play and keeps working meanwhile: a
``reveal_agenda`` event for the law ("when" window: Veto and Quash discard it
and reveal another agenda, by the notes; Political Secret), then the usual
answer (``agenda.answer``): riders, votes, Deadly Plot, the outcome, placed as
for any law (For or an election keeps it, moved to a newly elected player or
planet; Against resolves and discards it). Deadly Plot on Miscount Disclosed
itself leaves the law in play with no new vote (nothing is recorded).

The notes leave open the new vote on the laws that give a victory point and
on Classified Document Leaks and Committee Formation (``UNSETTLED``): it is
logged as not modelled and the law stays as it was.
"""

from __future__ import annotations

from collections.abc import Callable

from oracle.engine.core.cards import Card
from oracle.engine.core.game import PLAY, Game
from oracle.games.ti4 import changes, cite, turns, voting
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import points

SLUG = "miscount-disclosed"

#: Under ``game.flags``: the id of the law elected, waiting for its new vote.
PENDING = "ti4-miscount-law"

#: The elected law is revealed anew; it keeps working while voted on.
REVOTE = cite.cite("8.2.i", "7.2")

#: The laws whose new vote the notes leave open, and why.
UNSETTLED: dict[str, str] = {
    points.SHARD: "what becomes of the victory point it gave",
    points.CROWN: "what becomes of the victory point it gave",
    points.HOLY_PLANET: "what becomes of the victory point it gave",
    points.CENSURE: "what becomes of the victory point it gave",
    "classified-document-leaks": "an election of a secret objective",
    "committee-formation": "how its owner and a newly elected player use it",
}


def _miscount_disclosed(game: Game, agenda: Card, outcome: str) -> bool:
    """Record the elected law for its new vote, held until the riders on
    Miscount Disclosed are settled."""
    law = next((c for c in voting.laws_in_play(game) if c.slug == outcome), None)
    if law is None:
        return False
    why = UNSETTLED.get(law.slug)
    if why is not None:
        game.say(
            None,
            f"The oracle does not model the new vote on {game.name_of(law)} "
            f"({why}): it stays in play as it was",
            event="agenda_unmodelled",
            modelled=False,
        )
        return True
    game.flags[PENDING] = law.id
    return True


def revote(game: Game, answer: Callable[[Game], bool]) -> None:
    """The new vote on the law Miscount Disclosed elected, if one waits: it
    takes the place of the current agenda (``answer`` is ``agenda.answer``)."""
    pending = game.flags.pop(PENDING, None)
    law = game.cards.get(pending) if isinstance(pending, str) else None
    if law is None or law.zone not in (st.LAWS, PLAY):
        return
    old = voting.agenda_state(game)
    game.flags[voting.KEY] = voting.Agenda(
        number=old.number, barred=old.barred, revote=law.id
    )
    turns.arrange(game)
    speaker = st.table(game).speaker
    if speaker:
        game.clock.active_player = speaker
    changes.happen(
        game,
        "reveal_agenda",
        player=speaker,
        message=f"{game.name_of(law)} is voted on again as if just revealed "
        "(Miscount Disclosed)",
        change=lambda: None,
        card=law,
        rules=REVOTE,
    )
    answer(game)


RESOLVERS: dict[str, Callable[[Game, Card, str], bool]] = {SLUG: _miscount_disclosed}
