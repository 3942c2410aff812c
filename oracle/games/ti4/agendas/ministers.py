"""Laws owned by a player that act later (topic 7).

Committee Formation: once the riders on an agenda that elects a player have
been played (the "after an agenda is revealed" window has closed, by its
official notes the owner may wait for them), its owner may discard it and
choose the elected player; nobody votes on that agenda. The choice is then
the elected player of ``agenda.elect`` (Confusing Legal Text may still
change it) and riders are judged against it.

Minister of Commerce: each time its owner's commodities are replenished, by
any effect, they then gain one trade good per neighbor, all at once; gaining
a set number of commodities is no replenishing (official notes).

Minister of Exploration: each time its owner gains control of a planet, they
gain a trade good; several planets in one invasion give one at a time.

Minister of Policy: once the status phase is over its owner draws one action
card, on top of the usual draw of step 3. It is a draw of its own, so
Scheming acts on it apart from the step's draw, and Neural Motivator adds
nothing to it (official notes).
"""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.engine.core.game import Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.games.ti4 import changes, cite, laws, voting
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import outcomes, table

COMMITTEE_FORMATION = "committee-formation"
MINISTER_OF_POLICY = "minister-of-policy"
MINISTER_OF_COMMERCE = "minister-of-commerce"
MINISTER_OF_EXPLORATION = "minister-of-exploration"
#: The answer that leaves the law in play.
KEEP = "keep"


def committee_formation(game: Game, agenda: Card) -> str:
    """The player the owner of Committee Formation chooses to elect on
    ``agenda``, the law being discarded; "" when it is kept or not in play."""
    if voting.elects(game, agenda) != table.PLAYER:
        return ""
    law = laws.find(game, COMMITTEE_FORMATION)
    if law is None or not law.owner:
        return ""
    owner, name = law.owner, game.name_of(agenda)
    electable = voting.agenda_state(game).outcomes
    choice = str(
        ask(
            game,
            Prompt(
                PromptKind.OPTION,
                owner,
                "committee-formation:use",
                (KEEP, *electable),
                rules=cite.COMMITTEE_FORMATION,
                why=f"the owner of Committee Formation may discard it to choose who "
                f"{name} elects, with no vote, or keep it",
                title="Choose the elected player, or keep Committee Formation",
            ),
        )
    )
    if choice == KEEP:
        return ""
    outcomes.discard(
        game, owner, law, "(Committee Formation)", cite.COMMITTEE_FORMATION
    )
    game.say(
        owner,
        f"{owner} chooses {choice} as the elected player; nobody votes on {name}",
        event="committee_formation",
        rules=cite.COMMITTEE_FORMATION,
    )
    return choice


def minister_of_policy_draw(game: Game) -> None:
    """At the end of the status phase the owner of Minister of Policy draws."""
    law = laws.find(game, MINISTER_OF_POLICY)
    if law is None or not law.owner:
        return
    game.say(
        law.owner,
        f"The status phase ends: {law.owner} draws for Minister of Policy",
        event="minister_of_policy",
        rules=cite.MINISTER_OF_POLICY,
    )
    changes.draw_action_cards(game, law.owner, 1, cite.MINISTER_OF_POLICY)


def commerce_replenished(event: Event, ctx: Context) -> bool:
    """Whether ``event`` replenished the commodities of the owner of Minister
    of Commerce (a forced reaction of theirs)."""
    return _owned_by_actor(event, ctx, MINISTER_OF_COMMERCE)


def exploration_planet(event: Event, ctx: Context) -> bool:
    """Whether ``event`` gave a planet to the owner of Minister of Exploration."""
    return _owned_by_actor(event, ctx, MINISTER_OF_EXPLORATION)


def _owned_by_actor(event: Event, ctx: Context, slug: str) -> bool:
    if event.player != ctx.player.name:
        return False
    law = laws.find(ctx.game, slug)
    return law is not None and law.owner == ctx.player.name


def minister_of_commerce(ctx: Context) -> bool:
    """The owner gains a trade good per neighbor (60.1), together."""
    game, player = ctx.game, ctx.player
    count = len(st.neighbors(game, player.name))
    return changes.gain_trade_goods(
        game,
        player,
        count,
        f"for {changes.plural(count, 'neighbor')} (Minister of Commerce)",
        cite.MINISTER_OF_COMMERCE,
    )


def minister_of_exploration(ctx: Context) -> bool:
    """The owner gains a trade good for the planet just gained."""
    planet = ctx.event.card if ctx.event is not None else None
    where = f" for {ctx.game.name_of(planet)}" if planet is not None else ""
    return changes.gain_trade_goods(
        ctx.game,
        ctx.player,
        1,
        f"{where} (Minister of Exploration)".lstrip(),
        cite.MINISTER_OF_EXPLORATION,
    )
