"""Klondike solver figures per variant: the survey's shares, intervals and solve times, set
against the published shares.

Run: .venv/bin/python bench/klondike_solver.py [--deals 200] [--timeout 10] [--jobs 2] [--variants 31]
     [--results DIR]
It is ``paciencia survey klondike`` for each draw (results kept in DIR so an interrupted run
resumes), then the issue's targets: >= 99% of deals settled within 10 s, median <= 0.5 s, and
over >= 1000 deals the share winnable agreeing, within the survey's interval, with Blake &
Gent's figures (1,000,000 deals, same rules): 81.945% for draw three, 90.48% for draw one.
"""

from __future__ import annotations

from _surveys import surveys

PUBLISHED = {"3": 0.81945, "1": 0.9048}


def main() -> None:
    for draw, s, _ in surveys("klondike", "KL1", "31", 200):
        published = PUBLISHED[draw]
        inside = s.low <= published <= s.high
        print(
            f"  published {100 * published:.3f}%: {'inside' if inside else 'OUTSIDE'} the interval; "
            f"settled {'met' if s.settled_in >= 0.99 else 'NOT met'} (>= 99%), "
            f"median {'met' if s.median <= 0.5 else 'NOT met'} (<= 0.5 s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
