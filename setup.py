"""The solvers' search loops are C extensions; everything else is in pyproject.toml."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("paciencia.solver._crescent", ["paciencia/solver/_crescent.c"], extra_compile_args=["-O2"]),
        Extension("paciencia.solver._klondike", ["paciencia/solver/_klondike.c"], extra_compile_args=["-O2"]),
    ]
)
