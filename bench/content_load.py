"""Time content loading and index building (a script, not a test).

    .venv/bin/python bench/content_load.py [--scale 10] [--repeat 2]

For the real ``ti4`` fixtures and for a copy grown to ``--scale`` times its
size (generated topics, rules, cards, terms and rulings: each real one cloned
under a new number and slug, with its cross-links kept), each in a throw-away
SQLite database: the first ``load_content`` (validate, render, write), a
reload of unchanged content (the fingerprint says nothing changed), a forced
reload, and ``build_search_index``. Times are measured inside one process per
case (best of ``--repeat``), so Django's start-up is not counted. Growth should
be linear: the per-item time of the big case close to the real one.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
PYTHON = ROOT / ".venv" / "bin" / "python"
FIXTURES = ROOT / "fixtures" / "ti4"
OFFSET = 1000  # clone k of topic n is topic k * OFFSET + n


def grow(source: Path, target: Path, scale: int) -> None:
    """Copy ``source`` to ``target`` with ``scale - 1`` clones of every topic,
    card, term and ruling."""
    shutil.copytree(source, target)
    for copy in range(1, scale):
        for path in sorted((source / "topics").glob("*.md")):
            clone_topic(path, target / "topics", copy)
        for path in sorted((source / "cards").glob("*.yaml")):
            card = yaml.safe_load(path.read_text(encoding="utf-8"))
            card["slug"] = f"{card['slug']}-x{copy}"
            card["name"] = f"{card['name']} ({copy})"
            write_yaml(target / "cards" / f"{card['slug']}.yaml", card)
        for path in sorted((source / "rulings").glob("*.yaml")):
            ruling = yaml.safe_load(path.read_text(encoding="utf-8"))
            ruling.pop("scenario", None)  # the engine is not what is measured
            ruling.pop("expect", None)
            ruling["slug"] = f"{ruling['slug']}-x{copy}"
            write_yaml(target / "rulings" / f"{ruling['slug']}.yaml", ruling)
    terms = yaml.safe_load((source / "terms.yaml").read_text(encoding="utf-8"))
    grown = list(terms)
    for copy in range(1, scale):
        for term in terms:
            clone = dict(term, term=f"{term['term']} {copy}")
            clone["slug"] = f"{term['slug']}-x{copy}"
            grown.append(clone)
    write_yaml(target / "terms.yaml", grown)


def clone_topic(path: Path, folder: Path, copy: int) -> None:
    text = path.read_text(encoding="utf-8")
    _, front, body = text.split("---\n", 2)
    meta = yaml.safe_load(front)
    number = int(meta["number"])
    new = copy * OFFSET + number
    meta.update(number=new, slug=f"{meta['slug']}-x{copy}")
    meta["title"] = f"{meta['title']} ({copy})"
    # Rule ids start their lines: "2.4 ...", "2.4a ...", "2.N1 ...".
    body = re.sub(rf"(?m)^{number}\.(?=[0-9N])", f"{new}.", body)
    front = yaml.safe_dump(meta, allow_unicode=True, sort_keys=False)
    (folder / f"{new:03d}-{meta['slug']}.md").write_text(
        f"---\n{front}---\n{body}", encoding="utf-8"
    )


def write_yaml(path: Path, data: Any) -> None:
    path.write_text(
        yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8"
    )


CHILD = """
import json, time, django
django.setup()
from django.core.management import call_command
from rules.models import Card, Rule, Ruling, Term, Topic
call_command("migrate", "--noinput", verbosity=0)
times = {}
def timed(name, *args, **options):
    started = time.perf_counter()
    call_command(*args, verbosity=0, **options)
    times[name] = time.perf_counter() - started
timed("first load", "load_content", "ti4", "--no-index")
timed("unchanged reload", "load_content", "ti4", "--no-index")
timed("forced reload", "load_content", "ti4", "--force", "--no-index")
timed("index build", "build_search_index", "--force")
counts = {model.__name__: model.objects.count()
          for model in (Topic, Rule, Card, Term, Ruling)}
print(json.dumps({"times": times, "counts": counts}))
"""


def measure(fixtures: Path) -> dict[str, Any]:
    var_dir = Path(tempfile.mkdtemp(prefix="rulesite-load-"))
    (var_dir / "tmp").mkdir()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "rulesite.settings",
        "PYTHONPATH": str(ROOT),
        "RULESITE_VAR_DIR": str(var_dir),
        "RULESITE_FIXTURES_DIR": str(fixtures.parent),
        "TMPDIR": str(var_dir / "tmp"),
        "LOG_LEVEL": "ERROR",
    }
    for name in ("DATABASE_URL", "DATABASE_REPLICA_URLS"):
        env.pop(name, None)
    try:
        done = subprocess.run(
            [str(PYTHON), "-c", CHILD],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
        if done.returncode:
            raise SystemExit(f"loading {fixtures} failed:\n{done.stderr[-3000:]}")
        return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)


def best(runs: list[dict[str, Any]]) -> dict[str, Any]:
    times = {name: min(run["times"][name] for run in runs) for name in runs[0]["times"]}
    return {"times": times, "counts": runs[0]["counts"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="rulesite-fixtures-"))
    try:
        real = work / "real" / "ti4"
        shutil.copytree(FIXTURES, real)
        grown = work / "grown" / "ti4"
        grow(FIXTURES, grown, args.scale)
        print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
        results = {
            "real": best([measure(real) for _ in range(args.repeat)]),
            f"{args.scale}x": best([measure(grown) for _ in range(args.repeat)]),
        }
    finally:
        shutil.rmtree(work, ignore_errors=True)
    report(results)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


def report(results: dict[str, dict[str, Any]]) -> None:
    names = list(next(iter(results.values()))["times"])
    print(f"{'content':<8}{'items':>7}" + "".join(f"{name:>18}" for name in names))
    items = {}
    for label, result in results.items():
        items[label] = sum(result["counts"].values())
        cells = "".join(f"{result['times'][name]:>17.2f}s" for name in names)
        print(f"{label:<8}{items[label]:>7}{cells}")
    (small, big) = list(results)
    ratio = items[big] / items[small]
    print(f"{big} has {ratio:.1f} times the items ({results[big]['counts']}).")
    for name in names:
        grew = results[big]["times"][name] / results[small]["times"][name]
        print(f"  {name}: {grew:.1f} times the time ({grew / ratio:.2f} per item)")


if __name__ == "__main__":
    main()
