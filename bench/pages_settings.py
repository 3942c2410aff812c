"""Bench-only settings (never used by the site): the production settings, read
from the environment bench/pages.py and bench/soak.py set, with a URLconf that
adds the minimal view those benchmarks compare the pages with."""

from __future__ import annotations

import os

from rulesite.settings import *  # noqa: F403

ROOT_URLCONF = os.environ.get("BENCH_URLCONF", "bench.pages_urls")
