"""Riders: action cards played after an agenda is revealed that predict an
outcome (8.22, 8.22a). The player gives up their vote on the agenda (8.16);
once the agenda is resolved a correct prediction earns the card's reward
(8.22b). ``rider_card`` builds one; ``resolve`` settles a prediction.

A reward that asks for a choice (a technology, a planet, a system) asks it
of the rider's player as the reward resolves (``choose``); what the pack cannot
carry out exactly is logged by name as not modelled.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from oracle.engine.core.abilities import AbilityKind, Target
from oracle.engine.core.cards import Card, Player
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.engine.core.game import Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.games.ti4 import cite, voting
from oracle.games.ti4.cards.common import Choice, Reason, Ti4Card, response_card

#: What a correct prediction earns: ``reward(game, player)``.
Reward = Callable[[Game, Player], None]

#: The reward of each rider, by slug (filled as the rider modules load).
REWARDS: dict[str, Reward] = {}

#: The timing of every agenda card played after an agenda is revealed.
AFTER_REVEAL = "after an agenda is revealed"


def revealed(event: Event, ctx: Context) -> bool:
    """The "after an agenda is revealed" window of the agenda being voted on."""
    return event.card is not None and event.card is voting.current(ctx.game)


def predictable(ctx: Context) -> Sequence[str]:
    """The outcomes one may predict: those of the revealed agenda (8.22a)."""
    return voting.agenda_state(ctx.game).outcomes


def refuse(ctx: Context, label: str) -> Reason | None:
    """A prediction must be an outcome the revealed agenda can have (8.22a)."""
    if label in predictable(ctx):
        return None
    agenda = voting.current(ctx.game)
    named = ctx.game.name_of(agenda) if agenda is not None else "the agenda"
    return f"{label} is not a possible outcome of {named}", cite.PREDICT


OUTCOME = Choice(
    Target(mode="option", choices=predictable, prompt="Predict an outcome"), refuse
)


def _predict(ctx: Context) -> bool:
    game, me = ctx.game, ctx.player.name
    state = voting.agenda_state(game)
    outcome = ctx.option("outcome")
    card = ctx.source
    if card is None:
        return False
    state.predictions.append(voting.Prediction(me, card.id, outcome))
    state.cannot_vote.add(me)
    agenda = voting.current(game)
    shown = voting.outcome_name(game, agenda, outcome) if agenda else outcome
    game.say(
        me,
        f"{me} predicts {shown} and cannot vote on this agenda",
        event="predict",
        rules=(*cite.PREDICT, *cite.CANNOT_VOTE),
    )
    return True


def rider_card(slug: str, name: str, reward: Reward) -> Ti4Card:
    """Define a rider: predict an outcome after an agenda is revealed."""
    REWARDS[slug] = reward
    return response_card(
        slug,
        name,
        AbilityKind.REACTION,
        {"agenda_revealed": revealed},
        AFTER_REVEAL,
        handler=_predict,
        choices={"outcome": OUTCOME},
    )


def resolve(
    game: Game, agenda: Card, prediction: voting.Prediction, winner: str
) -> None:
    """Settle one prediction: the reward if it was right (8.22b)."""
    rider = game.cards[prediction.card]
    name = game.name_of(rider)
    me = prediction.player
    guessed = voting.outcome_name(game, agenda, prediction.outcome)
    if prediction.outcome != winner:
        game.say(
            me,
            f"{me}'s {name} predicted {guessed}, which was not resolved: it has no "
            "effect",
            event="rider",
            rules=cite.PREDICTION_RESOLVES,
        )
        return
    game.say(
        me,
        f"{me}'s {name} predicted {guessed} correctly",
        event="rider",
        rules=cite.PREDICTION_RESOLVES,
    )
    REWARDS[rider.slug](game, game.player(me))


def not_modelled(what: str) -> Reward:
    """A reward the oracle states but does not carry out."""

    def reward(game: Game, player: Player) -> None:
        game.say(
            player.name,
            f"{player.name} {what} (not modelled)",
            event="rider",
            modelled=False,
        )

    return reward


def choose(
    game: Game,
    player: Player,
    window: str,
    options: Sequence[str],
    rules: tuple[str, ...],
    title: str,
    why: str = "",
) -> str:
    """Ask a rider's player to pick one option of its reward (unanswered: the
    first); ``why`` says what the options have in common."""
    prompt = Prompt(
        PromptKind.OPTION,
        player.name,
        window,
        tuple(options),
        rules=rules,
        why=why,
        title=title,
    )
    return str(ask(game, prompt))


def nothing(game: Game, player: Player, why: str, rules: tuple[str, ...]) -> None:
    """Log a correct prediction whose reward cannot be carried out."""
    game.say(player.name, f"{player.name} {why}", event="rider", rules=rules)
