"""Voting on an agenda and counting the votes (rules 8.5 to 8.19).

What one agenda's vote keeps (``Agenda``, under ``game.flags``): its possible
outcomes, the votes cast, who may not vote, the predictions made. Players vote
clockwise from the speaker's left, the speaker last (8.2.ii, 80.2): each
answers an ``agenda:vote`` prompt (an outcome, or ``abstain``, offered first so
an unanswered prompt abstains), then an ``agenda:planets`` prompt (the readied
planets exhausted for their whole influence, 8.6, 8.6a). Each vote, and the
speaker's turn to vote even without one, is a ``cast_votes`` event: its
reactions are the window of Distinguished Councilor and Bribery. While
Representative Government is in play a vote is one vote, with no planet
exhausted; Senate Sanctuary adds to its planet's influence (``laws``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from oracle.engine.core.cards import Card, Player
from oracle.engine.core.context import Context
from oracle.engine.core.game import PLAY, Game
from oracle.engine.core.messages import join_words
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.games.ti4 import changes, cite, laws, notes
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import table

KEY = "ti4-agenda"
ABSTAIN = "abstain"
FOR, AGAINST = "for", "against"


@dataclass
class Prediction:
    """A rider's prediction: who made it, with which card, for which outcome."""

    player: str
    card: str
    outcome: str


@dataclass
class Agenda:
    """The vote on the agenda being resolved (and what lasts for the phase)."""

    number: int = 0
    agenda: str = ""
    outcomes: tuple[str, ...] = ()
    votes: dict[str, tuple[str, int]] = field(default_factory=dict)
    cannot_vote: set[str] = field(default_factory=set)
    barred: set[str] = field(default_factory=set)
    predictions: list[Prediction] = field(default_factory=list)
    counterclockwise: bool = False
    elected: str = ""
    #: The law in play voted on again as if revealed (Miscount Disclosed).
    revote: str = ""
    #: The agenda under Covert Legislation, voted on blind (``agendas.covert``).
    hidden: str = ""


def agenda_state(game: Game) -> Agenda:
    """Return the agenda phase's record of a game (made on first use)."""
    found = game.flags.get(KEY)
    if not isinstance(found, Agenda):
        found = Agenda()
        game.flags[KEY] = found
    return found


def current(game: Game) -> Card | None:
    """Return the agenda being resolved, if one is revealed: a law in play
    while Miscount Disclosed has it voted on again."""
    state = game.flags.get(KEY)
    law = game.cards.get(state.revote) if isinstance(state, Agenda) else None
    if law is not None and law.zone in (st.LAWS, PLAY):  # not discarded (Veto)
        return law
    if st.AGENDA_AREA not in game.shared:
        return None
    ids = game.zone(st.AGENDA_AREA)
    return game.cards[ids[-1]] if ids else None


#: The directive voted on with the outcomes of an agenda hidden under it.
COVERT = "covert-legislation"


def hidden_under(game: Game, agenda: Card) -> Card | None:
    """The agenda lying face down under Covert Legislation (``agendas.covert``),
    if ``agenda`` is Covert Legislation and one does."""
    state = game.flags.get(KEY)
    if agenda.slug != COVERT or not isinstance(state, Agenda):
        return None
    hidden = game.cards.get(state.hidden)
    return hidden if hidden is not None and hidden.zone == st.AGENDA_AREA else None


def elects(game: Game, agenda: Card) -> str:
    """Return what an agenda elects (``table.FOR_AGAINST``, ``table.PLAYER``...)."""
    agenda = hidden_under(game, agenda) or agenda  # voted on as Covert Legislation
    # Three laws the pack knew first without the "-agenda" of their slugs.
    known = table.AGENDAS.get(agenda.slug) or table.AGENDAS.get(f"{agenda.slug}-agenda")
    return known.elect if known is not None else ""


def outcomes(game: Game, agenda: Card) -> tuple[str, ...] | None:
    """The outcomes one may vote for or predict (8.8 to 8.11); None when the
    pack does not model what the agenda elects."""
    kind = elects(game, agenda)
    if kind == table.FOR_AGAINST:
        return (FOR, AGAINST)
    if kind == table.PLAYER:
        return tuple(p.name for p in st.by_seat(game))
    if kind in table.PLANET_ELECTIONS:
        return tuple(p.slug for p in _electable_planets(game, kind))
    if kind == table.LAW:
        return tuple(law.slug for law in laws_in_play(game))
    return None


def _electable_planets(game: Game, kind: str) -> list[Card]:
    trait = table.PLANET_ELECTIONS[kind]
    found = []
    for player in st.by_seat(game):
        for planet in st.controlled_planets(game, player.name):
            if trait is not None and trait not in game.definition(planet).traits:
                continue
            if kind == table.NON_HOME_PLANET and (
                planet.slug == "mecatol-rex"
                or st.is_home(game, st.system_of(game, planet))
            ):
                continue
            found.append(planet)
    return found


