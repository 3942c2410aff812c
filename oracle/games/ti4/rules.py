"""Rules of the Action Cards topic that are not on any one card: the checks made
before anything is used, the forced steps the rules add, and the citations the
engine uses for its generic refusals."""

from __future__ import annotations

from collections.abc import Callable

from oracle.engine.core.abilities import AbilityKind, forced_reaction
from oracle.engine.core.cards import Card, Player
from oracle.engine.core.context import Context
from oracle.engine.core.effects import ModifyPlayer, Persistent
from oracle.engine.core.errors import IllegalPlay
from oracle.engine.core.events import Event
from oracle.engine.core.game import Clock, Game
from oracle.engine.core.pack import RuleCheck
from oracle.games.ti4 import changes, cite, notes, tactical, turns
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import ministers, points
from oracle.games.ti4.cards.common import Ti4Card, ti4_card

Test = Callable[[Context], str | IllegalPlay | None]

# -- helpers ---------------------------------------------------------------------------


def _is_action(ctx: Context) -> bool:
    return ctx.ability is not None and ctx.ability.kind is AbilityKind.ACTION


def _played_card(ctx: Context) -> bool:
    return ctx.source is not None and st.is_action_card(ctx.game, ctx.source)


def _what(ctx: Context) -> str:
    if ctx.source is None:
        return "an action"
    definition = ctx.game.definition(ctx.source)
    if definition.type == st.ACTION:
        return f"play {definition.name}"
    if isinstance(definition, Ti4Card) and definition.strategic:
        return f"perform the strategic action of {definition.name}"
    if definition.slug == "tactical-action":
        return "perform a tactical action"
    return f"use {definition.name}"


# -- checks on actions (component, strategic, tactical) --------------------------------


def _outside_action_phase(ctx: Context) -> str | None:
    if not _is_action(ctx) or ctx.game.clock.phase == "action":
        return None
    return (
        f"{ctx.player.name} cannot {_what(ctx)} in the {ctx.game.clock.phase} phase: "
        "actions are taken on a player's turn in the action phase"
    )


def _not_your_turn(ctx: Context) -> str | None:
    game = ctx.game
    if not _is_action(ctx) or game.clock.phase != "action":
        return None
    active = game.clock.active_player
    if active == ctx.player.name:
        return None
    return f"{ctx.player.name} cannot {_what(ctx)}: it is {active}'s turn"


# The wrapped tests only read the state, so the cheap test runs first: most
# contexts (responses in a window) are no action and stop there.


def _cards_only(test: Test) -> Test:
    return lambda ctx: None if (r := test(ctx)) is None or not _played_card(ctx) else r


def _others_only(test: Test) -> Test:
    return lambda ctx: None if (r := test(ctx)) is None or _played_card(ctx) else r


def _already_passed(ctx: Context) -> str | None:
    if not _is_action(ctx) or not st.seat(ctx.game, ctx.player.name).passed:
        return None
    return f"{ctx.player.name} has passed and takes no more actions this phase"


def _action_used(ctx: Context) -> str | None:
    if not _is_action(ctx) or not st.table(ctx.game).action_taken:
        return None
    return f"{ctx.player.name} has already taken an action this turn"


def _strategy_used(ctx: Context) -> str | None:
    source = ctx.source
    if not _is_action(ctx) or source is None or not source.exhausted:
        return None
    if st.kind(ctx.game, source) != st.STRATEGY_CARD:
        return None
    name = ctx.game.name_of(source)
    return f"{ctx.player.name} has already performed the strategic action of {name}"


# -- checks on action cards ------------------------------------------------------------


def _window_key(ctx: Context) -> str:
    event = ctx.event
    if event is None:
        return "turn"
    key = event.params.get("ti4_window")
    if not isinstance(key, str):
        table = st.table(ctx.game)
        table.windows += 1
        key = f"window-{table.windows}"
        event.params["ti4_window"] = key
    return key


def _effect_key(ctx: Context) -> str:
    event = ctx.event
    if event is not None and event.card is not None:
        return event.card.id
    return ctx.player.name


def _same_name(ctx: Context) -> str | None:
    if not _played_card(ctx) or ctx.source is None:
        return None
    definition = ti4_card(ctx.game, ctx.source)
    if definition is not None and definition.own_effect:
        return None
    played = st.table(ctx.game).played.get(_window_key(ctx), [])
    if f"{ctx.source.slug}|{_effect_key(ctx)}" not in played:
        return None
    name = ctx.game.name_of(ctx.source)
    return (
        f"{ctx.player.name} cannot play a second {name} in this timing window to "
        "affect the same game effect"
    )


