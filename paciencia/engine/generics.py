"""typing's ``Generic``, ``Protocol``, ``TypeVar`` and ``cast`` for the modules the command line
loads at start-up, without importing ``typing`` (2-3 ms of a deal's start-up, issue 39).

To a type checker these names *are* typing's (imported from it under ``TYPE_CHECKING``), so the
engine's and the games' generic classes and protocols are checked exactly as before. At run time
a generic class is an ordinary class and ``C[X]`` is ``C`` itself; a protocol is an ordinary base
class (no protocol of ours is checked at run time); a type variable is its name; ``cast`` gives
back its value. The modules that use them import everything else of ``typing`` (``Any``,
``ClassVar``, ``Self``) under ``TYPE_CHECKING`` only, their annotations being strings.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Generic as Generic
    from typing import Protocol as Protocol
    from typing import TypeVar as TypeVar
    from typing import cast as cast
else:

    class Generic:
        """A generic class's base: ``C[X]`` is ``C``."""

        __slots__ = ()

        def __class_getitem__(cls, _parameters: object) -> type:
            return cls

    class Protocol:
        """A protocol's base: a class like any other."""

        __slots__ = ()

    def TypeVar(name: str, *_constraints: object, **_bounds: object) -> str:
        return name

    def cast(_type: object, value: object) -> object:
        return value
