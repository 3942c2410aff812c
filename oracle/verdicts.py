"""The answer in a judge's words: a verdict sentence per step and for the
whole run, readable titles for the windows where players could decide, and the
assumptions the answer rests on (responses passed on, hands and decks not
given, choices left to their default). Built from the result and the scenario
only: the engine's own verdicts, reasons and decision points."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from oracle.adapters import card_name, step_slug
from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.pack import Pack
from oracle.engine.core.records import ILLEGAL, LEGAL, NOT_MODELLED
from oracle.engine.core.refs import parse_ref

#: The first word of each verdict, as a judge answers.
OPENERS = {
    LEGAL: "Yes",
    ILLEGAL: "No",
    NOT_MODELLED: "Yes, in part",
    None: "No answer",
}

#: The kinds of window in which a player responds to an event (the engine's
#: ability kinds), and how a judge says when that is.
RESPONSES = {
    AbilityKind.CANCEL.value: "when {} would happen",
    AbilityKind.INTERRUPT.value: "when {} happens",
    AbilityKind.FORCED_INTERRUPT.value: "when {} happens",
    AbilityKind.REACTION.value: "after {}",
    AbilityKind.FORCED_REACTION.value: "after {}",
}
TARGET = "target"


@dataclass(frozen=True)
class Sentence:
    """A verdict in words: ``text`` reads on its own; ``rules`` are the rule
    ids it rests on (a page links them after the text)."""

    verdict: str | None
    text: str
    rules: tuple[str, ...] = ()

    @property
    def opener(self) -> str:
        """The answer's first words: ``Yes``, ``No``..."""
        return self.text.partition(": ")[0]

    @property
    def rest(self) -> str:
        """The sentence after its opener."""
        return self.text.partition(": ")[2]

    def line(self) -> str:
        """The sentence as plain text, rules in brackets."""
        if not self.rules:
            return f"{self.text}."
        word = "rule" if len(self.rules) == 1 else "rules"
        return f"{self.text} ({word} {', '.join(self.rules)})."


@dataclass(frozen=True)
class StepFacts:
    """What a step's sentence is made of: the scenario step and its outcome."""

    step: Mapping[str, Any]
    outcome: Mapping[str, Any]


def step_sentence(
    pack: Pack, facts: StepFacts, before: StepFacts | None = None
) -> Sentence:
    """``Yes: Alice can play Spy targeting Bob`` or ``No: Alice cannot play
    Sabotage in answer to Bob's Sabotage, because ...``; ``before`` is the step
    before it (what a response card answers)."""
    outcome = facts.outcome
    verdict = outcome.get("verdict")
    subject, verb, rest = clause(pack, facts.step)
    answered = _answered(pack, facts, before)
    if verdict == ILLEGAL:
        reason = outcome.get("reason") or "the step was refused"
        text = f"No: {subject} cannot {verb}{rest}{answered}, because {reason}"
        return Sentence(verdict, text, tuple(outcome.get("rules", [])))
    if verdict is None:
        reason = outcome.get("reason") or "not run"
        return Sentence(None, f"No answer: {subject} {verb}{rest} was {reason}")
    text = f"{OPENERS[verdict]}: {subject} can {verb}{rest}{answered}"
    if verdict == NOT_MODELLED:
        text += "; part of what follows is stated, not modelled (see below)"
    return Sentence(verdict, text, tuple(outcome.get("rules", [])))


def clause(pack: Pack, step: Mapping[str, Any]) -> tuple[str, str, str]:
    """The step as subject, verb (bare) and the rest: ``("Alice", "play",
    " Spy targeting Bob")``."""
    player = str(step.get("player") or "a player")
    if "play" in step or "use" in step:
        kind = "play" if "play" in step else "use"
        rest = f" {step_card_name(pack, step[kind])}"
        if step.get("ability"):
            rest += f" ({step['ability']})"
        return player, kind, rest + targets_text(pack, step.get("targets") or {})
    if "pass" in step:
        return player, "pass", ""
    if "choose" in step:
        return player, "choose", f" {shown(pack, step['choose'])}"
    if "advance" in step:
        return "the game", "advance", f" to the {step['advance']} phase"
    return f"the {step.get('end', 'turn')}", "end", ""