def _over_limit(ctx: Context) -> str | None:
    if not _played_card(ctx):
        return None
    limit = st.hand_limit(ctx.game, ctx.player.name)
    if limit is None or st.hand_size(ctx.game, ctx.player.name) <= limit:
        return None
    return (
        f"{ctx.player.name} is over the hand limit and must discard the excess "
        "first; the excess cannot be played"
    )


def _silenced(ctx: Context) -> str | None:
    source = ctx.source
    ability = source is not None and st.kind(ctx.game, source) == st.FACTION_ABILITY
    if not ability and not _played_card(ctx):
        return None
    me = ctx.player.name
    note = notes.silenced_by(ctx.game, me)
    if note is None:
        return None
    what = "use faction abilities" if ability else "play action cards"
    return (
        f"{me} cannot {what} until {notes.agenda_of(ctx.game, note)} has "
        f"been resolved: {note.controller} played {me}'s Political Secret"
    )


def _unpaid(ctx: Context) -> str | None:
    ability = ctx.ability
    if ability is None or ctx.event is None or not ability.cost:
        return None
    missing = [c.label for c in ability.cost if not c.can_pay(ctx)]
    if not missing:
        return None
    name = ctx.game.name_of(ctx.source) if ctx.source else "this ability"
    return f"{ctx.player.name} cannot pay the cost of {name} ({', '.join(missing)})"


def needs_reason(ctx: Context) -> tuple[str, tuple[str, ...]] | None:
    """Return why the card in ``ctx`` has nothing to act on (or None)."""
    definition = ti4_card(ctx.game, ctx.source)
    if definition is None or ctx.ability is None:
        return None
    for check in definition.needs:
        found = check(ctx)
        if found is not None:
            return found
    return None


def _needs(ctx: Context) -> IllegalPlay | None:
    """Nothing to act on: the card's own rule ids when they are one of the
    known sets, else those of rule 2.N11 (one call of the card's ``needs``)."""
    found = needs_reason(ctx)
    if found is None:
        return None
    reason, rules = found
    return IllegalPlay(
        reason, rules if rules in cite.NEEDS_SETS.values() else cite.TARGETS_EXIST
    )


NEEDS_RULES = tuple(
    dict.fromkeys([i for rules in cite.NEEDS_SETS.values() for i in rules])
)


def _when(clock: Clock) -> tuple[str, int]:
    return clock.phase, clock.round


def remember_refusal(ctx: Context, problem: IllegalPlay) -> None:
    """Remember a rule check's refusal of a card in a timing window: a card not
    offered there can then be explained if the player tries it later."""
    if ctx.event is not None and ctx.source is not None:
        refusal = st.Refusal(problem.reason, problem.rules, *_when(ctx.game.clock))
        st.table(ctx.game).refusals[ctx.source.id] = refusal


# Where each check applies (``RuleCheck.kinds``/``card_types``): the engine runs
# a check only there; each test still returns None elsewhere by itself, and
# tests/ti4/test_rule_checks.py runs every check everywhere to prove it.
def _peace_made(ctx: Context) -> str | None:
    """Minister of Peace ended the turn: nothing else answers the activation."""
    event, boosts = ctx.event, ctx.game.flags.get(tactical.FLAG)
    if event is None or event.name != "activate_system":
        return None
    if not isinstance(boosts, tactical.Boosts) or not boosts.ended:
        return None
    return (
        f"{event.player}'s turn was ended by Minister of Peace: no ability may "
        "answer that activation any more"
    )


ACTIONS = frozenset({AbilityKind.ACTION})
ACTION_CARDS = frozenset({st.ACTION})

