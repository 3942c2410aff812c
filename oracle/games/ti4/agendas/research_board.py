"""Agenda outcomes about research and the board (issue 27, group C):
Wormhole Research. ``RESOLVERS`` is merged into
``outcomes.RESOLVERS``."""

from __future__ import annotations

from oracle.engine.core.cards import Card, Player
from oracle.engine.core.game import Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.games.ti4 import changes, cite, laws, movement, research, voting
from oracle.games.ti4 import state as st

#: The answer to a "may research" prompt that researches nothing.
NO_RESEARCH = "none"


def _speaker_order(game: Game) -> list[str]:
    return [p.name for p in st.clockwise_from(game, st.table(game).speaker)]


def may_research(game: Game, name: str, window: str, source: str) -> None:
    """A player may research one technology of their deck whose prerequisites
    they meet (``window``; ``none`` declines, the default); the Nekro Virus
    gains command tokens instead (Propagation)."""
    if research.propagates(game, name):
        research.propagate(game, name, source)
        return
    found = research.researchable(game, name)
    if not found:
        game.say(
            name,
            f"{name} can research no technology ({source}): none left in their deck "
            "has prerequisites they meet",
            event="effect",
            rules=cite.RESEARCH,
        )
        return
    prompt = Prompt(
        PromptKind.OPTION,
        name,
        window,
        (NO_RESEARCH, *found),
        rules=cite.RESEARCH,
        title="Choose a technology to research, or none",
    )
    slug = str(ask(game, prompt))
    if slug == NO_RESEARCH:
        game.say(
            name,
            f"{name} researches nothing ({source})",
            event="effect",
            rules=cite.AGENDA_RESOLVE,
        )
        return
    research.research(game, name, slug, cite.AGENDA_RESOLVE)


def _wormhole_research(game: Game, agenda: Card, outcome: str) -> bool:
    """For: each player with a ship in a system with any wormhole may research
    one technology; then every ship in a system with an alpha or beta wormhole
    is destroyed, and ground forces left in space without capacity are removed
    (its notes, 16.3). Against: each Against voter returns a command token of
    their pick from their command sheet to reinforcements."""
    if outcome == voting.AGAINST:
        votes = voting.agenda_state(game).votes
        for name in _speaker_order(game):
            if votes.get(name, ("", 0))[0] == voting.AGAINST:
                _return_one_token(game, game.player(name))
        return True
    systems = st.systems(game)
    holes = [s for s in systems if st.wormholes(game, s)]
    eligible = [
        name
        for name in _speaker_order(game)
        if any(st.ships(game, s, name) for s in holes)
    ]
    for name in eligible:
        may_research(game, name, "wormhole-research:research", "Wormhole Research")
    speaker = st.table(game).speaker
    for system in systems:
        if not laws.BASIC_WORMHOLES & set(st.wormholes(game, system)):
            continue
        for name in _speaker_order(game):
            doomed = st.ships(game, system, name)
            if doomed:
                changes.destroy_units(game, speaker, doomed, cite.AGENDA_RESOLVE)
                movement.settle_capacity(game, name, system, fleet=False)
    return True


def _return_one_token(game: Game, player: Player) -> None:
    """Take one command token off a player's command sheet (from the pool
    they pick) back to reinforcements; nothing when the sheet is empty."""
    from oracle.games.ti4.agendas import outcomes  # outcomes imports this module

    pools = tuple(p for p in st.POOLS if player.resource(p) > 0)
    if not pools:
        game.say(
            player.name,
            f"{player.name} has no command token on their command sheet to return",
            event="return_command_token",
            rules=cite.AGENDA_RESOLVE,
        )
        return
    pool = pools[0]
    if len(pools) > 1:
        prompt = Prompt(
            PromptKind.OPTION,
            player.name,
            "wormhole-research:pool",
            pools,
            rules=cite.AGENDA_RESOLVE,
        )
        pool = str(ask(game, prompt))
    outcomes.return_token(game, player, pool)


RESOLVERS = {"wormhole-research": _wormhole_research}
