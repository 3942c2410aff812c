"""Bench-only settings (never used by the site): the production settings, read
from the environment bench/pages.py and bench/soak.py set, with a URLconf that
adds the minimal view those benchmarks compare the pages with.

``BENCH_BARE=1`` also leaves out the page cache middleware, so that the floor
can be measured as plain Django too, without the read transaction the page
cache opens around every GET that it does not answer from the cache."""

from __future__ import annotations

import os

from rulesite.settings import *  # noqa: F403
from rulesite.settings import MIDDLEWARE

ROOT_URLCONF = os.environ.get("BENCH_URLCONF", "bench.pages_urls")
if os.environ.get("BENCH_BARE") == "1":
    MIDDLEWARE = [
        name for name in MIDDLEWARE if not name.endswith("PageCacheMiddleware")
    ]