RULE_CHECKS: tuple[RuleCheck, ...] = (
    RuleCheck(
        "card-phase",
        cite.COMPONENT_ACTION,
        _cards_only(_outside_action_phase),
        kinds=ACTIONS,
        card_types=ACTION_CARDS,
    ),
    RuleCheck(
        "action-phase",
        cite.ONE_ACTION,
        _others_only(_outside_action_phase),
        kinds=ACTIONS,
    ),
    RuleCheck("passed", cite.PASSED, _already_passed, kinds=ACTIONS),
    RuleCheck(
        "card-turn",
        cite.COMPONENT_ACTION,
        _cards_only(_not_your_turn),
        kinds=ACTIONS,
        card_types=ACTION_CARDS,
    ),
    RuleCheck("turn", cite.ONE_ACTION, _others_only(_not_your_turn), kinds=ACTIONS),
    RuleCheck("one-action", cite.ONE_ACTION, _action_used, kinds=ACTIONS),
    RuleCheck(
        "strategy-used",
        cite.STRATEGY_EXHAUSTED,
        _strategy_used,
        kinds=ACTIONS,
        card_types=frozenset({st.STRATEGY_CARD}),
    ),
    RuleCheck("same-name", cite.SAME_NAME, _same_name, card_types=ACTION_CARDS),
    RuleCheck("hand-limit", cite.HAND_LIMIT, _over_limit, card_types=ACTION_CARDS),
    RuleCheck(
        "political-secret",
        cite.POLITICAL_SECRET,
        _silenced,
        card_types=ACTION_CARDS | {st.FACTION_ABILITY},
    ),
    RuleCheck(
        "political-censure",
        points.CENSURED,
        points.censured,
        card_types=ACTION_CARDS,
    ),
    RuleCheck("cost", cite.COST, _unpaid),
    RuleCheck("needs", (*NEEDS_RULES, *cite.TARGETS_EXIST), _needs),
    RuleCheck(
        "minister-of-peace",
        cite.MINISTER_OF_PEACE,
        _peace_made,
        kinds=frozenset({AbilityKind.REACTION}),
    ),
)


#: The cards whose timing a refusal words, with the rules it cites: action
#: cards (2.6) and promissory notes (69.1).
TIMED = {st.ACTION: cite.TIMING, st.PROMISSORY_NOTE: cite.NOTE_PLAYED}


def explain_timing(game: Game, player: Player, card: Card) -> IllegalPlay | None:
    """Explain why a response card cannot be played as a step of its own: the
    refusal remembered from its window this phase, else its timing (2.6)."""
    definition = ti4_card(game, card)
    refusal = st.table(game).refusals.get(card.id)
    clock = game.clock
    if refusal is not None and (refusal.phase, refusal.round) == (
        clock.phase,
        clock.round,
    ):
        return IllegalPlay(refusal.reason, refusal.rules)
    if definition is None or not definition.timing:
        return None
    if definition.type == st.FACTION_ABILITY:  # its own rules say when
        rules = next((a.rules for a in definition.abilities if a.rules), ())
        return IllegalPlay(
            f"{definition.name} can only be used {definition.timing}", rules
        )
    if definition.type not in TIMED:
        return None
    if definition.cancels_plays:
        cancelled = _cancelled_last(game)
        if cancelled is not None and cancelled.owner != player.name:
            owner = st.pronoun_possessive(cancelled.owner)
            return IllegalPlay(
                f"{owner} {game.name_of(cancelled)} is already cancelled: a cancelled "
                "card has no effect and does not count as played, so there is "
                f"nothing left for {definition.name} to cancel",
                (*cite.CANCELLED, *cite.SAME_NAME),
            )
    return IllegalPlay(
        f"{definition.name} can only be played {definition.timing}",
        TIMED[definition.type],
    )


def _cancelled_last(game: Game) -> Card | None:
    """The last action card played, if it was cancelled this phase: the last
    card discarded that cancels no other (Sabotage goes to the discard pile
    before the card it cancelled)."""
    cards = game.cards
    for card_id in reversed(game.zone(st.ACTION_DISCARD)):
        card = cards[card_id]
        definition = ti4_card(game, card)
        if definition is not None and definition.cancels_plays:
            continue
        when = st.table(game).cancelled.get(card_id)
        return card if when == _when(game.clock) else None
    return None


# -- forced steps the rules add --------------------------------------------------------


def _over(event: Event, ctx: Context) -> bool:
    limit = st.hand_limit(ctx.game, ctx.player.name)
    return limit is not None and st.hand_size(ctx.game, ctx.player.name) > limit


def _limit(ctx: Context) -> bool:
    changes.enforce_hand_limit(ctx.game, ctx.player.name)
    return True


def _action_done(event: Event, ctx: Context) -> bool:
    used = event.context
    return (
        used is not None
        and used.ability is not None
        and used.ability.kind is AbilityKind.ACTION
        and event.player == ctx.player.name
    )


