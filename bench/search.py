"""Search benchmark (a script, not a test): ``.venv/bin/python bench/search.py``.

In a throw-away database and index folder it loads the real fixtures, times a
full rebuild of their index, then indexes a corpus of at least 10,000 documents
(the real content plus generated rules-like text in the same game) and runs the
same realistic queries through ``rules.search.search()``, through the API
endpoint (Django test client) and through SQLite FTS5 over the same corpus,
printing p50/p95 latencies and the ratios.

Options: ``--documents N`` (default 10000), ``--queries N`` (default 200 per set),
``--seed N``.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TARGET_P95_MS = 5.0
TARGET_REBUILD_S = 3.0
NATURAL = [
    "hand limit", "how many action cards can I hold", "draw action cards status phase",
    "when do I draw action cards", "who goes first", "sabotage lucky shot",
    "cancel an action card", "same name", "play a second copy after sabotage",
    "deck runs out", "trade goods", "commodities", "vote on agenda", "speaker token",
    "retreat from combat", "sustain damage", "space combat rounds", "destroyed ships",
    "component action", "strategic action", "tactical action", "ready cards",
    "command tokens fleet pool", "promissory note", "initiative order",
    "public objective", "reroll dice", "exhausted planets", "spend influence",
    "produce units", "custodians token mecatol rex", "offensive action card",
]  # fmt: skip


def main() -> None:
    options = _arguments()
    workdir = Path(tempfile.mkdtemp(prefix="rulesite-bench-"))
    os.environ["RULESITE_VAR_DIR"] = str(workdir)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("load_content", "ti4", "--no-index", verbosity=0)
    _run(options)


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--seed", type=int, default=4)
    return parser.parse_args()


def _run(options: argparse.Namespace) -> None:
    from rules.models import Game
    from rules.search import build_index, documents_for

    game = Game.objects.get(slug="ti4")
    python, cpus, load = platform.python_version(), os.cpu_count(), os.getloadavg()
    print(f"# Search benchmark: Python {python}, {cpus} CPUs, load {load[0]:.1f}")
    rebuilds, cpu = [], []
    for _ in range(3):
        started = time.process_time()
        rebuilds.append(build_index(force=True).seconds)
        cpu.append(time.process_time() - started)
    real = list(documents_for(game))
    print(
        f"full rebuild of the real content ({len(real)} documents): "
        f"best {min(rebuilds):.2f} s, median {statistics.median(rebuilds):.2f} s, "
        f"CPU {min(cpu):.2f} s (target ≤ {TARGET_REBUILD_S:.0f} s)"
    )
    corpus = real + generate(real, max(0, options.documents - len(real)), options.seed)
    started = time.perf_counter()
    build_index(documents=corpus)
    print(
        f"corpus: {len(corpus)} documents ({len(real)} real), "
        f"indexed in {time.perf_counter() - started:.1f} s"
    )
    rng = random.Random(options.seed)
    warm_up, measured = (realistic_queries(real, options.queries, rng) for _ in "ab")
    print(f"queries: {len(measured)} measured, {len(warm_up)} others to warm up\n")
    cold, steady, hot = _measure_search(warm_up, measured)
    _report("search(), cold: first queries on a fresh index", cold)
    _report("search(), warm: after 200 other queries", steady, TARGET_P95_MS)
    _report("search(), hot: the same queries again", hot, TARGET_P95_MS)
    warmed = _measure_warmed(measured)
    _report("search(), first queries after SearchIndex.warm()", warmed, TARGET_P95_MS)
    _report("API GET /api/v1/ti4/search/, hot (test client)", _measure_api(measured))
    fts = _timed(measured, Fts5(corpus).search)
    _report("SQLite FTS5 over the same corpus, same queries", fts)
    for label, times in [("cold", cold), ("warm", steady), ("hot", hot)]:
        ratios = [_p(times.wall, n) / _p(fts.wall, n) for n in (50, 95)]
        print(f"search() {label} / FTS5: p50 x{ratios[0]:.1f}, p95 x{ratios[1]:.1f}")
    _measure_memory([*warm_up, *measured])


def _measure_search(
    warm_up: Sequence[str], measured: Sequence[str]
) -> tuple[Timings, Timings, Timings]:
    """Cold: nothing decoded yet. Warm: after other queries, so common words are
    decoded but not every word of these queries. Hot: everything decoded."""
    from rules.search import search
    from rules.search.index import searcher as search_index

    def run(query: str) -> Any:
        return search("ti4", query)

    search_index._open.clear()  # forget the open index: nothing decoded yet
    cold = _timed(measured, run)
    search_index._open.clear()
    _timed(warm_up, run)
    warm = _timed(measured, run)
    return cold, warm, _timed(measured, run)


def _measure_warmed(measured: Sequence[str]) -> Timings:
    """A fresh index warmed as gunicorn's arbiter warms it at start-up, then
    the measured queries for the first time."""
    from rules.search import search
    from rules.search.index import searcher as search_index

    search_index._open.clear()
    started = time.process_time()
    report = search_index.open_index().warm()
    print(f"{report} (CPU {time.process_time() - started:.2f} s)")
    return _timed(measured, lambda query: search("ti4", query))


def _measure_memory(queries: Sequence[str]) -> None:
    """What a fresh index holds after a full warm-up and ``queries`` (traced
    allocations, so timed apart: tracing slows everything down)."""
    import gc
    import tracemalloc

    from rules.search import search
    from rules.search.index import searcher as search_index

    search_index._open.clear()
    gc.collect()
    tracemalloc.start()
    opened = search_index.open_index()
    before = tracemalloc.get_traced_memory()[0]
    opened.warm(seconds=float("inf"))
    gc.collect()
    warmed = tracemalloc.get_traced_memory()[0]
    for query in queries:
        search("ti4", query)
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    print(
        f"memory of an open index: {(warmed - before) / 1e6:.1f} MB after its "
        f"warm-up, {(after - before) / 1e6:.1f} MB after {len(queries)} more "
        f"queries ({len(opened._postings)} cache entries)"
    )


def _measure_api(measured: Sequence[str]) -> Timings:
    from django.conf import settings
    from django.test import Client, override_settings

    client = Client()
    unthrottled = {"DEFAULT_THROTTLE_RATES": {"read": None, "bulk": None}}

    def run(query: str) -> Any:
        response = client.get("/api/v1/ti4/search/", {"q": query})
        assert response.status_code == 200, (query, response.content[:200])

    with override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, **unthrottled}):
        return _timed(measured, run)


@dataclass
class Timings:
    """Milliseconds per query: wall clock, and CPU time of this thread (a check
    on a busy machine, where the wall clock also counts waiting for a CPU)."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)


