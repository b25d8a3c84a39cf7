"""Crescent solver figures per variant: the survey's shares, intervals and solve times.

Run: .venv/bin/python bench/crescent_solver.py [--deals 1000] [--timeout 10] [--jobs 2] [--variants NFDB]
     [--results DIR]
It is ``paciencia survey crescent`` for each variant (the same seeded sample of deal numbers in
every variant, results kept in DIR so an interrupted run resumes), then the issue's target:
>= 99.5% of deals settled (proved winnable or unwinnable) within 10 s each, in every variant, with
the median and 95th percentile solve times. With full knowledge of the cards the face-down
variants play like the others (only the number of redeals matters), so D repeats N and B repeats
F: their figures differ only by timing noise. The deals that are slow to settle are in
bench/crescent_hard.py.
"""

from __future__ import annotations

from _surveys import surveys

TARGET = 0.995


def main() -> None:
    met = []
    for variant, s, timeout in surveys("crescent", "CR1", "NFDB", 1000):
        ok = s.settled_in >= TARGET
        met.append(ok)
        print(
            f"  CR1-{variant}: settled within {timeout:g} s {100 * s.settled_in:.1f}% "
            f"(median {s.median:.3f} s, 95th percentile {s.p95:.3f} s): "
            f"target >= {100 * TARGET:g}% {'met' if ok else 'NOT met'}",
            flush=True,
        )
    print(f"target met in every variant: {'yes' if all(met) else 'no'}")


if __name__ == "__main__":
    main()
