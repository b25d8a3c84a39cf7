"""Deal codes (``CR1-N-AAAAAAB``) and the project's own shuffle.

A code is ``<game><algorithm version>-<variant>-<deal number>``; the deal number is seven
letters A–Z read in base 26 with A = 0, so ``AAAAAAB`` is deal 1 and there are 26⁷ deals.

The shuffle, algorithm version 1, is fixed forever so that a code deals the same cards in
every release and on every platform (Python's ``random`` promises neither):

* PRNG: SplitMix64 (Steele, Lea and Flood, 2014). State ``s`` is a 64-bit integer; each
  step adds ``0x9E3779B97F4A7C15`` to ``s`` and returns ``s`` mixed by
  ``z ^= z >> 30; z *= 0xBF58476D1CE4E5B9; z ^= z >> 27; z *= 0x94D049BB133111EB; z ^= z >> 31``
  (all modulo 2⁶⁴).
* Seed: the deal number XOR the game's salt, the ASCII bytes of ``<game><version>`` (e.g.
  ``CR1``) read as a big-endian integer, so the two games' streams differ.
* Bounded draws: ``below(n)`` takes 64-bit outputs, rejects those at or above the largest
  multiple of ``n`` under 2⁶⁴, and returns the accepted output modulo ``n`` (no bias).
* Fisher–Yates: for ``i`` from ``len-1`` down to ``1``, swap item ``i`` with item ``below(i+1)``.

The variant letter changes rules only: the same deal number deals the same cards.
"""

from __future__ import annotations

from paciencia.engine.errors import InvalidCode
from paciencia.engine.record import dataclass

DEAL_LETTERS = 7
DEAL_COUNT = 26**DEAL_LETTERS
NAMELESS = DEAL_COUNT - 1
"""The deal number of a position that must name no deal (a completion, a stand-in): the last
one, the same for every such position (a header needs a code for its game and variant)."""
_MASK = (1 << 64) - 1
EXPECTED_FORM = "<game><version>-<variant>-<7 letters A-Z>, as CR1-N-AAAAAAB or KL1-3-AAAAAAB"


@dataclass(frozen=True, slots=True)
class DealCode:
    game: str
    version: int
    variant: str
    number: int

    def nameless(self) -> DealCode:
        """The same game and variant under ``NAMELESS``: a code that tells no deal's cards.

        >>> DealCode("KL", 1, "3", 12345).nameless()
        DealCode(game='KL', version=1, variant='3', number=8031810175)
        """
        return DealCode(self.game, self.version, self.variant, NAMELESS)

    @classmethod
    def parse(cls, text: str) -> DealCode:
        """Reads a code case-insensitively, ignoring surrounding spaces."""
        parts = read_form(text.strip().upper())
        if parts is None:
            raise InvalidCode(f"not a deal code: {text!r} (expected {EXPECTED_FORM})")
        game, version, variant, letters = parts
        if len(letters) != DEAL_LETTERS:
            raise InvalidCode(
                f"the deal number in {text!r} has {len(letters)} letters; it needs exactly "
                f"{DEAL_LETTERS} (expected {EXPECTED_FORM})"
            )
        return cls(game, int(version), variant, letters_to_number(letters))

    @property
    def letters(self) -> str:
        return number_to_letters(self.number)

    def __str__(self) -> str:
        return f"{self.game}{self.version}-{self.variant}-{self.letters}"


def read_form(text: str) -> tuple[str, str, str, str] | None:
    """A code's parts, ``<game><version>-<variant>-<letters>``: two capitals A-Z, a version of one
    to three digits 0-9 without a leading zero, one capital or digit, capitals (how many is checked
    apart); None for anything else. (The pattern ``([A-Z]{2})([1-9][0-9]{0,2})-([A-Z0-9])-([A-Z]+)``,
    read without compiling it: 0.2 ms of every command's start-up.)"""
    parts = text.split("-")
    if len(parts) != 3:
        return None
    head, variant, letters = parts
    game, version = head[:2], head[2:]
    if not (len(game) == 2 and _capitals(game) and _capitals(letters)):
        return None
    if not (0 < len(version) <= 3 and version.isascii() and version.isdigit() and version[0] != "0"):
        return None
    if not (len(variant) == 1 and (_capitals(variant) or (variant.isascii() and variant.isdigit()))):
        return None
    return game, version, variant, letters


def _capitals(text: str) -> bool:
    """Letters A-Z only, at least one."""
    return text.isascii() and text.isalpha() and text.isupper()


def letters_to_number(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + (ord(ch) - 65)
    return n


def number_to_letters(number: int) -> str:
    if not 0 <= number < DEAL_COUNT:
        raise InvalidCode(f"deal number {number} is outside 0..{DEAL_COUNT - 1}")
    out = []
    for _ in range(DEAL_LETTERS):
        number, digit = divmod(number, 26)
        out.append(chr(65 + digit))
    return "".join(reversed(out))


class SplitMix64:
    """The deal PRNG (see the module docstring); deterministic everywhere."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1`` by rejection."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next()
            if x < limit:
                return x % n


def salt(game: str, version: int) -> int:
    return int.from_bytes(f"{game}{version}".encode("ascii"), "big")


def shuffled(items: list[int], code: DealCode) -> list[int]:
    """A copy of ``items`` shuffled by version-1 Fisher–Yates under the code's seed."""
    rng = SplitMix64(code.number ^ salt(code.game, code.version))
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out
