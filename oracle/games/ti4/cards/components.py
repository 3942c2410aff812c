"""Components other than action cards: technologies, faction abilities,
strategy cards (Politics), laws, promissory notes, units and the tactical
action a player takes with their command sheet."""

from __future__ import annotations

from oracle.engine.core.abilities import (
    Target,
    action,
    cancel_interrupt,
    forced_interrupt,
    forced_reaction,
)
from oracle.engine.core.cards import Card, CardDef, Player
from oracle.engine.core.context import Context
from oracle.engine.core.effects import ModifyPlayer, Persistent
from oracle.engine.core.events import Event
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.engine.flow.basic import Cancel
from oracle.engine.flow.costs import exhaust_self
from oracle.games.ti4 import changes, cite, data
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards import costs
from oracle.games.ti4.cards.common import Reason, inert_card, plays_action_card

# -- technologies ----------------------------------------------------------------------

NEURAL_MOTIVATOR = CardDef(
    "neural-motivator",
    "Neural Motivator",
    st.TECHNOLOGY,
    effects=(
        Persistent(
            ModifyPlayer(st.STATUS_DRAWS, 1),
            target_type="player",
            rules=cite.NEURAL_MOTIVATOR,
        ),
    ),
    data={"color": "G"},
)

INSTINCT_TRAINING = CardDef(
    "instinct-training",
    "Instinct Training",
    st.TECHNOLOGY,
    abilities=(
        cancel_interrupt(
            {"play": plays_action_card},
            cost=(exhaust_self(), costs.strategy_token()),
            effect=Cancel(rules=cite.CANCELLED),
            message="{player} uses Instinct Training against {event_card}",
            rules=cite.CANCELLED,
        ),
    ),
    data={"color": "G", "faction": "xxcha"},
)

IMPLEMENTED_TECHS = {c.slug: c for c in (NEURAL_MOTIVATOR, INSTINCT_TRAINING)}


def technology_cards() -> list[CardDef]:
    """Return a definition for every technology the pack knows."""
    out = []
    for slug, tech in data.TECHNOLOGIES.items():
        if slug in IMPLEMENTED_TECHS:
            out.append(IMPLEMENTED_TECHS[slug])
        else:
            out.append(inert_card(slug, tech.name, st.TECHNOLOGY, color=tech.color))
    return out


# -- Yssaril faction abilities ---------------------------------------------------------


def _own_draw(event: Event, ctx: Context) -> bool:
    return event.player == ctx.player.name


def _own_draw_done(event: Event, ctx: Context) -> bool:
    drawn = event.param("drawn")
    return event.player == ctx.player.name and isinstance(drawn, int) and drawn > 0


def _scheming_extra(ctx: Context) -> bool:
    event = ctx.event
    if event is None:
        return False
    extra = event.param("extra")
    event.params["extra"] = (extra if isinstance(extra, int) else 0) + 1
    return True


def _scheming_discard(ctx: Context) -> bool:
    game, me = ctx.game, ctx.player.name
    held = st.hand(game, me)
    if not held:
        return False
    chosen = changes.choose_cards(game, me, "scheming:discard", held, 1, cite.SCHEMING)
    return changes.discard_from_hand(game, me, chosen, "for Scheming", cite.SCHEMING)


SCHEMING = CardDef(
    "scheming",
    "Scheming",
    st.FACTION_ABILITY,
    abilities=(
        forced_interrupt(
            {"draw_action_cards": _own_draw},
            handler=_scheming_extra,
            message="{player}'s Scheming adds 1 card to the draw",
            rules=cite.SCHEMING,
        ),
        forced_reaction(
            {"draw_action_cards": _own_draw_done},
            handler=_scheming_discard,
            message="{player}'s Scheming makes them discard 1 action card",
            rules=cite.SCHEMING,
        ),
    ),
    data={"faction": "yssaril"},
)

CRAFTY = CardDef(
    "crafty",
    "Crafty",
    st.FACTION_ABILITY,
    effects=(
        Persistent(
            ModifyPlayer(st.NO_HAND_LIMIT, 1),
            target_type="player",
            rules=cite.HAND_LIMIT,
        ),
    ),
    data={"faction": "yssaril"},
)

ARBITERS = inert_card("arbiters", "Arbiters", st.FACTION_ABILITY, faction="hacan")

# -- strategy cards --------------------------------------------------------------------


def _politics(ctx: Context) -> bool:
    game, me = ctx.game, ctx.player
    new = ctx.chosen_player("speaker")

    def change() -> None:
        st.table(game).speaker = new.name

    changes.happen(
        game,
        "speaker",
        player=me.name,
        message=f"{me.name} gives the speaker token to {new.name}",
        change=change,
        rules=cite.SPEAKER,
    )
    changes.draw_action_cards(game, me.name, 2, cite.POLITICS_DRAW)
    game.say(
        me.name,
        f"{me.name} looks at the top two cards of the agenda deck (not modelled)",
        event="agenda_look",
        rules=cite.AGENDA_LOOK,
    )
    for other in st.clockwise_from(game, me.name)[1:]:
        _secondary(ctx, other)
    strategy = ctx.source
    if strategy is not None:
        changes.happen(
            game,
            "exhaust_strategy_card",
            player=me.name,
            message=f"{me.name} exhausts {game.name_of(strategy)}",
            change=lambda: setattr(strategy, "exhausted", True),
            card=strategy,
            rules=cite.STRATEGY_EXHAUSTED,
        )
    return True


