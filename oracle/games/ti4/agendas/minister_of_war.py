"""Minister of War (a law owned by the elected player): after its owner
performs an action, they may discard it to return one of their command tokens
on the board to their reinforcements, then perform one more action.

Both actions make one turn: nothing that comes at the end or the start of a
turn happens between them (its official note), so the turn does not end, the
turn count stays and the next player waits. The removal comes before "then"
(1.17): with none of their tokens on the board the owner gains no action, so
the card is not offered. Passing is no action (3.3), so it offers nothing.

Left open, and logged as not modelled: the card after Minister of Peace ended
the owner's turn during the action (is the action then performed, and may a
turn already over go on?), and passing in place of the additional action.
"""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.game import Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.games.ti4 import changes, cite, laws
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import outcomes

MINISTER_OF_WAR = "minister-of-war"

#: The answers of ``minister-of-war:use``: keep the law (the default), use it
#: for one more action, or use it for the token alone and end the turn.
KEEP, USE, USE_AND_END = "keep", "use", "use-and-end-turn"

#: ``game.flags`` key: the player whose additional action is pending, with
#: the round and turn (``_turn_of``).
PENDING = "ti4.minister_of_war"
#: ``game.flags`` key: Minister of Peace ended this player's turn in an action.
CUT_SHORT = "ti4.turn_cut_short"


def act_again(game: Game) -> bool:
    """After the active player's action: offer Minister of War to its owner.
    True when they use it for one more action in the same turn (the turn then
    goes on); False when the turn ends as usual."""
    active = game.clock.active_player
    game.flags.pop(PENDING, None)
    cut_short = game.flags.pop(CUT_SHORT, None) == active
    law = laws.find(game, MINISTER_OF_WAR)
    if law is None or law.owner != active or not active:
        return False
    if cut_short:
        game.say(
            active,
            f"Whether {active} may use Minister of War after Minister of Peace "
            "ended their turn is not modelled",
            event="minister_of_war",
            rules=cite.MINISTER_OF_WAR,
            modelled=False,
        )
        return False
    systems = st.tokens_on_board(game, active)
    if not systems:
        game.say(
            active,
            f"{active} cannot use Minister of War: none of their command tokens is "
            "on the board, and the additional action needs one removed first",
            event="minister_of_war",
            rules=cite.MINISTER_OF_WAR_THEN,
        )
        return False
    answer = _ask_use(game, active)
    if answer == KEEP:
        return False
    system = _pick_system(game, active, systems)
    game.say(
        active,
        f"{active} uses Minister of War",
        event="minister_of_war",
        rules=cite.MINISTER_OF_WAR,
    )
    outcomes.discard(game, active, law, "by its owner", cite.MINISTER_OF_WAR)
    changes.remove_board_token(
        game,
        game.player(active),
        system,
        "to their reinforcements (Minister of War)",
        cite.MINISTER_OF_WAR,
    )
    if answer == USE_AND_END:
        return False
    _grant_action(game, active)
    return True


def passing(game: Game, name: str) -> None:
    """``name`` passes: if it is in place of the additional action of
    Minister of War, say that this is not modelled."""
    if game.flags.pop(PENDING, None) != _turn_of(game, name):
        return
    game.say(
        name,
        f"Whether {name} may pass in place of the additional action of Minister "
        "of War is not modelled",
        event="minister_of_war",
        rules=cite.MINISTER_OF_WAR,
        modelled=False,
    )


def _ask_use(game: Game, owner: str) -> str:
    return str(
        ask(
            game,
            Prompt(
                PromptKind.OPTION,
                owner,
                "minister-of-war:use",
                (KEEP, USE, USE_AND_END),
                rules=cite.MINISTER_OF_WAR,
                why="after their action the owner of Minister of War may discard "
                "it to take a command token off the board and act once more, "
                "or keep it",
                title="Use Minister of War for one more action, or keep it",
            ),
        )
    )


def _pick_system(game: Game, owner: str, systems: list[Card]) -> Card:
    """The system whose token goes back (asked when there are several)."""
    if len(systems) == 1:
        return systems[0]
    ids = tuple(st.system_id(s) for s in systems)
    chosen = ask(
        game,
        Prompt(
            PromptKind.OPTION,
            owner,
            "minister-of-war:token",
            ids,
            rules=cite.MINISTER_OF_WAR,
            why="the token removed must be one of the owner's on the board",
            title="Choose the system whose command token goes back",
        ),
    )
    return systems[ids.index(str(chosen))]


def _grant_action(game: Game, owner: str) -> None:
    """Open the additional action in the same turn: no end or start of turn."""
    table = st.table(game)
    table.action_taken = False
    # Component actions played in the first action are another timing window.
    table.played.pop("turn", None)
    game.flags[PENDING] = _turn_of(game, owner)
    game.say(
        owner,
        f"{owner} performs one more action in the same turn (Minister of War): "
        "no end or start of a turn comes between",
        event="minister_of_war",
        rules=cite.MINISTER_OF_WAR,
    )


def _turn_of(game: Game, name: str) -> tuple[str, int, int]:
    """A player's turn as now: who, in which round and turn."""
    return name, game.clock.round, game.clock.turn
