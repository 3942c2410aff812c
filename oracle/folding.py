"""How much of a stored run its page shows, so that every page of a run
renders in bounded time and size whatever is stored: a result over
``MAX_SHOWN`` characters is not shown at all (only its summary), and a shown
one is cut to its first ``LOG_SHOWN`` log entries, ``WINDOWS_SHOWN`` windows a
step, ``DECISIONS_SHOWN`` decision points and a state of ``STATE_SHOWN``
characters of JSON. The API gives any result whole."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from oracle.answers import Answer

if TYPE_CHECKING:
    from oracle.views import Moment

#: Characters of stored result above which a run's page shows its summary
#: only. Results are bounded by the engine's budget (docs/ORACLE.md) to about
#: a third of this; older runs may be larger.
MAX_SHOWN = 4_000_000
LOG_SHOWN = 400
WINDOWS_SHOWN = 40
DECISIONS_SHOWN = 200
STATE_SHOWN = 100_000


@dataclass
class Folded:
    """What a run's page leaves out."""

    shown: int = 0
    log: int = 0
    steps: int = 0
    windows: int = 0
    decisions: int = 0
    state: bool = False

    def __bool__(self) -> bool:
        return bool(self.log or self.windows or self.decisions or self.state)


def fold(answer: Answer, timeline: list[Moment], state_json: str) -> Folded:
    """Cut ``answer`` and its ``timeline`` (in place) to what the page shows."""
    folded = Folded(state=len(state_json) > STATE_SHOWN)
    kept = 0
    for index, moment in enumerate(timeline):
        if kept >= LOG_SHOWN:
            later = timeline[index:]
            folded.steps = sum(1 for m in later if m.step and not m.continued)
            del timeline[index:]
            break
        moment.entries = moment.entries[: LOG_SHOWN - kept]
        kept += len(moment.entries)
    folded.shown, folded.log = kept, len(answer.log) - kept
    for step in answer.steps:
        folded.windows += max(0, len(step.decisions) - WINDOWS_SHOWN)
        step.decisions = step.decisions[:WINDOWS_SHOWN]
    folded.decisions = max(0, len(answer.decisions) - DECISIONS_SHOWN)
    answer.decisions = answer.decisions[:DECISIONS_SHOWN]
    return folded
