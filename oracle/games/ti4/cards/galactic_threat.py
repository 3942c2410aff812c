"""Galactic Threat (Nekro Virus faction ability): the Nekro player never
votes; once in each agenda phase, after an agenda is revealed, they may
predict its outcome, and if that outcome is resolved they gain 1 technology
owned by a player who voted for it.

By its notes: riders stay open to them; a speaker who breaks a tie without
voting for the outcome is not a player who voted for it (8.19a), and with no
votes cast there is nothing to gain. Only technologies of no faction are
offered: whether the prediction can take another faction's technology is not
settled here, so such a technology is named as not modelled. Voting with the
Xxcha Alliance note is not modelled (promissory notes other than Political
Secret are not).
"""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind, make, per_phase
from oracle.engine.core.cards import Player
from oracle.engine.core.context import Context
from oracle.engine.core.game import Game
from oracle.games.ti4 import changes, cite, data, research, riders, voting
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import outcomes
from oracle.games.ti4.cards.common import Ti4Card, target_of

SLUG = "galactic-threat"
FACTION = "nekro"


def _predict(ctx: Context) -> bool:
    game, me = ctx.game, ctx.player.name
    outcome = ctx.option("outcome")
    card = ctx.source
    agenda = voting.current(game)
    if card is None or agenda is None:
        return False
    voting.agenda_state(game).predictions.append(
        voting.Prediction(me, card.id, outcome)
    )
    game.say(
        me,
        f"{me} predicts {voting.outcome_name(game, agenda, outcome)} with Galactic "
        "Threat",
        event="predict",
        rules=cite.GALACTIC_THREAT,
    )
    return True


def _reward(game: Game, player: Player) -> None:
    """Gain 1 technology of a player who voted for the outcome predicted."""
    me = player.name
    state = voting.agenda_state(game)
    outcome = next(
        p.outcome
        for p in state.predictions
        if p.player == me and game.cards[p.card].slug == SLUG
    )
    voters = outcomes.voters_for(game, outcome)
    owned = {card.slug for card in st.technologies(game, me)}
    offered: dict[str, str] = {}
    withheld: set[str] = set()
    for voter in voters:
        for tech in st.technologies(game, voter):
            info = data.TECHNOLOGIES.get(tech.slug)
            if tech.slug in owned or tech.slug in offered or info is None:
                continue
            if info.faction or research.replaced_upgrade(game, me, tech.slug):
                withheld.add(game.name_of(tech))
                continue
            offered[tech.slug] = voter
    if withheld:
        game.say(
            me,
            f"Galactic Threat: taking {', '.join(sorted(withheld))} is not modelled",
            event="rider",
            modelled=False,
        )
    if not offered:
        riders.nothing(
            game,
            player,
            "gains no technology with Galactic Threat: no player who voted for "
            "that outcome owns one they could gain",
            cite.GALACTIC_THREAT_GAIN,
        )
        return
    slug = riders.choose(
        game,
        player,
        "galactic-threat:technology",
        list(offered),
        cite.GALACTIC_THREAT_GAIN,
        "Choose the technology to gain",
        "a technology owned by a player who voted for the outcome predicted",
    )
    _gain(game, me, slug, offered[slug])


def _gain(game: Game, me: str, slug: str, voter: str) -> None:
    changes.gain_technology(
        game,
        me,
        slug,
        f", owned by {voter} (Galactic Threat)",
        cite.GALACTIC_THREAT_GAIN,
    )


riders.REWARDS[SLUG] = _reward

CARD = Ti4Card(
    SLUG,
    "Galactic Threat",
    st.FACTION_ABILITY,
    abilities=(
        make(
            AbilityKind.REACTION,
            {"agenda_revealed": riders.revealed},
            {
                "targets": {"outcome": target_of(riders.OUTCOME, False)},
                "handler": _predict,
                "limit": per_phase(1),
                "rules": cite.GALACTIC_THREAT,
            },
        ),
    ),
    timing="once in each agenda phase, after an agenda is revealed",
    choices={"outcome": riders.OUTCOME},
    data={"faction": FACTION},
)