def laws_in_play(game: Game) -> list[Card]:
    """Every law in play: the common ones, then those players own."""
    common = game.cards_in(st.LAWS)
    owned = [
        card
        for player in st.by_seat(game)
        for card in game.cards_in("play", player.name)
        if st.kind(game, card) == st.LAW
    ]
    return [*common, *owned]


def outcome_name(game: Game, agenda: Card, outcome: str) -> str:
    """Name an outcome in a log line: "For", "Bob", "Lodor", "Minister of War"."""
    if outcome in (FOR, AGAINST):
        return outcome.title()
    if game.has_player(outcome):
        return outcome
    planet = st.planet_named(game, outcome)
    if planet is not None:
        return game.name_of(planet)
    if game.pack.has_card(outcome):
        return game.pack.card(outcome).name
    return outcome


# -- voting -----------------------------------------------------------------------


def voters(game: Game) -> list[Player]:
    """The order of the vote: clockwise from the speaker's left, the speaker
    last (8.2.ii, 80.2); counterclockwise from the right under Hack Election."""
    speaker = st.table(game).speaker
    others = st.clockwise_from(game, speaker)[1:]
    if agenda_state(game).counterclockwise:
        others.reverse()
    return [*others, *(p for p in game.players if p.name == speaker)]


#: The faction whose Galactic Threat keeps it from ever voting.
GALACTIC_THREAT_FACTION = "nekro"


def may_vote(game: Game, name: str) -> bool:
    """Whether an effect stops a player from voting on this agenda (8.16)."""
    state = agenda_state(game)
    if notes.silenced_by(game, name) is not None:  # Political Secret
        return False
    if st.seat(game, name).faction == GALACTIC_THREAT_FACTION:
        return False
    return name not in state.cannot_vote and name not in state.barred


def vote(game: Game, agenda: Card) -> None:
    """Every player votes or abstains, in order (8.2.ii); one vote each
    under Representative Government (no vote brings a law into play)."""
    one_each = laws.one_vote_each(game)
    for player in voters(game):
        _cast(game, player, agenda, one_each)


def _cast(game: Game, player: Player, agenda: Card, one_each: bool) -> None:
    name = player.name
    if not may_vote(game, name):
        nekro = st.seat(game, name).faction == GALACTIC_THREAT_FACTION
        _votes_event(
            game,
            name,
            f"{name} cannot vote on {game.name_of(agenda)}"
            + (" (Galactic Threat)" if nekro else ""),
            cite.CANNOT_VOTE,
        )
        return
    state = agenda_state(game)
    readied = [p for p in st.controlled_planets(game, name) if not p.exhausted]
    options = (ABSTAIN, *state.outcomes) if readied or one_each else (ABSTAIN,)
    choice = str(
        ask(
            game,
            Prompt(
                PromptKind.OPTION,
                name,
                "agenda:vote",
                options,
                rules=(*cite.VOTES_CAST, *cite.ABSTAIN),
                why="a vote goes to an outcome of the agenda (a player with no "
                "readied planet can only abstain)",
                title="Choose an outcome to vote for, or abstain",
            ),
        )
    )
    if choice == ABSTAIN:
        _votes_event(game, name, f"{name} abstains", cite.ABSTAIN)
        return
    if one_each:
        _one_vote(game, name, agenda, choice)
        return
    planets = _planets(game, name, readied)
    _exhaust_for_votes(game, player, agenda, choice, planets)


def _planets(game: Game, name: str, readied: list[Card]) -> list[Card]:
    labels = tuple(p.slug for p in readied)
    answer = ask(
        game,
        Prompt(
            PromptKind.CARD,
            name,
            "agenda:planets",
            labels,
            minimum=1,
            maximum=len(labels),
            rules=cite.VOTES_CAST,
            why="votes are cast by exhausting readied planets one controls",
            title="Choose the planets to exhaust for votes",
        ),
    )
    chosen = answer if isinstance(answer, tuple) else (str(answer),)
    return [p for p in readied if p.slug in chosen]


def _exhaust_for_votes(
    game: Game, player: Player, agenda: Card, outcome: str, planets: list[Card]
) -> None:
    name = player.name
    votes = laws.total_influence(game, planets)
    state = agenda_state(game)

    def change() -> None:
        for planet in planets:
            planet.exhausted = True
        if votes:
            state.votes[name] = (outcome, votes)

    shown = join_words([game.name_of(p) for p in planets])
    what = outcome_name(game, agenda, outcome)
    if votes:
        cast = changes.plural(votes, "vote")
        text = f"{name} exhausts {shown} to cast {cast} for {what}"
        rules = cite.VOTES_CAST
        where = laws.sanctuary_planet(game)
        sanctuary = [p for p in planets if p.slug == where]
        if sanctuary:
            text += (
                f", {game.name_of(sanctuary[0])} giving 2 more with Senate Sanctuary"
            )
            rules = (*rules, *cite.LAW_SANCTUARY)
    else:
        # A note of topic 8: casting zero votes is abstaining.
        text = f"{name} exhausts {shown} for no vote, which is abstaining"
        rules = (*cite.VOTES_CAST, *cite.ABSTAIN)
    changes.happen(
        game,
        "cast_votes",
        player=name,
        message=text,
        change=change,
        rules=rules,
        params={"votes": votes},
    )


