"""The solvers' search loops are C extensions; everything else is in pyproject.toml."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            f"paciencia.solver.{name}",
            [f"paciencia/solver/{name}.c"],
            depends=["paciencia/solver/_search.h", "paciencia/solver/_search_run.h"],
            extra_compile_args=["-O2"],
        )
        for name in ("_crescent", "_freecell", "_klondike")
    ]
)
