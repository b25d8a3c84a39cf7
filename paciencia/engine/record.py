"""``dataclass`` and ``field`` for the modules the command line loads at start-up, made without
generating code.

The standard library's ``dataclasses`` writes each class's ``__init__``, ``__repr__``,
``__eq__``, ``__hash__`` and frozen ``__setattr__``/``__delattr__`` as source text and compiles
it, 0.6 ms a class (14 ms for the 23 classes ``paciencia deal`` loads), and importing it imports
``inspect`` (with ``ast``, ``dis``, ``tokenize``): 7 ms more. Together they were half of the
command line's start-up over a bare interpreter (issue 39). Here the same methods are closures
shared by every class, made in microseconds, for the options the project uses: ``dataclass``'s
``init``, ``repr``, ``eq``, ``order``, ``frozen`` and ``slots``; ``field``'s ``default``,
``default_factory``, ``init``, ``repr`` and ``compare``. Another option is a ``TypeError``.

To a type checker the two names *are* the standard library's (imported from it under
``TYPE_CHECKING``): these classes are checked exactly as dataclasses are. ``dataclasses.fields``,
``asdict``, ``replace`` and ``is_dataclass`` work on them too: a class's
``__dataclass_fields__`` is made by ``dataclasses.make_dataclass`` the first time it is asked
for (the site and the tools ask; a command's start-up does not).

The engine, the games and ``paciencia.i18n`` make their dataclasses here; ``tests/test_cli.py``
checks that a deal imports no ``dataclasses``, and ``tests/engine/test_record.py`` that these
classes behave as the standard library's.
"""

from __future__ import annotations

