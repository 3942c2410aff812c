"""Politics (strategy card 3): choose a new speaker, draw 2 action cards;
each other player may spend a strategy token to draw 2 (2.2)."""

from __future__ import annotations

from oracle.engine.core.abilities import Target, action
from oracle.engine.core.cards import Player
from oracle.engine.core.context import Context
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.games.ti4 import agenda, changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards import costs
from oracle.games.ti4.cards.common import Ti4Card


def _politics(ctx: Context) -> bool:
    game, me = ctx.game, ctx.player
    new = ctx.chosen_player("speaker")

    changes.give_speaker_token(
        game,
        me.name,
        new.name,
        f"{me.name} gives the speaker token to {new.name}",
        cite.SPEAKER,
    )
    changes.draw_action_cards(game, me.name, 2, cite.POLITICS_DRAW)
    if agenda.has_agendas(game):
        agenda.arrange_top(game, me.name, cite.AGENDA_LOOK)
    else:
        game.say(
            me.name,
            f"{me.name} looks at the top two cards of the agenda deck (not modelled)",
            event="agenda_look",
            rules=cite.AGENDA_LOOK,
            modelled=False,
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


CARD = Ti4Card(
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
    strategic=True,
)