def _answered(pack: Pack, facts: StepFacts, before: StepFacts | None) -> str:
    """`` in answer to Bob's Sabotage`` when the step plays a card that only
    responds (it has no action of its own) right after another player's card."""
    slug = facts.outcome.get("card")
    if before is None or not slug or not pack.has_card(slug):
        return ""
    if any(a.kind is AbilityKind.ACTION for a in pack.card(slug).abilities):
        return ""
    other = before.outcome.get("card")
    player = before.step.get("player")
    if not other or player in (None, facts.step.get("player")):
        return ""
    return f" in answer to {player}'s {card_name(pack, other)}"


def step_card_name(pack: Pack, value: object) -> str:
    """The name of the card a step's ``play``/``use`` names (its reference
    kept when it picks one of several: ``Bob/guard#2``)."""
    ref = str(value)
    slug = step_slug(ref)
    return card_name(pack, slug) if ref == slug else ref


def targets_text(pack: Pack, targets: Mapping[str, Any]) -> str:
    """`` targeting Bob`` for a single target, else each target by name."""
    if not targets:
        return ""
    if list(targets) == [TARGET]:
        return f" targeting {shown(pack, targets[TARGET])}"
    return " targeting " + ", ".join(
        f"{name.replace('_', ' ')} {shown(pack, value)}"
        for name, value in targets.items()
    )


def shown(pack: Pack, value: object) -> str:
    """A target or choice as words: card slugs by name, true as yes."""
    values = value if isinstance(value, list) else [value]
    return ", ".join(
        ("yes" if v else "no") if isinstance(v, bool) else _name(pack, str(v))
        for v in values
    )


def _name(pack: Pack, label: str) -> str:
    """A bare slug by its card's name; a fuller reference (``Bob/guard#2``)
    as it is, since it tells one card from others of its kind."""
    return card_name(pack, label) if pack.has_card(label) else label


def run_sentence(
    verdict: str | None, sentences: Sequence[Sentence], error: str | None
) -> Sentence:
    """The whole run in one sentence: the first refusal, else the guard that
    stopped it, else the last step (every step before it was legal too)."""
    refused = [s for s in sentences if s.verdict == ILLEGAL]
    if refused:
        more = len(refused) - 1
        also = f" ({more} more step{'s' * (more > 1)} refused)" if more else ""
        return Sentence(ILLEGAL, refused[0].text + also, refused[0].rules)
    if error:
        return Sentence(None, f"No answer: the engine stopped the run: {error}")
    if not sentences:
        return Sentence(verdict, "Nothing to judge: the scenario has no steps")
    # The step a partial answer rests on, else the last (which the steps
    # before it lead up to).
    chosen = next((s for s in sentences if s.verdict == NOT_MODELLED), sentences[-1])
    text = chosen.text
    if verdict == NOT_MODELLED and chosen.verdict != NOT_MODELLED:  # in the set-up
        text = f"{OPENERS[NOT_MODELLED]}: {chosen.rest}; part of what happens is "
        text += "stated, not modelled (see below)"
    if len(sentences) > 1:
        text += f" (all {len(sentences)} steps are allowed)"
    return Sentence(verdict, text, chosen.rules)


# -- windows --------------------------------------------------------------------------


def window_title(pack: Pack, window: str, step: StepFacts | None) -> str:
    """What a player could do at a decision point, as words: ``cancel Alice's
    Spy``, ``choose the target of Spy``, ``respond after activate system``."""
    kind, _, name = window.partition(":")
    words = name.replace("_", " ").replace("-", " ")
    card = step.outcome.get("card") if step is not None else None
    card_text = card_name(pack, card) if card else None
    if kind == TARGET:
        what = "target" if name == TARGET else words
        return f"choose the {what} of {card_text}" if card_text else f"choose {what}"
    if kind == AbilityKind.CANCEL.value and name == "play" and card_text:
        player = step.step.get("player") if step is not None else None
        return f"cancel {player}'s {card_text}" if player else f"cancel {card_text}"
    if kind in RESPONSES:
        return "respond " + RESPONSES[kind].format(words or "this")
    head = kind.replace("_", " ").replace("-", " ")
    return f"decide: {head}, {words}" if words else f"decide: {head}"


def is_response(window: str) -> bool:
    """Whether a decision point is a window to respond to an event."""
    return window.partition(":")[0] in RESPONSES


# -- assumptions ----------------------------------------------------------------------


