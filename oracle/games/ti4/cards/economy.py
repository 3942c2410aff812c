"""Component action cards about cards, tokens, planets and technology."""

from __future__ import annotations

from collections.abc import Callable

from oracle.engine.core.abilities import Target
from oracle.engine.core.cards import Card, CardDef, Player
from oracle.engine.core.context import Context
from oracle.engine.core.game import PLAY
from oracle.games.ti4 import changes, cite, data, research
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards import costs
from oracle.games.ti4.cards.common import (
    Reason,
    action_card,
    already_exhausted,
    nothing,
    others_planet,
    own_planet,
    planet_target,
    system_target,
)

# -- Spy ------------------------------------------------------------------------------


def _spy(ctx: Context) -> bool:
    game, me = ctx.game, ctx.player
    victim = ctx.chosen_player()
    held = st.hand(game, victim.name)
    if not held:
        return False
    card = held[game.rng.randrange(len(held))]

    def change() -> None:
        changes.take_to_hand(game, card, me.name)

    return changes.happen(
        game,
        "give_action_card",
        player=me.name,
        message=f"{me.name} takes 1 random action card from {victim.name}'s hand",
        change=change,
        params={"giver": victim.name},
        rules=cite.HIDDEN,
    )


def _spy_needs(ctx: Context) -> Reason | None:
    others = [p for p in ctx.game.players if p.name != ctx.player.name]
    if any(st.hand(ctx.game, p.name) for p in others):
        return None
    return nothing(
        "Spy cannot be played: no other player has an action card to give",
        cite.NOT_RESOLVABLE,
    )


def _spy_explain(ctx: Context, target: Player) -> Reason | None:
    if target.name == ctx.player.name:
        return "Spy takes a card from another player", cite.PLAY
    if not st.hand(ctx.game, target.name):
        return (
            f"Spy cannot be played on {target.name}: {target.name} has no action "
            "card, so the ability cannot be resolved completely",
            (*cite.ACTION_TIMING, *cite.NOT_RESOLVABLE, *cite.TARGETS_EXIST),
        )
    return None


SPY = action_card(
    "spy",
    _spy,
    targets={
        "target": Target(
            mode="player",
            controller="opponent",
            player_predicate=lambda p, ctx: bool(st.hand(ctx.game, p.name)),
        )
    },
    needs=_spy_needs,
    explain=_spy_explain,
)

# -- Repeal Law ------------------------------------------------------------------------


def _repeal(ctx: Context) -> bool:
    game, law = ctx.game, ctx.card()

    def change() -> None:
        game.move(law, st.AGENDA_DISCARD, top=True)

    return changes.happen(
        game,
        "discard_law",
        player=ctx.player.name,
        message=f"{ctx.player.name} discards the law {game.name_of(law)}",
        change=change,
        card=law,
        rules=cite.LAW_DISCARDED,
    )


def _laws_in_play(ctx: Context) -> list[Card]:
    game = ctx.game
    return [
        c
        for c in game.cards.values()
        if st.kind(game, c) == st.LAW and c.zone in (st.LAWS, PLAY)
    ]


REPEAL_LAW = action_card(
    "repeal-law",
    _repeal,
    targets={"target": Target(card_type=st.LAW, zone=(st.LAWS, PLAY))},
    needs=lambda ctx: (
        None
        if _laws_in_play(ctx)
        else nothing("Repeal Law cannot be played: there is no law in play")
    ),
)

# -- the initiatives -------------------------------------------------------------------


def _economic(ctx: Context) -> bool:
    game, me = ctx.game, ctx.player.name
    cultural = [
        p
        for p in st.controlled_planets(game, me)
        if "cultural" in game.definition(p).traits
    ]
    exhausted = [p for p in cultural if p.exhausted]
    for planet in exhausted:
        changes.ready_planet(game, me, planet)
    if not exhausted:
        game.say(
            me,
            f"{me} readies no planet: none of their cultural planets is exhausted",
            event="ready_planet",
            rules=cite.ZERO_TARGETS,
        )
    return True


ECONOMIC_INITIATIVE = action_card("economic-initiative", _economic)


def _industrial(ctx: Context) -> bool:
    game, me = ctx.game, ctx.player
    count = sum(
        1
        for p in st.controlled_planets(game, me.name)
        if "industrial" in game.definition(p).traits
    )
    if not count:
        game.say(
            me.name,
            f"{me.name} gains no trade goods: they control no industrial planet",
            event="gain_trade_goods",
            rules=cite.ZERO_TARGETS,
        )
        return True
    return changes.gain_trade_goods(game, me, count, "for their industrial planets")


