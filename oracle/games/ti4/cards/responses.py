"""Action cards played in timing windows other than an action (2.6)."""

from __future__ import annotations

from oracle.engine.core.abilities import Target, cancel_interrupt, reaction
from oracle.engine.core.cards import Card, CardDef
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.engine.core.game import PLAY
from oracle.engine.flow.basic import Cancel
from oracle.games.ti4 import changes, cite, phases, reserve
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import (
    Reason,
    phase_starts,
    plays_action_card,
    response_card,
)

# -- Sabotage --------------------------------------------------------------------------


def _sabotage_trigger(event: Event, ctx: Context) -> bool:
    card = event.card
    return (
        plays_action_card(event, ctx) and card is not None and card.slug != "sabotage"
    )


SABOTAGE = response_card(
    "sabotage",
    cancel_interrupt(
        {"play": _sabotage_trigger},
        location="hand",
        played_to=st.ACTION_DISCARD,
        effect=Cancel(rules=cite.CANCELLED),
        message="{player} plays Sabotage against {event_card}",
        rules=cite.TIMING,
    ),
    "when another player plays an action card other than Sabotage",
    cancels_plays=True,
)

# -- Summit ----------------------------------------------------------------------------


def _summit(ctx: Context) -> bool:
    game, me = ctx.game, ctx.player
    for _ in range(2):
        pool = changes.pick_pool(game, me.name, "summit:pool")
        changes.gain_command_token(game, me, pool, "(Summit)")
    return True


SUMMIT = response_card(
    "summit",
    reaction(
        {"period_start": phase_starts("strategy")},
        location="hand",
        played_to=st.ACTION_DISCARD,
        handler=_summit,
        rules=cite.TIMING,
    ),
    "at the start of the strategy phase",
)

# -- Political Stability ---------------------------------------------------------------


def _returns_own_cards(event: Event, ctx: Context) -> bool:
    return event.player == ctx.player.name


def _stability(ctx: Context) -> bool:
    if ctx.event is not None:
        ctx.event.cancel()
    st.seat(ctx.game, ctx.player.name).keeps_strategy_cards = True
    ctx.game.say(
        ctx.player.name,
        f"{ctx.player.name} keeps their strategy cards and will not choose any in the "
        "next strategy phase",
        event="keep_strategy_cards",
    )
    return True


POLITICAL_STABILITY = response_card(
    "political-stability",
    cancel_interrupt(
        {"return_strategy_cards": _returns_own_cards},
        location="hand",
        played_to=st.ACTION_DISCARD,
        handler=_stability,
        rules=cite.TIMING,
    ),
    "when you would return your strategy cards in the status phase",
)

# -- Ancient Burial Sites --------------------------------------------------------------


def _agenda_starts(event: Event, ctx: Context) -> bool:
    return phase_starts("agenda")(event, ctx) and not st.table(ctx.game).custodians


def _burial(ctx: Context) -> bool:
    game, me, victim = ctx.game, ctx.player.name, ctx.chosen_player()
    cultural = [
        p
        for p in st.controlled_planets(game, victim.name)
        if "cultural" in game.definition(p).traits and not p.exhausted
    ]
    for planet in cultural:
        changes.exhaust_planet(game, me, planet)
    if not cultural:
        game.say(
            me,
            f"{me} exhausts no planet: {victim.name} has no readied cultural planet",
            event="exhaust_planet",
            rules=cite.ZERO_TARGETS,
        )
    return True


ANCIENT_BURIAL_SITES = response_card(
    "ancient-burial-sites",
    reaction(
        {"period_start": _agenda_starts},
        location="hand",
        played_to=st.ACTION_DISCARD,
        target=Target(mode="player"),
        handler=_burial,
        rules=cite.TIMING,
    ),
    "at the start of the agenda phase",
)

# -- Public Disgrace -------------------------------------------------------------------


def _disgrace(ctx: Context) -> bool:
    event = ctx.event
    if event is None or event.player is None or event.card is None:
        return False
    event.cancel()
    ctx.game.say(
        ctx.player.name,
        f"{ctx.player.name} makes {event.player} choose a strategy card other than "
        f"{ctx.game.name_of(event.card)}, if able",
        event="public_disgrace",
    )
    phases.choose_strategy_card(ctx.game, event.player, exclude=event.card)
    return True


PUBLIC_DISGRACE = response_card(
    "public-disgrace",
    cancel_interrupt(
        {
            "choose_strategy_card": lambda e, ctx: (
                e.player not in (None, ctx.player.name)
            )
        },
        location="hand",
        played_to=st.ACTION_DISCARD,
        handler=_disgrace,
        rules=cite.TIMING,
    ),
    "when another player chooses a strategy card in the strategy phase",
)

# -- Upgrade ---------------------------------------------------------------------------


def _activated(event: Event, ctx: Context) -> bool:
    system = event.card
    return (
        event.player == ctx.player.name
        and system is not None
        and bool(st.ships(ctx.game, system, ctx.player.name))
    )


def _own_cruiser_there(card: Card, ctx: Context) -> bool:
    event = ctx.event
    system = event.card if event is not None else None
    return (
        card.slug == "cruiser"
        and card.owner == ctx.player.name
        and system is not None
        and card.data.get("system") == st.system_id(system)
    )


def _upgrade(ctx: Context) -> bool:
    game, cruiser, me = ctx.game, ctx.card(), ctx.player.name
    system = st.system_of(game, cruiser)
    if system is None:
        return False

    def change() -> None:
        cruiser.data.clear()
        game.move(cruiser, st.REINFORCEMENTS, me)

    changes.happen(
        game,
        "remove_units",
        player=me,
        message=f"{me} returns a cruiser in {game.name_of(system)} to reinforcements",
        change=change,
    )
    return changes.place_units(game, me, "dreadnought", 1, system) == 1


def _upgrade_needs(ctx: Context) -> Reason | None:
    event = ctx.event
    system = event.card if event is not None else None
    if system is not None and not any(
        _own_cruiser_there(u, ctx) for u in st.ships(ctx.game, system, ctx.player.name)
    ):
        return (
            f"Upgrade cannot be played: {ctx.player.name} has no cruiser in "
            f"{ctx.game.name_of(system)}, the system they activated",
            cite.TARGETS_EXIST,
        )
    if reserve.placeable(ctx.game, ctx.player.name, "dreadnought", 1, None):
        return None
    return (
        f"Upgrade cannot be played: {ctx.player.name} has no dreadnought in "
        "reinforcements, and none of theirs is in a system free of their command "
        "tokens",
        cite.NEEDS_SETS["response-stock"],
    )


UPGRADE = response_card(
    "upgrade",
    reaction(
        {"activate_system": _activated},
        location="hand",
        played_to=st.ACTION_DISCARD,
        target=Target(card_type=st.UNIT, zone=PLAY, predicate=_own_cruiser_there),
        handler=_upgrade,
        rules=cite.TIMING,
    ),
    "after you activate a system that contains one or more of your ships",
    needs=_upgrade_needs,
)

CARDS: tuple[CardDef, ...] = (
    SABOTAGE,
    SUMMIT,
    POLITICAL_STABILITY,
    ANCIENT_BURIAL_SITES,
    PUBLIC_DISGRACE,
    UPGRADE,
)
