"""Crescent solver figures per variant: the survey's shares, intervals and solve times.

Run: .venv/bin/python bench/crescent_solver.py [--deals 100] [--timeout 10] [--jobs 2] [--variants NFDB]
     [--results DIR]
It is ``paciencia survey crescent`` for each variant (the same seeded sample of deal numbers in
every variant, results kept in DIR so an interrupted run resumes), then the issue's target:
>= 95% of deals settled (proved winnable or unwinnable) within 10 s each, in every variant.
With full knowledge of the cards the face-down variants play like the others (only the number of
redeals matters), so D repeats N and B repeats F: their figures differ only by timing noise.
"""

from __future__ import annotations

from _surveys import surveys


def main() -> None:
    for _, summary, timeout in surveys("crescent", "CR1", "NFDB", 100):
        verdict = "met" if summary.settled_in >= 0.95 else "NOT met"
        print(f"  target >= 95% settled within {timeout:g} s: {verdict}", flush=True)


if __name__ == "__main__":
    main()