import abc
import operator
from collections.abc import Callable
from operator import attrgetter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["FrozenInstanceError", "dataclass", "field"]


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""No default (``dataclasses.MISSING``'s part)."""


class FrozenInstanceError(AttributeError):
    """An assignment to a field of a frozen instance (as ``dataclasses.FrozenInstanceError``)."""


class Field:
    """One field: its name, annotation (a string), default or default factory, and whether it is
    an argument of ``__init__``, in the ``repr`` and compared (``eq``, ``order``, ``hash``)."""

    __slots__ = ("compare", "default", "default_factory", "init", "name", "repr", "type")

    def __init__(
        self,
        default: Any = MISSING,
        default_factory: Any = MISSING,
        init: bool = True,
        repr: bool = True,
        compare: bool = True,
    ) -> None:
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = ""
        self.type: Any = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.compare = compare

    def __repr__(self) -> str:
        return f"Field(name={self.name!r}, default={self.default!r}, default_factory={self.default_factory!r})"


def _field(
    *,
    default: Any = MISSING,
    default_factory: Any = MISSING,
    init: bool = True,
    repr: bool = True,
    compare: bool = True,
) -> Any:
    return Field(default, default_factory, init, repr, compare)


def _dataclass(
    cls: type | None = None,
    /,
    *,
    init: bool = True,
    repr: bool = True,
    eq: bool = True,
    order: bool = False,
    frozen: bool = False,
    slots: bool = False,
) -> Any:
    def wrap(c: type) -> type:
        return _process(c, init, repr, eq, order, frozen, slots)

    return wrap if cls is None else wrap(cls)


def _is_classvar(annotation: object) -> bool:
    """``ClassVar[...]`` or ``typing.ClassVar[...]``, spaces allowed (a pattern's compiling would
    cost the start-up more than this reading)."""
    if not isinstance(annotation, str):
        return str(annotation).startswith("typing.ClassVar")
    text = annotation.lstrip()
    if text.startswith("typing") and (rest := text[6:].lstrip()).startswith("."):
        text = rest[1:].lstrip()
    after = text[8:9]
    return text.startswith("ClassVar") and not (after.isalnum() or after == "_")


def _slots_of(cls: type) -> tuple[str, ...]:
    found = cls.__dict__.get("__slots__", ())
    return (found,) if isinstance(found, str) else tuple(found)


def _process(cls: type, init: bool, repr: bool, eq: bool, order: bool, frozen: bool, slots: bool) -> type:
    if order and not eq:
        raise ValueError("eq must be true if order is true")
    fields: dict[str, Field] = {}
    for base in cls.__mro__[-1:0:-1]:  # the bases' fields first, the furthest first
        fields.update(base.__dict__.get("__record_fields__", {}))
    # A class's own annotations, strings (``from __future__ import annotations``): ``__annotations__``
    # is the class's own since Python 3.10, and works with 3.14's deferred annotations (the offline
    # engine runs in Pyodide's 3.14).
    for name, annotation in cls.__annotations__.items():
        if _is_classvar(annotation):
            continue
        value = cls.__dict__.get(name, MISSING)
        f = value if isinstance(value, Field) else Field(default=value)
        f.name, f.type = name, annotation
        if f.default is not MISSING and type(f.default).__hash__ is None:
            raise ValueError(f"mutable default {type(f.default)} for field {name} is not allowed: use default_factory")
        fields[name] = f
        if isinstance(value, Field):  # the class attribute is the default, or none
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
    own = cls.__dict__
    if frozen and ("__setattr__" in own or "__delattr__" in own):
        raise TypeError(f"cannot overwrite __setattr__ or __delattr__ in frozen class {cls.__name__}")
    explicit_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    if slots:
        if "__slots__" in own:
            raise TypeError(f"{cls.__name__} already specifies __slots__")
        inherited = {name for base in cls.__mro__[1:-1] for name in _slots_of(base)}
        namespace = dict(own)
        namespace["__slots__"] = tuple(name for name in fields if name not in inherited)
        for name in fields:
            namespace.pop(name, None)  # a default lives in __init__, not on the class
        namespace.pop("__dict__", None)
        namespace.pop("__weakref__", None)
        qualname = cls.__qualname__
        cls = type(cls)(cls.__name__, cls.__bases__, namespace)
        cls.__qualname__ = qualname

    methods: dict[str, Any] = {}
    if init:
        methods["__init__"] = _init(cls, list(fields.values()), frozen)
    if repr:
        methods["__repr__"] = _repr([f.name for f in fields.values() if f.repr])
    compared = [f.name for f in fields.values() if f.compare]
    if compared:
        key: Callable[[Any], tuple[Any, ...]] = attrgetter(*compared) if len(compared) > 1 else _one(compared[0])
    else:

        def key(self: Any) -> tuple[Any, ...]:
            return ()

    if eq:
        methods["__eq__"] = _eq(key)
    if order:
        for name, op in (
            ("__lt__", operator.lt),
            ("__le__", operator.le),
            ("__gt__", operator.gt),
            ("__ge__", operator.ge),
        ):
            if name in own:
                raise TypeError(f"cannot overwrite attribute {name} in class {cls.__name__}")
            methods[name] = _compare(key, op, name)
    if frozen:
        methods.update(_frozen(cls, frozenset(fields)))
        if slots:
            methods["__getstate__"] = _getstate(list(fields))
            methods["__setstate__"] = _setstate(list(fields))
    for name, method in methods.items():
        if name not in cls.__dict__:
            setattr(cls, name, method)
    if eq and not explicit_hash:
        setattr(cls, "__hash__", _hash(key) if frozen else None)  # noqa: B010 (as the other methods)
    setattr(cls, "__record_fields__", fields)  # noqa: B010
    setattr(cls, "__dataclass_fields__", _DataclassFields())  # noqa: B010
    if "__match_args__" not in cls.__dict__:
        setattr(cls, "__match_args__", tuple(f.name for f in fields.values() if f.init))  # noqa: B010
    abc.update_abstractmethods(cls)
    return cls


def _one(name: str) -> Callable[[Any], tuple[Any, ...]]:
    get = attrgetter(name)

    def key(self: Any) -> tuple[Any, ...]:
        return (get(self),)

    return key


def _hash(key: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(key(self))

    return __hash__


def _init(cls: type, fields: list[Field], frozen: bool) -> Callable[..., None]:
    params = [f for f in fields if f.init]
    seen_default = False
    for f in params:
        if f.default is not MISSING or f.default_factory is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
    names = [f.name for f in params]
    count = len(names)
    rest = [(f.name, f.default, f.default_factory) for f in params]  # (tuples: quicker than a Field's slots)
    later = [f for f in fields if not f.init and (f.default is not MISSING or f.default_factory is not MISSING)]
    post_init = hasattr(cls, "__post_init__")
    put: Callable[[Any, str, Any], None] = object.__setattr__ if frozen else setattr

    def fill(self: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        """The arguments but all positional: keywords, defaults, and what is wrong."""
        if len(args) > count:
            raise TypeError(f"__init__() takes {count + 1} positional arguments but {len(args) + 1} were given")
        for name, value in zip(names, args, strict=False):
            put(self, name, value)
        for name, default, factory in rest[len(args) :]:
            if name in kwargs:
                value = kwargs.pop(name)
            elif default is not MISSING:
                value = default
            elif factory is not MISSING:
                value = factory()
            else:
                raise TypeError(f"__init__() missing 1 required positional argument: {name!r}")
            put(self, name, value)
        if kwargs:
            name = next(iter(kwargs))
            why = "got multiple values for argument" if name in names else "got an unexpected keyword argument"
            raise TypeError(f"__init__() {why} {name!r}")

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if kwargs or len(args) != count:
            fill(self, args, kwargs)
        else:  # every field given in order: the quick way (an interned move, a card)
            for name, value in zip(names, args, strict=False):  # (as long: checked above)
                put(self, name, value)
        for f in later:
            put(self, f.name, f.default if f.default is not MISSING else f.default_factory())
        if post_init:
            self.__post_init__()

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    return __init__


def _repr(names: list[str]) -> Callable[[Any], str]:
    getters = [(name, attrgetter(name)) for name in names]

    def __repr__(self: Any) -> str:
        return f"{type(self).__qualname__}({', '.join(f'{name}={get(self)!r}' for name, get in getters)})"

    return __repr__


def _eq(key: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any, Any], Any]:
    def __eq__(self: Any, other: Any) -> Any:  # (the operator inline: a move's equality is hot)
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    return __eq__


def _compare(
    key: Callable[[Any], tuple[Any, ...]], op: Callable[[Any, Any], bool], name: str
) -> Callable[[Any, Any], Any]:
    def compare(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return op(key(self), key(other))
        return NotImplemented

    compare.__name__ = name
    return compare


def _frozen(cls: Any, names: frozenset[str]) -> dict[str, Callable[..., None]]:
    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return {"__setattr__": __setattr__, "__delattr__": __delattr__}


def _getstate(names: list[str]) -> Callable[[Any], list[Any]]:
    def __getstate__(self: Any) -> list[Any]:  # pickling a frozen class with slots
        return [getattr(self, name) for name in names]

    return __getstate__


def _setstate(names: list[str]) -> Callable[[Any, list[Any]], None]:
    def __setstate__(self: Any, state: list[Any]) -> None:
        for name, value in zip(names, state, strict=True):
            object.__setattr__(self, name, value)

    return __setstate__


class _DataclassFields:
    """A class's ``__dataclass_fields__`` (what ``dataclasses``' functions read), made by
    ``dataclasses.make_dataclass`` from its fields the first time it is asked for."""

    def __get__(self, instance: object, owner: type) -> dict[str, Any]:
        import dataclasses

        specs = []
        for f in getattr(owner, "__record_fields__").values():  # noqa: B009 (set by _process)
            options: dict[str, Any] = {"init": f.init, "repr": f.repr, "compare": f.compare}
            if f.default is not MISSING:
                options["default"] = f.default
            elif f.default_factory is not MISSING:
                options["default_factory"] = f.default_factory
            specs.append((f.name, f.type, dataclasses.field(**options)))
        shadow: Any = dataclasses.make_dataclass(owner.__name__, specs)
        made: dict[str, Any] = shadow.__dataclass_fields__
        setattr(owner, "__dataclass_fields__", made)  # noqa: B010 (made once a class)
        return made


if TYPE_CHECKING:
    from dataclasses import dataclass as dataclass
    from dataclasses import field as field
else:
    dataclass = _dataclass
    field = _field
