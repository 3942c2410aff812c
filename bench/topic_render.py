"""CPU to render every topic page of the real content with no page cache (a
script, not a test).

    .venv/bin/python bench/topic_render.py [--passes 3]

Loads the TI4 content into a throw-away SQLite database (DEBUG=0, the page
cache off), then renders ``rules.views.topic_detail`` for every topic through
Django's ``RequestFactory`` ``--passes`` times, after one warm-up pass. Prints
the CPU per render (``time.process_time``: mean, p50, p95 and the slowest
topic), the queries per render and the share of the time spent in queries and
in the template (queries that the template runs count in both). Target (issue
30): a mean of at most 8 ms of CPU.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TARGET_MS = 8.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--passes", type=int, default=3)
    args = parser.parse_args()
    os.environ.update(
        DJANGO_SETTINGS_MODULE="rulesite.settings",
        RULESITE_VAR_DIR=tempfile.mkdtemp(prefix="rulesite-topic-bench-"),
        DEBUG="0",
        SECRET_KEY="bench-only-" + "x" * 50,
        ALLOWED_HOSTS="testserver",
        SECURE_SSL_REDIRECT="0",
    )
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.template import base as template_base
    from django.test import RequestFactory

    from rules.models import Topic
    from rules.views import topic_detail

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)  # the manifest
    call_command("load_content", "ti4", "--no-index", verbosity=0)
    topics = list(Topic.objects.filter(game__slug="ti4").values_list("slug", flat=True))
    factory = RequestFactory()

    spent = {"queries": 0.0, "template": 0.0}
    counts = {"queries": 0}

    def timed_query(
        execute: Any, sql: str, params: Any, many: bool, context: Any
    ) -> Any:
        started = time.process_time()
        try:
            return execute(sql, params, many, context)
        finally:
            spent["queries"] += time.process_time() - started
            counts["queries"] += 1

    render = template_base.Template.render

    def timed_render(self: Any, context: Any) -> Any:
        # Only the outermost template counts: includes render inside it.
        if getattr(timed_render, "depth", 0):
            return render(self, context)
        timed_render.depth = 1  # type: ignore[attr-defined]
        started = time.process_time()
        try:
            return render(self, context)
        finally:
            timed_render.depth = 0  # type: ignore[attr-defined]
            spent["template"] += time.process_time() - started

    def render_all() -> list[tuple[float, str]]:
        times = []
        for slug in topics:
            request = factory.get(f"/ti4/rules/{slug}/")
            started = time.process_time()
            response = topic_detail(request, "ti4", slug)
            times.append((time.process_time() - started, slug))
            assert response.status_code == 200, slug
        return times

    render_all()  # warm-up: imports, templates, connection
    template_base.Template.render = timed_render  # type: ignore[method-assign]
    times: list[tuple[float, str]] = []
    with connection.execute_wrapper(timed_query):
        for _ in range(args.passes):
            times += render_all()
    template_base.Template.render = render  # type: ignore[method-assign]

    ms = sorted(seconds * 1000 for seconds, _ in times)
    total = sum(ms)
    slowest = max(times)
    mean = statistics.fmean(ms)
    print(f"{len(topics)} topics x {args.passes} passes, CPU per render (ms):")
    print(
        f"  mean {mean:.2f}  p50 {ms[len(ms) // 2]:.2f}  "
        f"p95 {ms[int(len(ms) * 0.95)]:.2f}  slowest {slowest[0] * 1000:.2f} "
        f"({slowest[1]})"
    )
    print(f"  queries per render {counts['queries'] / len(times):.1f}")
    for part in ("queries", "template"):
        print(f"  {part:<9} {spent[part] * 1000 / total * 100:5.1f} % of the time")
    print(f"  load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    met = mean <= TARGET_MS
    print(f"target: mean <= {TARGET_MS:.0f} ms of CPU: {'met' if met else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