INDUSTRIAL_INITIATIVE = action_card("industrial-initiative", _industrial)


def _mining(ctx: Context) -> bool:
    game, planet = ctx.game, ctx.card()
    value = game.stat(planet, "resources")
    return changes.gain_trade_goods(
        game, ctx.player, value, f"for the resources of {game.name_of(planet)}"
    )


MINING_INITIATIVE = action_card(
    "mining-initiative",
    _mining,
    targets={"target": planet_target(own_planet)},
    needs=lambda ctx: (
        None
        if st.controlled_planets(ctx.game, ctx.player.name)
        else nothing(f"{ctx.player.name} controls no planet for Mining Initiative")
    ),
)

# -- technology ------------------------------------------------------------------------


def tech_info(game_card_slug: str) -> data.Tech | None:
    """Return the technology facts of a technology card slug."""
    return data.TECHNOLOGIES.get(game_card_slug)


def can_research(slug: str, ctx: Context) -> bool:
    """A technology of the player's technology deck whose prerequisites are met
    (90.12), some maybe ignored with technology specialties (90.14)."""
    me = ctx.player.name
    return (
        tech_info(slug) is not None
        and st.in_tech_deck(ctx.game, me, slug)
        and research.can_meet(ctx.game, me, slug)
    )


def _researchable(slug: str) -> Callable[[Context], bool]:
    return lambda ctx: can_research(slug, ctx)


def _research(ctx: Context) -> bool:
    game, me = ctx.game, ctx.player.name
    if not can_research(ctx.option(), ctx):  # legal when chosen; nothing changed it
        return False
    research.use_specialties(game, me, ctx.option())
    tech = game.take_from_stock(st.TECH_DECK, ctx.option(), me)
    if tech is None:
        return False

    def change() -> None:
        game.move(tech, PLAY, me)

    return changes.happen(
        game,
        "research_technology",
        player=me,
        message=f"{me} researches {game.name_of(tech)}",
        change=change,
        card=tech,
        rules=cite.RESEARCH,
    )


def _research_refusal(ctx: Context, slug: str) -> Reason | None:
    info = tech_info(slug)
    me = ctx.player.name
    if info is None:
        return f"{slug} is not a technology", cite.RESEARCH
    if info.faction and info.faction != st.seat(ctx.game, me).faction:
        return (
            f"{me} cannot research {info.name}, a faction technology of another "
            "faction",
            cite.RESEARCH_FACTION,
        )
    if st.owns(ctx.game, me, slug):
        return f"{me} already owns {info.name}", cite.RESEARCH
    if not st.in_tech_deck(ctx.game, me, slug):
        return f"{info.name} is not in the technology deck of {me}", cite.RESEARCH
    return research.unmet(ctx.game, me, slug), (*cite.RESEARCH, *cite.PREREQUISITES)


# The technology deck is counted stock, not cards, so the target names a
# technology as an option (every known one, in data order); the card is taken
# from the deck when the research resolves.
FOCUSED_RESEARCH = action_card(
    "focused-research",
    _research,
    targets={
        "target": Target(
            mode="option",
            options={slug: _researchable(slug) for slug in data.TECHNOLOGIES},
        )
    },
    cost=costs.trade_goods(4),
    explain=lambda ctx, card: _research_refusal(ctx, card.slug),
    explain_missing=_research_refusal,
)


def can_plagiarize(card: Card, ctx: Context) -> bool:
    """A non-faction technology a neighbour owns and the player does not."""
    game = ctx.game
    info = tech_info(card.slug)
    if info is None or info.faction or card.zone != PLAY:
        return False
    if card.controller not in [p.name for p in st.neighbors(game, ctx.player.name)]:
        return False
    return st.in_tech_deck(game, ctx.player.name, card.slug)


def _plagiarize(ctx: Context) -> bool:
    game, seen = ctx.game, ctx.card()
    copy = game.take_from_stock(st.TECH_DECK, seen.slug, ctx.player.name)
    if copy is None:  # the target was legal when chosen; nothing took it since
        return False

    def change() -> None:
        game.move(copy, PLAY, ctx.player.name)

    return changes.happen(
        game,
        "gain_technology",
        player=ctx.player.name,
        message=f"{ctx.player.name} gains {game.name_of(copy)}, owned by "
        f"{seen.controller}",
        change=change,
        card=copy,
        rules=cite.GAIN_TECH,
    )