def _timed(queries: Iterable[str], run: Callable[[str], Any]) -> Timings:
    timings = Timings()
    for query in queries:
        started, started_cpu = time.perf_counter(), time.thread_time()
        run(query)
        timings.wall.append((time.perf_counter() - started) * 1000)
        timings.cpu.append((time.thread_time() - started_cpu) * 1000)
    return timings


def _report(label: str, timings: Timings, target: float | None = None) -> None:
    wall, cpu = timings.wall, timings.cpu
    print(
        f"{label:50} p50 {_p(wall, 50):6.2f} ms  p95 {_p(wall, 95):6.2f} ms  "
        f"max {max(wall):7.2f} ms | CPU p50 {_p(cpu, 50):6.2f}  p95 {_p(cpu, 95):6.2f}"
        + (f"  (target p95 ≤ {target:.0f} ms)" if target else "")
    )


def _p(values: list[float], percent: int) -> float:
    """The nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(percent / 100 * (len(ordered) - 1)))]


# Corpus and queries ----------------------------------------------------------


def generate(real: Sequence[Any], count: int, seed: int) -> list[Any]:
    """Rules-like documents: sentences from a word-level Markov chain trained on
    the real bodies, titled and filed like the real ones, in the same game."""
    from rules.search import SearchDocument

    rng = random.Random(seed)
    chain: dict[tuple[str, str], list[str]] = {}
    for doc in real:
        words = ["^", "^", *doc.body.split(), "$"]
        for a, b, c in zip(words, words[1:], words[2:], strict=False):
            chain.setdefault((a, b), []).append(c)
    titles = [doc.title for doc in real if doc.kind in ("topic", "card", "term")]

    def prose() -> str:
        out: list[str] = []
        a, b = "^", "^"
        while len(out) < 90:
            word = rng.choice(chain[a, b])
            if word == "$":
                if len(out) > 12:
                    break
                a, b = "^", "^"
                continue
            out.append(word)
            a, b = b, word
        return " ".join(out)

    docs = []
    for i in range(count):
        topic, number = 200 + i // 20, i % 20 + 1
        roll = rng.random()
        if roll < 0.8:
            rule_id = f"{topic}.{number}"
            context = f"{rng.choice(titles)} {rng.choice(titles)}"
            url = f"/ti4/rules/generated-{topic}/#{rule_id}"
            docs.append(
                SearchDocument(
                    "ti4",
                    "rule",
                    rule_id,
                    rule_id,
                    url,
                    prose(),
                    rule_id=rule_id,
                    context=context,
                    aliases=(rule_id,),
                )
            )
        else:
            kind = "card" if roll < 0.9 else "term"
            name = f"{rng.choice(titles)} {rng.choice(titles)} {i}"
            url = f"/ti4/{kind}s/generated-{i}/"
            docs.append(
                SearchDocument("ti4", kind, f"generated-{i}", name, url, prose())
            )
    return docs


def realistic_queries(real: Sequence[Any], count: int, rng: random.Random) -> list[str]:
    """What players type: names, rule ids, typos, a few words from the rules,
    phrases, kind filters and questions, in that rough proportion."""
    titles = [doc.title for doc in real if doc.kind in ("topic", "card", "term")]
    rule_ids = [doc.key for doc in real if doc.kind == "rule"]
    sentences = [doc.body.split() for doc in real if len(doc.body.split()) > 6]
    makers: list[tuple[float, Callable[[], str]]] = [
        (0.25, lambda: rng.choice(titles)),
        (0.10, lambda: rng.choice(rule_ids)),
        (0.10, lambda: _typo(rng.choice(titles), rng)),
        (0.25, lambda: " ".join(_words(rng.choice(sentences), rng, rng.randint(2, 3)))),
        (0.07, lambda: '"' + " ".join(_words(rng.choice(sentences), rng, 2)) + '"'),
        (0.08, lambda: f"kind:{rng.choice(['card', 'rule'])} {rng.choice(titles)}"),
        (0.15, lambda: rng.choice(NATURAL)),
    ]
    queries: list[str] = []
    while len(queries) < count:
        pick = rng.random()
        for share, make in makers:
            pick -= share
            if pick <= 0:
                queries.append(make()[:200])
                break
    return queries


def _words(sentence: list[str], rng: random.Random, n: int) -> list[str]:
    start = rng.randrange(0, len(sentence) - n)
    return [re.sub(r"[^\w'-]", "", w) or "card" for w in sentence[start : start + n]]


def _typo(text: str, rng: random.Random) -> str:
    word = max(text.split(), key=len)
    if len(word) < 5:
        return text
    at = rng.randrange(1, len(word) - 1)
    return text.replace(word, word[:at] + word[at + 1 :], 1)


class Fts5:
    """The same corpus in an in-memory SQLite FTS5 table (porter stemmer), asked
    the same thing: best 20 with a snippet, plus the count per kind."""

    def __init__(self, corpus: Sequence[Any]) -> None:
        self.db = sqlite3.connect(":memory:")
        self.db.execute(
            "CREATE VIRTUAL TABLE docs USING fts5(kind UNINDEXED, key UNINDEXED, "
            "title, cards, body, context, tokenize='porter unicode61')"
        )
        self.db.executemany(
            "INSERT INTO docs VALUES (?, ?, ?, ?, ?, ?)",
            (
                (d.kind, d.key, d.title, ", ".join(d.cards), d.body, d.context)
                for d in corpus
            ),
        )

    def search(self, query: str) -> Any:
        kinds = re.findall(r"kind:(\w+)", query)
        words = re.sub(r"kind:\w+", " ", query)
        where = "docs MATCH ?" + (" AND kind = ?" if kinds else "")
        for joiner in (" ", " OR "):
            match = self._match(words, joiner)
            if not match:
                return []
            params = [match, *kinds[:1]]
            rows = self.db.execute(
                "SELECT kind, key, snippet(docs, 4, '<mark>', '</mark>', '…', 24) "
                f"FROM docs WHERE {where} "
                "ORDER BY bm25(docs, 0, 0, 4.0, 2.0, 1.0, 0.5) LIMIT 20",
                params,
            ).fetchall()
            counts = self.db.execute(
                f"SELECT kind, count(*) FROM docs WHERE {where} GROUP BY kind", params
            ).fetchall()
            if rows:
                return rows, counts
        return []

    @staticmethod
    def _match(text: str, joiner: str) -> str:
        phrases = re.findall(r'"([^"]*)"', text)
        rest = re.sub(r'"[^"]*"', " ", text)
        parts = [f'"{p}"' for p in phrases if p.strip()]
        parts += [f'"{w}"' for w in re.findall(r"[\w']+", rest)]
        return joiner.join(part.replace("'", " ") for part in parts)


if __name__ == "__main__":
    main()
