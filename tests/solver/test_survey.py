"""Surveys: the interval, the sample, and resuming without losing finished deals."""

import io
import json
from pathlib import Path

import pytest

from paciencia.analysis.survey import deal_codes, run, summarise, wilson


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson(81, 100)
    assert round(low, 4) == 0.7222 and round(high, 4) == 0.8749
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_sample_is_fixed_by_its_seed_and_checks_the_variant() -> None:
    a = deal_codes("crescent", "F", 5, seed=7)
    assert a == deal_codes("crescent", "F", 5, seed=7)
    assert a != deal_codes("crescent", "F", 5, seed=8)
    assert all(c.startswith("CR1-F-") for c in a)
    assert all(c.startswith("KL1-3-") for c in deal_codes("klondike", "3", 3, seed=7))
    with pytest.raises(ValueError, match="variant"):
        deal_codes("crescent", "3", 1, seed=7)


def test_unknowns_count_as_losses_below_and_wins_above() -> None:
    rows: list[dict[str, object]] = [{"verdict": "winnable", "seconds": 0.1}] * 8 + [
        {"verdict": "unknown", "seconds": 2.0}
    ] * 2
    s = summarise(rows, timeout=1.0)
    assert (s.winnable, s.unknown, s.deals) == (8, 2, 10)
    assert s.low == wilson(8, 10)[0] and s.high == wilson(10, 10)[1]
    assert s.settled_in == 0.8


def test_a_survey_resumes_from_its_results_file(tmp_path: Path) -> None:
    results = tmp_path / "r.jsonl"
    first = run("crescent", "N", 2, 0.05, 1, results, seed=3, progress=io.StringIO())
    assert first.deals == 2
    lines = results.read_text().splitlines()
    assert len(lines) == 2
    again = run("crescent", "N", 3, 0.05, 1, results, seed=3, progress=io.StringIO())
    assert again.deals == 3
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    assert len(rows) == 3 and [r["code"] for r in rows[:2]] == [json.loads(line)["code"] for line in lines]
    assert {r["code"] for r in rows} == set(deal_codes("crescent", "N", 3, seed=3))