def _plagiarize_explain(ctx: Context, card: Card) -> Reason | None:
    info = tech_info(card.slug)
    game, me = ctx.game, ctx.player.name
    if info is None:
        return None
    if info.faction:
        return f"{game.name_of(card)} is a faction technology", cite.GAIN_TECH
    if card.controller == me or st.owns(game, me, card.slug):
        return f"{me} already owns {game.name_of(card)}", cite.GAIN_TECH
    return f"{card.controller} is not a neighbour of {me}", cite.NEIGHBORS


PLAGIARIZE = action_card(
    "plagiarize",
    _plagiarize,
    targets={
        "target": Target(zone=PLAY, card_type=st.TECHNOLOGY, predicate=can_plagiarize),
        "planets": Target(
            card_type=st.PLANET,
            zone=PLAY,
            controller="self",
            predicate=lambda c, ctx: not c.exhausted,
            count=30,
            up_to=True,
        ),
    },
    cost=costs.influence(5),
    explain=_plagiarize_explain,
)

# -- command tokens --------------------------------------------------------------------


def _insubordination(ctx: Context) -> bool:
    game, me, victim = ctx.game, ctx.player.name, ctx.chosen_player()

    def change() -> None:
        victim.resources[st.TACTIC] = victim.resource(st.TACTIC) - 1
        victim.resources[st.TOKENS_LEFT] = victim.resource(st.TOKENS_LEFT) + 1

    return changes.happen(
        game,
        "remove_command_token",
        player=me,
        message=f"{me} returns a command token from {victim.name}'s tactic pool to "
        f"{victim.name}'s reinforcements",
        change=change,
    )


INSUBORDINATION = action_card(
    "insubordination",
    _insubordination,
    targets={
        "target": Target(
            mode="player",
            controller="opponent",
            player_predicate=lambda p, ctx: p.resource(st.TACTIC) > 0,
        )
    },
    needs=lambda ctx: (
        None
        if any(
            p.resource(st.TACTIC) > 0 for p in ctx.game.players if p is not ctx.player
        )
        else nothing(
            "Insubordination cannot be played: no other player has a tactic token"
        )
    ),
    offensive=True,
)


def _unexpected(ctx: Context) -> bool:
    system = ctx.card()
    return changes.remove_board_token(
        ctx.game, ctx.player, system, "(Unexpected Action)"
    )


UNEXPECTED_ACTION = action_card(
    "unexpected-action",
    _unexpected,
    targets={
        "target": system_target(
            lambda c, ctx: c.token_count(st.token_key(ctx.player.name)) > 0
        )
    },
    needs=lambda ctx: (
        None
        if st.tokens_on_board(ctx.game, ctx.player.name)
        else nothing(f"{ctx.player.name} has no command token on the board")
    ),
)

# -- Uprising --------------------------------------------------------------------------


def _uprising_ok(card: Card, ctx: Context) -> bool:
    game = ctx.game
    return (
        others_planet(card, ctx)
        and not card.exhausted
        and not st.is_home(game, st.system_of(game, card))
    )


def _uprising(ctx: Context) -> bool:
    game, planet = ctx.game, ctx.card()
    if not changes.exhaust_planet(game, ctx.player.name, planet):
        return False
    value = game.stat(planet, "resources")
    return changes.gain_trade_goods(
        game,
        ctx.player,
        value,
        f"for the resources of {game.name_of(planet)}",
        cite.THEN,
    )


def _uprising_explain(ctx: Context, card: Card) -> Reason | None:
    game = ctx.game
    if st.kind(game, card) != st.PLANET:
        return None
    if st.is_home(game, st.system_of(game, card)):
        return f"{game.name_of(card)} is in a home system", cite.PLAY
    return already_exhausted(ctx, card) if card.exhausted else None


UPRISING = action_card(
    "uprising",
    _uprising,
    targets={"target": planet_target(_uprising_ok)},
    explain=_uprising_explain,
    offensive=True,
)

CARDS: tuple[CardDef, ...] = (
    SPY,
    REPEAL_LAW,
    ECONOMIC_INITIATIVE,
    INDUSTRIAL_INITIATIVE,
    MINING_INITIATIVE,
    FOCUSED_RESEARCH,
    PLAGIARIZE,
    INSUBORDINATION,
    UNEXPECTED_ACTION,
    UPRISING,
)
