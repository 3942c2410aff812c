"""What a run records for the judge: log entries, decision points, step outcomes.

Frozen values: made once, never changed."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the game log: house-language text plus structured fields.

    ``step`` is the index of the scenario step being run when it was logged (a
    response taken from a later step counts as that step), None during set-up.
    ``card_slugs`` names the card of each id in ``cards``. ``modelled`` is
    false for an entry that says what happens without the engine modelling
    it (looking at the agenda deck, voting): the answer then rests on it.
    """

    seq: int
    player: str | None
    message: str
    event: str | None
    cards: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    step: int | None = None
    card_slugs: tuple[str, ...] = ()
    modelled: bool = True

    def to_dict(self) -> dict[str, object]:
        """Return the entry as a JSON-ready mapping (``modelled`` only when
        false: nearly every entry is modelled)."""
        out: dict[str, object] = {
            "seq": self.seq,
            "player": self.player,
            "message": self.message,
            "event": self.event,
            "cards": list(self.cards),
            "card_slugs": list(self.card_slugs),
            "rules": list(self.rules),
            "step": self.step,
        }
        if not self.modelled:
            out["modelled"] = False
        return out


@dataclass(frozen=True, slots=True)
class Decision:
    """A point where ``player`` could decide, with every legal option offered.

    ``prompt`` is the text the player is shown ("Choose a card"); where there
    is none (a response window), its mapping leaves the key out.
    """

    at: int
    player: str
    window: str
    options: tuple[str, ...]
    prompt: str = ""

    def to_dict(self) -> dict[str, object]:
        """Return the decision point as a JSON-ready mapping."""
        found: dict[str, object] = {
            "at": self.at,
            "player": self.player,
            "window": self.window,
            "options": list(self.options),
        }
        if self.prompt:
            found["prompt"] = self.prompt
        return found


@dataclass(frozen=True, slots=True)
class StepOutcome:
    """Whether a scenario step was accepted, and if not why (with rule ids).

    ``card`` is the slug of the card the step plays or uses, ``card_id`` the
    instance it used (None when the step was refused before one was found).
    ``verdict`` is the judge's word for the step (``VERDICTS``), None for a
    step a guard stopped before it could be answered.
    """

    index: int
    status: str
    reason: str | None = None
    rules: tuple[str, ...] = ()
    card: str | None = None
    card_id: str | None = None
    verdict: str | None = None

    def to_dict(self) -> dict[str, object]:
        """Return the outcome as a JSON-ready mapping."""
        return {
            "index": self.index,
            "status": self.status,
            "verdict": self.verdict,
            "reason": self.reason,
            "rules": list(self.rules),
            "card": self.card,
            "card_id": self.card_id,
        }


ACCEPTED = "accepted"
REJECTED = "rejected"

#: A step or a run is legal (every play allowed and modelled), illegal (a
#: play refused: the refusal is the answer) or not modelled (it resolved, but
#: through something the engine only states, so the answer rests on it).
LEGAL = "legal"
ILLEGAL = "illegal"
NOT_MODELLED = "not_modelled"
VERDICTS = (LEGAL, ILLEGAL, NOT_MODELLED)
