"""Answering events and using abilities: windows, legality and targets, periods,
composite actions. Imports ``flow`` and ``core``; registers its windows with
the pipeline (``flow.events.register_windows``)."""

from __future__ import annotations

# Importing the layer registers its windows with the event pipeline.
from oracle.engine.play import windows

__all__ = ["windows"]