def _secondary(ctx: Context, other: Player) -> None:
    game = ctx.game
    if other.resource(st.STRATEGY) < 1:
        return
    prompt = Prompt(
        PromptKind.YES_NO,
        other.name,
        "politics:secondary",
        ("yes", "no"),
        rules=cite.SECONDARY,
    )
    if ask(game, prompt) is not True:
        return
    costs.SpendStrategyToken(rules=cite.SECONDARY_TOKEN).resolve(
        ctx.derive(player=other)
    )
    changes.draw_action_cards(game, other.name, 2, cite.SECONDARY)


def _not_speaker(player: Player, ctx: Context) -> bool:
    return player.name != st.table(ctx.game).speaker


POLITICS = CardDef(
    "politics",
    "Politics",
    st.STRATEGY_CARD,
    stats={"initiative": 3},
    abilities=(
        action(
            targets={"speaker": Target(mode="player", player_predicate=_not_speaker)},
            handler=_politics,
            message="{player} performs the strategic action of Politics",
            rules=cite.SPEAKER,
        ),
    ),
    data={"action": "strategic"},
)


def strategy_cards() -> list[CardDef]:
    """Return the eight strategy cards (Politics is implemented)."""
    out = []
    for slug, (name, number) in data.STRATEGY_CARDS.items():
        if slug == "politics":
            out.append(POLITICS)
        else:
            out.append(
                CardDef(
                    slug,
                    name,
                    st.STRATEGY_CARD,
                    stats={"initiative": number},
                    data={"implemented": False, "action": "strategic"},
                )
            )
    return out


# -- the tactical action ---------------------------------------------------------------


def _free_of_own_token(card: Card, ctx: Context) -> bool:
    return not card.token_count(st.token_key(ctx.player.name))


def _tactical(ctx: Context) -> bool:
    game, me, system = ctx.game, ctx.player, ctx.card()

    def change() -> None:
        me.resources[st.TACTIC] = me.resource(st.TACTIC) - 1
        system.tokens[st.token_key(me.name)] = 1

    return changes.happen(
        game,
        "activate_system",
        player=me.name,
        message=f"{me.name} activates {game.name_of(system)} with a token from the "
        "tactic pool",
        change=change,
        card=system,
        rules=cite.TACTIC_TOKEN,
    )


def _tactical_needs(ctx: Context) -> Reason | None:
    if ctx.player.resource(st.TACTIC) > 0:
        return None
    return (
        f"{ctx.player.name} has no command token in the tactic pool",
        cite.TACTIC_TOKEN,
    )


def _tactical_explain(ctx: Context, card: Card) -> Reason | None:
    if st.kind(ctx.game, card) == st.SYSTEM and not _free_of_own_token(card, ctx):
        return (
            f"{ctx.player.name} already has a command token in "
            f"{ctx.game.name_of(card)}",
            cite.TACTIC_TOKEN,
        )
    return None


TACTICAL_ACTION = CardDef(
    "tactical-action",
    "Tactical Action",
    st.RULE,
    abilities=(
        action(
            target=Target(
                card_type=st.SYSTEM, zone=st.SYSTEMS, predicate=_free_of_own_token
            ),
            handler=_tactical,
            message="{player} performs a tactical action",
            rules=cite.TACTIC_TOKEN,
        ),
    ),
    data={"action": "tactical", "needs": _tactical_needs, "explain": _tactical_explain},
)

# -- laws, notes and units -------------------------------------------------------------


def law_cards() -> list[CardDef]:
    """Return the base-game laws (Executive Sanctions changes the hand limit)."""
    return [inert_card(slug, name, st.LAW) for slug, name in data.LAWS.items()]


def promissory_cards() -> list[CardDef]:
    """Return the generic promissory notes (held, not yet playable)."""
    return [
        inert_card(slug, name, st.PROMISSORY_NOTE)
        for slug, name in data.PROMISSORY_NOTES.items()
    ]


def unit_cards() -> list[CardDef]:
    """Return one definition per unit type."""
    out = []
    for slug in data.UNITS:
        kind = (
            "ship"
            if slug in data.SHIPS
            else ("ground" if slug in data.GROUND_FORCES else "structure")
        )
        name = slug.replace("-", " ").title().replace("Pds", "PDS")
        out.append(CardDef(slug, name, st.UNIT, data={"unit": kind}))
    return out


CARDS: tuple[CardDef, ...] = (
    *technology_cards(),
    SCHEMING,
    CRAFTY,
    ARBITERS,
    *strategy_cards(),
    TACTICAL_ACTION,
    *law_cards(),
    *promissory_cards(),
    *unit_cards(),
)