def _one_vote(game: Game, name: str, agenda: Card, outcome: str) -> None:
    """Representative Government: one vote, no planet exhausted."""
    state = agenda_state(game)

    def change() -> None:
        state.votes[name] = (outcome, 1)

    what = outcome_name(game, agenda, outcome)
    changes.happen(
        game,
        "cast_votes",
        player=name,
        message=f"{name} casts 1 vote for {what}, exhausting no planet "
        "(Representative Government)",
        change=change,
        rules=cite.LAW_ONE_VOTE,
        params={"votes": 1},
    )


def _votes_event(game: Game, name: str, text: str, rules: tuple[str, ...]) -> None:
    """A turn to vote with no vote cast. Only the speaker's is an event: it
    still opens the window of Bribery (its official note: after the speaker
    abstains, or would vote); no ability answers another player's."""
    if name != st.table(game).speaker:
        game.say(name, text, event="cast_votes", rules=rules)
        return
    changes.happen(
        game,
        "cast_votes",
        player=name,
        message=text,
        change=lambda: None,
        rules=rules,
        params={"votes": 0},
    )


def add_votes(game: Game, name: str, extra: int, why: str) -> bool:
    """Cast ``extra`` more votes for the outcome a player voted for (8.15)."""
    state = agenda_state(game)
    outcome, votes = state.votes[name]
    agenda = current(game)
    what = outcome_name(game, agenda, outcome) if agenda is not None else outcome

    def change() -> None:
        state.votes[name] = (outcome, votes + extra)

    return changes.happen(
        game,
        "additional_votes",
        player=name,
        message=f"{name} casts {changes.plural(extra, 'more vote')} for {what} {why}",
        change=change,
        rules=cite.EXTRA_VOTES,
    )


def extra_votes_refused(ctx: Context) -> tuple[str, tuple[str, ...]] | None:
    """Refuse a card that casts additional votes while Prophecy of Kings'
    Representative Government is in play: the law says no player can, and
    "cannot" is absolute (1.6), so the card has nothing it may do."""
    if not laws.extra_votes_forbidden(ctx.game):
        return None
    return (
        "Representative Government is in play: no player can cast additional votes",
        cite.NEEDS_SETS["no-extra-votes"],
    )


def has_voted(game: Game, name: str) -> bool:
    """Whether a player has cast votes for an outcome of this agenda."""
    return name in agenda_state(game).votes


# -- counting -----------------------------------------------------------------------


def totals(game: Game) -> dict[str, int]:
    """The votes each outcome received, in the order of the outcomes."""
    state = agenda_state(game)
    found = dict.fromkeys(state.outcomes, 0)
    for outcome, votes in state.votes.values():
        found[outcome] = found.get(outcome, 0) + votes
    return found


def tally(game: Game, agenda: Card) -> str:
    """Count the votes; the speaker breaks a tie, or picks any outcome when
    nobody voted (8.19, 8.19a)."""
    counted = totals(game)
    shown = ", ".join(
        f"{outcome_name(game, agenda, o)} {n}" for o, n in counted.items() if n
    )
    game.say(
        None,
        f"The votes on {game.name_of(agenda)}: {shown or 'none cast'}",
        event="agenda_tally",
        rules=cite.AGENDA_TALLY,
    )
    best = max(counted.values(), default=0)
    tied = tuple(o for o, n in counted.items() if n == best)
    if len(tied) == 1 and (best or len(counted) > 1):
        return tied[0]
    if len(tied) == 1:  # the only outcome, and nobody voted: the speaker's pick
        _only_outcome(game, agenda, tied[0])
        return tied[0]
    speaker = st.table(game).speaker
    choice = str(
        ask(
            game,
            Prompt(
                PromptKind.OPTION,
                speaker,
                "agenda:tie",
                tied,
                rules=cite.AGENDA_TIE,
                why="the speaker chooses among the outcomes tied for the most votes",
                title="Choose the outcome to resolve",
            ),
        )
    )
    why = "of the tied outcomes" if best else "as nobody voted"
    game.say(
        speaker,
        f"{speaker} chooses {outcome_name(game, agenda, choice)} {why}",
        event="agenda_tie",
        rules=cite.AGENDA_TIE,
    )
    return choice


def _only_outcome(game: Game, agenda: Card, outcome: str) -> None:
    """Nobody voted and the agenda has a single outcome: the speaker must
    decide for it (8.19a; the note of Miscount Disclosed with one law)."""
    speaker = st.table(game).speaker
    game.say(
        speaker,
        f"{speaker} chooses {outcome_name(game, agenda, outcome)}, the only "
        "outcome, as nobody voted",
        event="agenda_tie",
        rules=cite.AGENDA_TIE,
    )
