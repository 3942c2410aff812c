"""What the rules do when a phase starts: choosing strategy cards, the steps of
the status phase, the agenda phase (its agendas: ``agenda.py``)."""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.events import Event
from oracle.engine.core.game import PLAY, Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.engine.flow.events import resolve_event
from oracle.games.ti4 import agenda, changes, cite, research_teams, turns
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import arbiter, directives, ministers, outcomes, strategy
from oracle.games.ti4.combat import repair

# -- strategy phase --------------------------------------------------------------------


def start_strategy_phase(game: Game) -> None:
    """Each player, from the speaker clockwise, chooses a strategy card (84.1)."""
    outcomes.exhaust_cultural_planets(game)
    directives.exhaust_at_strategy_phase(game)
    turns.arrange(game)
    speaker = st.table(game).speaker
    if speaker:
        game.clock.active_player = speaker
    picks = 2 if 3 <= len(game.players) <= 4 else 1
    for round_ in range(picks):
        for player in st.clockwise_from(game, speaker):
            seat = st.seat(game, player.name)
            if seat.keeps_strategy_cards:
                if round_ == 0:
                    game.say(
                        player.name,
                        f"{player.name} keeps their strategy cards and chooses none",
                        event="keep_strategy_cards",
                    )
                continue
            choose_strategy_card(game, player.name, second=round_ > 0)
    for player in game.players:
        st.seat(game, player.name).keeps_strategy_cards = False
    _trade_goods_on_unchosen(game)
    arbiter.offer_swap(game)


def choose_strategy_card(
    game: Game, name: str, *, exclude: Card | None = None, second: bool = False
) -> None:
    """Let a player take a card from the common play area (84.1, 84.1b)."""
    area = sorted(st.strategy_area_cards(game), key=lambda c: st.initiative_of(game, c))
    offered = [c for c in area if c is not exclude] or area
    if not offered:
        return
    options = tuple(c.slug for c in offered)
    refused = cite.STRATEGY_TAKEN
    why = "a strategy card another player took this phase cannot be chosen"
    if exclude is not None and exclude in area and len(area) > 1:
        refused = (*cite.PLAY, *cite.STRATEGY_TAKEN)
        why = (
            f"Public Disgrace makes {name} choose a strategy card other than "
            f"{game.name_of(exclude)}, and one taken by another player this phase "
            "cannot be chosen"
        )
    prompt = Prompt(
        PromptKind.OPTION, name, "strategy-card", options, rules=refused, why=why
    )
    answer = ask(game, prompt)
    card = offered[options.index(str(answer))]
    receiver = strategy.pick_receiver(game, name, card)
    rules = (*cite.STRATEGY_PICK, *(cite.STRATEGY_PICK_SECOND if second else ()))

    def change(event: Event) -> None:
        game.move(card, PLAY, name)

    event = Event(
        "choose_strategy_card",
        player=name,
        card=card,
        change=change,
        message=f"{name} chooses {game.name_of(card)}",
        rules=rules,
    )
    if resolve_event(game, event):
        _take_trade_goods(game, name, card)
        strategy.give(game, name, card, receiver)


def _take_trade_goods(game: Game, name: str, card: Card) -> None:
    """The trade goods on a chosen strategy card go to its chooser (84.1a);
    under Public Disgrace the card was not taken, so they stay on it."""
    goods = card.token_count(st.TRADE_GOODS)
    if not goods:
        return

    def change() -> None:
        card.tokens.pop(st.TRADE_GOODS, None)
        player = game.player(name)
        player.resources[st.TRADE_GOODS] = player.resource(st.TRADE_GOODS) + goods

    changes.happen(
        game,
        "gain_trade_goods",
        player=name,
        message=f"{name} gains the {changes.plural(goods, 'trade good')} on "
        f"{game.name_of(card)}",
        change=change,
        card=card,
        rules=cite.STRATEGY_TRADE_GOODS,
    )


def _trade_goods_on_unchosen(game: Game) -> None:
    left = st.strategy_area_cards(game)
    for card in left:
        card.tokens[st.TRADE_GOODS] = card.token_count(st.TRADE_GOODS) + 1
    if left:
        names = ", ".join(game.name_of(c) for c in left)
        game.say(
            None,
            f"A trade good is placed on each strategy card nobody chose: {names}",
            event="strategy_trade_goods",
            rules=cite.STRATEGY_UNCHOSEN,
        )


