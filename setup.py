"""The solvers' search loops are C extensions; everything else is in pyproject.toml.

Each game package that has a search loop holds it as ``_search.c`` (the module
``paciencia.games.<name>._search``); the headers all of them share are in ``paciencia/solver/``.
"""

from pathlib import Path

from setuptools import Extension, setup

SHARED = "paciencia/solver"

setup(
    ext_modules=[
        Extension(
            ".".join(source.with_suffix("").parts),
            [source.as_posix()],
            include_dirs=[SHARED],
            depends=[f"{SHARED}/_search.h", f"{SHARED}/_search_run.h", f"{SHARED}/_takeaway.h"],
            extra_compile_args=["-O2"],
        )
        for source in sorted(Path("paciencia/games").glob("*/_search.c"))
    ]
)