def _end_turn(ctx: Context) -> bool:
    event, game = ctx.event, ctx.game
    turns.finish_action(game)
    if event is not None:
        # A closure over the game, not the context: the context holds the
        # event, and the pair would form a cycle left to the garbage collector.
        event.then.append(lambda: turns.after_action(game))
    return True


def _card_played(event: Event, ctx: Context) -> bool:
    card = event.card
    return card is not None and st.is_action_card(ctx.game, card)


def _remember_play(ctx: Context) -> bool:
    event = ctx.event
    used = event.context if event is not None else None
    if event is None or used is None or event.card is None:
        return False
    key = _window_key(used)
    st.table(ctx.game).played.setdefault(key, []).append(
        f"{event.card.slug}|{_effect_key(used)}"
    )
    return True


def _cancelled_play(event: Event, ctx: Context) -> bool:
    target = event.param("event")
    return (
        isinstance(target, Event)
        and target.name == "play"
        and target.card is not None
        and st.is_action_card(ctx.game, target.card)
    )


def _after_cancel(ctx: Context) -> bool:
    event = ctx.event
    target = event.param("event") if event is not None else None
    if not isinstance(target, Event) or target.card is None or target.player is None:
        return False
    owner, name = target.player, ctx.game.name_of(target.card)
    game = ctx.game
    st.table(game).cancelled[target.card.id] = _when(game.clock)
    game.say(
        owner,
        f"{owner}'s {name} is cancelled: it has no effect, goes to the discard pile "
        "and does not count as played",
        event="cancelled",
        rules=(*cite.CANCELLED, *cite.SECOND_COPY),
    )
    used = target.context
    if (
        used is not None
        and used.ability is not None
        and used.ability.kind is AbilityKind.ACTION
    ):
        game.say(
            owner,
            f"{owner} keeps their action: a cancelled component action does not use it",
            event="cancelled",
            rules=cite.CANCEL_KEEPS_ACTION,
        )
    return True


RULE_ABILITIES = (
    forced_reaction(
        {"play": _card_played},
        handler=_remember_play,
        title="same-name",
        rules=cite.SAME_NAME,
    ),
    forced_reaction(
        {"cancel": _cancelled_play},
        handler=_after_cancel,
        title="cancelled card",
        rules=cite.CANCELLED,
    ),
    forced_reaction(
        {"draw_action_cards": _over, "give_action_card": _over},
        handler=_limit,
        title="hand limit",
        rules=cite.HAND_LIMIT,
    ),
    forced_reaction(
        {"replenish_commodities": ministers.commerce_replenished},
        handler=ministers.minister_of_commerce,
        title="Minister of Commerce",
        rules=cite.MINISTER_OF_COMMERCE,
    ),
    forced_reaction(
        {"gain_planet": ministers.exploration_planet},
        handler=ministers.minister_of_exploration,
        title="Minister of Exploration",
        rules=cite.MINISTER_OF_EXPLORATION,
    ),
    forced_reaction(
        {"play": _action_done, "ability": _action_done},
        handler=_end_turn,
        title="end of turn",
        rules=cite.ONE_ACTION,
    ),
)

# -- effects of the rules --------------------------------------------------------------


def _sanctions(ctx: Context) -> int:
    # Runs for every player after every event: read the ids of the shared
    # zone (``game.zone`` without the call), build no card list.
    cards = ctx.game.cards
    laws = ctx.game.shared[st.LAWS]
    if not laws:
        return 0
    return -4 if any(cards[i].slug == "executive-sanctions" for i in laws) else 0


def _laws(game: Game) -> tuple[str, ...]:
    """All ``_sanctions`` reads: the laws in force (a card's slug never
    changes)."""
    return tuple(game.shared[st.LAWS])


RULE_EFFECTS = (
    Persistent(
        ModifyPlayer(st.HAND_LIMIT, _sanctions),
        target_type="player",
        rules=cite.LIMIT_CHANGED,
        reads=_laws,
    ),
)

CITATIONS = {
    "location": cite.ABILITY,
    "phase": cite.TIMING,
    "window": cite.TIMING,
    "timing": cite.TIMING,
    "limit": cite.TIMING,
    "condition": cite.TIMING,
    "cost": cite.COST,
    "target": cite.TARGETS_EXIST,
    "resolve": cite.NOT_RESOLVABLE,
    "choice": cite.ABILITY,
}