# -- status phase ----------------------------------------------------------------------


def start_status_phase(game: Game) -> None:
    """Resolve the status phase steps the pack models (81.3 to 81.8)."""
    turns.arrange(game)
    draw_step(game)
    _remove_tokens(game)
    _gain_tokens(game)
    ready_cards(game)
    repair.repair_step(game)
    _return_strategy_cards(game)
    ministers.minister_of_policy_draw(game)


def draw_step(game: Game) -> None:
    """Step 3: in initiative order each player draws, finishing before the next."""
    game.say(
        None,
        "Players draw action cards in initiative order",
        event="status_draw",
        rules=cite.STATUS_DRAW,
    )
    for player in st.initiative_order(game):
        amount = 1 + game.player_stat(player.name, st.STATUS_DRAWS)
        rules = cite.STATUS_DRAW + (cite.NEURAL_MOTIVATOR if amount > 1 else ())
        changes.draw_action_cards(game, player.name, amount, rules)


def _remove_tokens(game: Game) -> None:
    for player in st.initiative_order(game):
        for system in st.tokens_on_board(game, player.name):
            changes.remove_board_token(
                game, player, system, "(status phase)", cite.STATUS_TOKENS_REMOVED
            )


def _gain_tokens(game: Game) -> None:
    for player in st.initiative_order(game):
        for _ in range(2):
            pool = changes.pick_pool(game, player.name, "status:command-token")
            changes.gain_command_token(
                game, player, pool, "(status phase)", cite.STATUS_TOKENS_GAINED
            )


def ready_cards(game: Game) -> None:
    """Step 6: every exhausted card is readied (planets, technologies, strategy)."""
    for player in st.initiative_order(game):
        tired = [c for c in game.cards_in(PLAY, player.name) if c.exhausted]
        if not tired:
            continue

        def change(cards: list[Card] = tired) -> None:
            for card in cards:
                card.exhausted = False

        changes.happen(
            game,
            "ready_cards",
            player=player.name,
            message=f"{player.name} readies {changes.plural(len(tired), 'card')}",
            change=change,
            rules=cite.READY_STEP,
        )
    research_teams.ready(game)


def _return_strategy_cards(game: Game) -> None:
    for player in st.initiative_order(game):
        held = st.strategy_cards(game, player.name)
        if not held:
            continue

        def change(cards: list[Card] = held) -> None:
            for card in cards:
                game.move(card, st.STRATEGY_AREA)

        names = ", ".join(game.name_of(c) for c in held)
        changes.happen(
            game,
            "return_strategy_cards",
            player=player.name,
            message=f"{player.name} returns {names} to the common play area",
            change=change,
            rules=cite.STATUS_RETURN,
        )


# -- agenda phase ----------------------------------------------------------------------


def start_agenda_phase(game: Game) -> None:
    """The agenda phase: skipped while the custodians token is on Mecatol Rex."""
    turns.arrange(game)
    if st.table(game).custodians:
        game.say(
            None,
            "There is no agenda phase while the custodians token is on Mecatol Rex",
            event="agenda_skipped",
            rules=cite.AGENDA_SKIPPED,
        )
        return
    if agenda.has_agendas(game):
        agenda.run_phase(game)
    else:
        game.say(
            None,
            "The agendas are voted on (voting is not modelled)",
            event="agenda",
            modelled=False,
        )
    _ready_after_agendas(game)


def agenda_phase_started(game: Game) -> None:
    """A scenario that starts in the agenda phase with agendas starts after
    its start-of-phase window: the speaker reveals the first agenda now, and
    planets ready once the agendas are resolved, as when the phase begins."""
    if game.clock.phase != "agenda" or not agenda.has_agendas(game):
        return
    turns.arrange(game)
    agenda.run_phase(game)
    _ready_after_agendas(game)


def _ready_after_agendas(game: Game) -> None:
    if strategy.ready_three(game):
        return
    for player in st.initiative_order(game):
        tired = [p for p in st.controlled_planets(game, player.name) if p.exhausted]
        for planet in tired:
            changes.ready_planet(
                game, player.name, planet, "(agenda phase)", cite.AGENDA_READY
            )