def assumptions(
    pack: Pack, scenario: Mapping[str, Any], result: Mapping[str, Any]
) -> list[str]:
    """What the answer assumed, as a judge says it."""
    steps = scenario.get("steps", [])
    facts = _facts(steps, result)
    out = _passed(pack, facts, result)
    out += _defaults(pack, facts, result)
    out += _hands(pack, scenario)
    out += _decks(scenario, result)
    return out


def _facts(steps: Sequence[Any], result: Mapping[str, Any]) -> list[StepFacts]:
    outcomes = result.get("steps", [])
    return [
        StepFacts(steps[o["index"]], o) for o in outcomes if o["index"] < len(steps)
    ]


def _passed(
    pack: Pack, facts: Sequence[StepFacts], result: Mapping[str, Any]
) -> list[str]:
    """``Bob could have played Sabotage to cancel Alice's Spy and did not``:
    each response window whose player took none of the options offered."""
    unused = [f for f in facts if f.outcome.get("card") and "player" in f.step]
    out = []
    for decision in result.get("decisions", []):
        window, player = decision["window"], decision["player"]
        if not is_response(window):
            continue
        offered = {_slug(o) for o in decision["options"]}
        taken = next(
            (
                f
                for f in unused
                if f.step["player"] == player
                and f.outcome["card"] in offered
                and f.outcome["index"] > decision["at"]
            ),
            None,
        )
        if taken is not None:
            unused.remove(taken)
            continue
        at = _at(facts, decision["at"])
        names = _listed([shown(pack, o) for o in decision["options"]], "or")
        title = window_title(pack, window, at)
        when = title[8:] if title.startswith("respond ") else f"to {title}"
        out.append(f"{player} could have played {names} {when} and did not")
    return out


def _defaults(
    pack: Pack, facts: Sequence[StepFacts], result: Mapping[str, Any]
) -> list[str]:
    """Choices no step gave: the engine took its default."""
    chosen = [f for f in facts if "choose" in f.step]
    out = []
    for decision in result.get("decisions", []):
        window, player = decision["window"], decision["player"]
        if is_response(window):
            continue
        at = _at(facts, decision["at"])
        kind, _, name = window.partition(":")
        if kind == TARGET and at is not None and name in (at.step.get("targets") or {}):
            continue
        answer = next((f for f in chosen if f.step.get("player") == player), None)
        if answer is not None:
            chosen.remove(answer)
            continue
        options = _listed([shown(pack, o) for o in decision["options"]], "or")
        title = window_title(pack, window, at).removeprefix("decide: ")
        out.append(
            f"{player}'s choice ({title}) was not given: the engine took its "
            f"default of {options or 'no option'}"
        )
    return out


def _hands(pack: Pack, scenario: Mapping[str, Any]) -> list[str]:
    out = []
    for player in scenario.get("players", []):
        name = player.get("name")
        hand = player.get("hand")
        if hand:
            cards = _listed([_card_of(pack, c) for c in hand], "and")
            out.append(f"{name}'s hand holds only what the scenario lists: {cards}")
        else:
            out.append(
                f"{name}'s hand is not given: assumed empty, so {name} has no "
                "card to respond with"
            )
    return out


def _decks(scenario: Mapping[str, Any], result: Mapping[str, Any]) -> list[str]:
    """The deck order, when the run drew or shuffled."""
    events = {str(e.get("event") or "") for e in result.get("log", [])}
    if not any("draw" in e or "shuffle" in e for e in events):
        return []
    seed = scenario.get("seed", 0)
    if scenario.get("decks"):
        return [
            "The decks hold the cards the scenario lists, top card first; any "
            f"shuffle follows seed {seed}"
        ]
    return [
        f"No deck order is given: the cards drawn follow the set-up and seed {seed}"
    ]


def _card_of(pack: Pack, item: object) -> str:
    slug = item.get("card") if isinstance(item, Mapping) else item
    return card_name(pack, str(slug))


def _slug(label: str) -> str:
    ref = parse_ref(label)
    return ref.slug if ref is not None else label


def _at(facts: Sequence[StepFacts], index: int) -> StepFacts | None:
    return next((f for f in facts if f.outcome.get("index") == index), None)


def _listed(names: Sequence[str], joiner: str) -> str:
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} {joiner} {names[-1]}"
