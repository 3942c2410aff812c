"""Political Secret (a generic promissory note; each player has one): when an
agenda is revealed, the player holding another player's Political Secret may
play it. Until that agenda has been resolved, the note's owner cannot vote,
play action cards or use faction abilities; then the note goes back to them.
Its notes: when the agenda is discarded instead (Veto), the note goes back at
once and its owner votes on the next agenda as usual.

The note lies in its holder's play area while it lasts (``notes.py``); the
votes (``voting.may_vote``) and the action cards (``rules.py``) ask
``notes.silenced_by``. The pack models no faction ability a player chooses to
use in the agenda phase, so that part of the note has nothing to stop.
"""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind, forced_reaction, make
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.engine.core.game import PLAY
from oracle.engine.core.messages import Message
from oracle.games.ti4 import agenda, cite, notes
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import Reason, Ti4Card

TIMING = "when an agenda is revealed"


def _revealed(event: Event, ctx: Context) -> bool:
    return agenda.is_current(ctx.game, event.card)


def _not_own(ctx: Context) -> Reason | None:
    """69.2: nobody plays a note of their own."""
    note = ctx.source
    if note is None or notes.is_held_by_another(note):
        return None
    return (
        f"{ctx.player.name} cannot play their own Political Secret: only another "
        "player holding it can",
        cite.OWN_NOTE,
    )


def _play(ctx: Context) -> bool:
    game, note, event = ctx.game, ctx.source, ctx.event
    revealed = event.card if event is not None else None
    if note is None or revealed is None or not agenda.is_current(game, revealed):
        return False
    holder, owner = ctx.player.name, note.owner
    game.move(note, PLAY, holder)  # face up before its holder while it lasts
    note.controller = holder
    note.data[notes.AGENDA] = revealed.id
    game.say(
        holder,
        f"{owner} cannot vote, play action cards or use faction abilities until "
        f"{game.name_of(revealed)} has been resolved",
        event="cannot_vote",
        rules=cite.POLITICAL_SECRET,
    )
    return True


def _its_agenda_leaves(event: Event, ctx: Context) -> bool:
    note, gone = ctx.source, event.card
    return (
        note is not None and gone is not None and note.data.get(notes.AGENDA) == gone.id
    )


def _return(ctx: Context) -> bool:
    note = ctx.source
    return note is not None and notes.give_back(
        ctx.game, note, cite.NOTE_RETURNED, logged=False
    )


def _owner(ctx: Context) -> str:
    return ctx.source.owner if ctx.source is not None else ""


CARD = Ti4Card(
    "political-secret",
    "Political Secret",
    st.PROMISSORY_NOTE,
    abilities=(
        make(
            AbilityKind.REACTION,
            {"reveal_agenda": _revealed},
            {
                "location": st.PROMISSORY,
                "handler": _play,
                "message": "{player} plays Political Secret",
                "rules": cite.NOTE_PLAYED,
            },
        ),
        forced_reaction(
            {"discard_agenda": _its_agenda_leaves, "enact_law": _its_agenda_leaves},
            location=PLAY,
            handler=_return,
            message=Message(
                "{player} gives {source} back to {owner}", {"owner": _owner}
            ),
            title="Political Secret goes back",
            rules=cite.NOTE_RETURNED,
        ),
    ),
    timing=TIMING,
    needs=(_not_own,),
)
