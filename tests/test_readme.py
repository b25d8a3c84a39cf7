"""The README's command-line examples run as written (a newcomer copies them)."""

import re
import shlex
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def examples() -> list[str]:
    block = README.read_text(encoding="utf-8").split("## Command line", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    lines = [re.sub(r"\s+#.*$", "", line).strip() for line in block.splitlines()]
    # survey and serve run for long (or for good): the rest run here, in order, in one folder.
    return [line for line in lines if line.startswith("paciencia ") and line.split()[1] in ("deal", "play", "solve")]


def test_the_command_line_examples_run_as_written(tmp_path: Path) -> None:
    found = examples()
    assert len(found) >= 6
    for line in found:
        command, _, target = line.partition(">")
        args = shlex.split(command)[1:]
        p = subprocess.run(
            [sys.executable, "-m", "paciencia", *args], capture_output=True, text=True, cwd=tmp_path, timeout=120
        )
        assert p.returncode == 0, f"{line}: {p.stderr}"
        if target.strip():
            (tmp_path / target.strip()).write_text(p.stdout, encoding="utf-8")


def test_the_readme_names_every_page_of_docs_and_each_exists() -> None:
    """The README is a newcomer's page: the rest lives in docs/, and every page there is one
    link away (none left unnamed, none named that is not there)."""
    named = set(re.findall(r"\]\((docs/[^)#]+)\)", README.read_text(encoding="utf-8")))
    pages = {f"docs/{p.name}" for p in (README.parent / "docs").glob("*.md")}
    assert pages and named == pages, (named, pages)
