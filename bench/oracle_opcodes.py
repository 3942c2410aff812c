"""Count the Python opcodes of one oracle API request through Django's WSGI
handler (a script, not a test): a new run of the oracle bench's scenario
(bench/oracle_api.py), or the minimal JSON view it is compared with.

    .venv/bin/python bench/oracle_opcodes.py [--minimal] [--top N] [--files]

Sets up a throw-away database as the oracle bench does, warms up with 60
requests, then traces 20 requests with ``sys.settrace`` opcode events and
prints the opcodes per request; ``--top`` adds the N functions that run the
most of them (their own opcodes), ``--files`` the same per file. The count is
the same from one run to the next, and a run takes seconds where valgrind
(bench/oracle_instructions.py) takes minutes, so it points at where a request's
Python work goes. It does not weigh what C code costs: an opcode that calls
into C counts as one. Confirm a change with instructions before keeping it.
"""

from __future__ import annotations

import argparse
import collections
import importlib
import io
import itertools
import json
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

WARM_UP = 60
TRACED = 20
Key = tuple[str, int, str]


def requests(minimal: bool) -> Callable[[int], None]:
    """A function making request ``n`` of the chosen kind (in the child)."""
    import django

    django.setup()
    from django.core.handlers.wsgi import WSGIHandler

    from bench.oracle_api import HOST, RUN, SCENARIO

    app = WSGIHandler()
    seeds = itertools.count(10**9)

    def send(method: str, path: str, body: bytes, n: int) -> None:
        environ = {
            "REQUEST_METHOD": method,
            "PATH_INFO": path,
            "SCRIPT_NAME": "",
            "QUERY_STRING": "",
            "SERVER_NAME": HOST,
            "SERVER_PORT": "8000",
            "HTTP_HOST": HOST,
            "SERVER_PROTOCOL": "HTTP/1.1",
            "wsgi.input": io.BytesIO(body),
            "wsgi.url_scheme": "http",
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": False,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
            "CONTENT_LENGTH": str(len(body)),
            "CONTENT_TYPE": "application/json" if body else "",
            # A new client each time: the rate limit never refuses.
            "HTTP_X_FORWARDED_FOR": f"10.{n >> 8 & 255}.{n & 255}.1",
            "REMOTE_ADDR": HOST,
        }
        statuses = []
        answer = b"".join(app(environ, lambda status, *_: statuses.append(status)))
        if not statuses[0].startswith("200"):
            raise SystemExit(f"{path} answered {statuses[0]}: {answer[:300]!r}")

    if minimal:
        return lambda n: send("GET", "/api/bench/minimal/", b"", n)
    return lambda n: send(
        "POST", RUN, json.dumps({**SCENARIO, "seed": next(seeds)}).encode(), n
    )


def count(request: Callable[[int], None]) -> collections.Counter[Key]:
    """Opcodes run by each function during the traced requests."""
    counts: collections.Counter[Key] = collections.Counter()
    prefixes = (f"{ROOT}/.venv/lib/python3.11/site-packages/", f"{ROOT}/")

    def where(frame: FrameType) -> Key:
        code = frame.f_code
        name = code.co_filename
        if name == "<string>":  # a dataclass's generated method: name its class
            name += type(frame.f_locals.get("self")).__name__
        for prefix in prefixes:
            name = name.removeprefix(prefix)
        return (name, code.co_firstlineno, code.co_name)

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "opcode":
            counts[where(frame)] += 1
        return local

    def calls(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "call":
            frame.f_trace_opcodes = True
            return local
        return None

    sys.settrace(calls)
    try:
        for n in range(TRACED):
            request(WARM_UP + n)
    finally:
        sys.settrace(None)
    return counts


def child(args: argparse.Namespace) -> None:
    request = requests(args.minimal)
    for n in range(WARM_UP):  # imports, caches, connections
        request(n)
    counts = count(request)
    kind = "minimal view" if args.minimal else "new oracle run"
    print(f"{kind}: {sum(counts.values()) / TRACED:,.0f} opcodes per request")
    if args.files:
        files: collections.Counter[str] = collections.Counter()
        for (name, _, _), found in counts.items():
            files[name] += found
        for name, found in files.most_common():
            print(f"{found / TRACED:9,.0f}  {name}")
    for (name, line, function), found in counts.most_common(args.top):
        print(f"{found / TRACED:9,.0f}  {name}:{line} {function}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--minimal", action="store_true", help="the minimal view")
    parser.add_argument("--top", type=int, default=0, metavar="N")
    parser.add_argument("--files", action="store_true")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args)
        return
    api: Any = importlib.import_module("bench.api")
    var_dir = Path(tempfile.mkdtemp(prefix="rulesite-opcodes-"))
    try:
        env = {**api.bench_environment(var_dir), "PYTHONHASHSEED": "0"}
        api.prepare_database(env)
        command = [sys.executable, __file__, "--child", *sys.argv[1:]]
        sys.exit(subprocess.run(command, cwd=ROOT, env=env).returncode)
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
