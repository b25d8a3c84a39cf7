"""Does the chance the table shows mean what it says? Over whole games of the honest player
(the site's own hints, on the site's hint budget), every position is grouped by the chance
shown there (0-10 %, …, 90-100 %) and each group's share of positions whose game was won is
printed beside the group's mean figure: the reliability table, and the Brier score.

Two figures are checked: the share of the hidden cards' layouts that can be won with every card
known (what the table showed as "Chance of winning" before), and the honest player's chance read
off the measured groups (``paciencia.analysis.calibration``), which the table now shows beside
it; the second is fitted on the even-numbered games and scored on the odd ones (and the other
way round), so that it is not scored on the games it was read from.

The games are those of ``scripts/make-levels measure`` (its seed-0 game of each deal records
the chance at each position): .venv/bin/python bench/calibration.py bench/data/levels-klondike-3-2026.jsonl
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from paciencia.analysis import calibration


def table(title: str, games: list[tuple[list[float], bool]], forecast: object = None) -> None:
    shown = [([forecast(c) for c in ch] if callable(forecast) else ch, won) for ch, won in games]
    print(title)
    print(f"  {'shown':<10} {'positions':>9} {'mean shown':>10} {'won':>7}")
    for g in calibration.groups(shown):
        if not g.positions:
            continue
        rate = g.rate or 0.0
        print(
            f"  {100 * g.low:>3.0f}-{100 * g.high:<3.0f}%  {g.positions:>9} {100 * g.shown:>9.1f}% {100 * rate:>6.1f}%"
        )
    score, n = calibration.brier(shown)
    won = sum(1 for _, w in games if w)
    base = won / len(games)
    print(f"  Brier score {score:.4f} over {n} positions of {len(games)} games ({won} won)")
    print(
        f"  (a constant forecast of the games' win rate, {100 * base:.1f}%, would score "
        f"{calibration.brier(shown, lambda _c: base)[0]:.4f})"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("results", type=Path, nargs="+")
    args = ap.parse_args()
    games: list[tuple[list[float], bool]] = []
    for path in args.results:
        for line in path.read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                if r["chances"]:
                    games.append((r["chances"], bool(r["site_won"])))
    table("The share of the hidden cards' layouts winnable with every card known:", games)
    halves = (games[0::2], games[1::2])
    fitted = [calibration.monotone(calibration.groups(h)) for h in halves]
    # Each half scored with the rates read off the other half.
    scored = [([calibration.honest(fitted[1 - i], c) for c in ch], w) for i, h in enumerate(halves) for ch, w in h]
    table("The honest player's chance read off the groups (fitted on the other half of the games):", scored)


if __name__ == "__main__":
    main()
