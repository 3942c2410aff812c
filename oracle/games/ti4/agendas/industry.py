"""Minister of Industry (a law owned by the elected player, 7.4): whenever
its owner puts a new space dock on the board, every unit of theirs with
Production in the dock's system may produce, paying as usual (its notes: not
only the new dock).

``dock_placed`` is the hook the modules that place a space dock call
(Construction Rider); ``dock_replaced`` the one Infiltrate calls. The owner
is asked ``minister-of-industry:use`` (``decline``, the default, or ``use``);
using it runs the production prompts of ``production`` (``production``,
``production:pay``) for that system.
"""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.game import Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.games.ti4 import cite, laws, production, tactical

MINISTER_OF_INDUSTRY = "minister-of-industry"
#: The answers of ``minister-of-industry:use`` (the first is the default).
DECLINE, USE = "decline", "use"


def dock_placed(game: Game, owner: str, system: Card) -> None:
    """``owner`` has just placed a space dock in ``system``: if they own
    Minister of Industry, their units there may use Production."""
    law = laws.find(game, MINISTER_OF_INDUSTRY)
    if law is None or law.owner != owner:
        return
    name, where = game.name_of(law), game.name_of(system)
    if not production.makers(game, owner, system):
        game.say(
            owner,
            f"{owner} has no unit in {where} that can use Production ({name})",
            event="use_production",
            rules=cite.MINISTER_OF_INDUSTRY,
        )
        return
    prompt = Prompt(
        PromptKind.OPTION,
        owner,
        "minister-of-industry:use",
        (DECLINE, USE),
        rules=cite.MINISTER_OF_INDUSTRY,
        why=f"{owner} placed a space dock in {where} and owns {name}",
        title=f"Use Production with your units in {where}?",
    )
    if str(ask(game, prompt)) != USE:
        game.say(
            owner,
            f"{owner} does not use Production in {where} ({name})",
            event="use_production",
            rules=cite.MINISTER_OF_INDUSTRY,
        )
        return
    game.say(
        owner,
        f"{owner}'s units in {where} use Production ({name})",
        event="use_production",
        rules=cite.MINISTER_OF_INDUSTRY,
    )
    # War Machine holds for one use of Production: keep this one's apart from
    # the tactical action's, if one is under way.
    outer = game.flags.pop(tactical.FLAG, None)
    try:
        production.production_step(game, owner, system, cite.INDUSTRY_PRODUCTION)
    finally:
        game.flags.pop(tactical.FLAG, None)
        if outer is not None:
            game.flags[tactical.FLAG] = outer


def dock_replaced(game: Game, owner: str, system: Card) -> None:
    """A space dock put on the board by replacing another (Infiltrate) also
    triggers the law (its note), but as the planet is being taken, before its
    control changes: production at that moment is not modelled."""
    law = laws.find(game, MINISTER_OF_INDUSTRY)
    if law is None or law.owner != owner:
        return
    game.say(
        owner,
        f"{owner} may use Production in {game.name_of(system)} ({game.name_of(law)}) "
        "with a space dock replacing another while control of its planet changes: "
        "not modelled",
        event="use_production",
        rules=cite.MINISTER_OF_INDUSTRY,
        modelled=False,
    )
