"""The colours of site.css meet WCAG AA in both schemes: 4.5:1 for text and
3:1 for the focus ring, against every background text sits on."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CSS = Path(__file__).resolve().parents[2] / "rulesite/static/rulesite/site.css"
TEXT_PAIRS = [
    (text, background)
    for text in ("fg", "muted", "link")
    for background in ("bg", "surface", "raised", "hl")
] + [
    ("ok-fg", "ok-bg"),
    ("bad-fg", "bad-bg"),
    ("on-button", "button"),
    ("on-button", "button-hover"),
]


def palette(scheme: str) -> dict[str, str]:
    css = CSS.read_text(encoding="utf-8")
    light = re.search(r":root\s*{(?P<body>[^}]*)}", css)
    dark = re.search(
        r"prefers-color-scheme:\s*dark\)\s*{\s*:root\s*{(?P<body>[^}]*)}", css
    )
    assert light and dark
    colours = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})", light["body"]))
    if scheme == "dark":
        colours |= dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})", dark["body"]))
    return colours


def luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (
        c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels
    )
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: str, second: str) -> float:
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_text_colours_meet_wcag_aa(scheme: str) -> None:
    colours = palette(scheme)

    weak = {
        f"{text} on {background}": round(ratio, 2)
        for text, background in TEXT_PAIRS
        if (ratio := contrast(colours[text], colours[background])) < 4.5
    }

    assert weak == {}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_focus_ring_stands_out(scheme: str) -> None:
    colours = palette(scheme)

    assert contrast(colours["focus"], colours["bg"]) >= 3
    assert contrast(colours["focus"], colours["surface"]) >= 3
