"""The Crescent solver's search loop is a C extension; everything else is in pyproject.toml."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("paciencia.solver._crescent", ["paciencia/solver/_crescent.c"], extra_compile_args=["-O2"]),
    ]
)
