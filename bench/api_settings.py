"""Bench-only settings: production settings (from the environment bench/api.py
sets) with the bench URLconf that adds the minimal baseline view."""

from __future__ import annotations

from rulesite.settings import *  # noqa: F403

ROOT_URLCONF = "bench.api_urls"
