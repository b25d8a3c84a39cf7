"""Why a hint's move: what it does that the player can see on the table, named by a code (the
words are the site's: ``hint_why_<code>``).

Read from what the table shows alone (``State.observe``: the places' counts and the cards in
sight) before the move, and after it only where the move uncovers a card that
was in sight already: a card it turns up is named as such, never by what it is; and, for "it
keeps the redeal", from the other moves worth playing (the hint's fresh moves, which read the
game's public history). So two tables the player cannot tell apart get the same reason,
whatever their hidden cards are.
"""

from __future__ import annotations

from typing import Any

from paciencia.engine.protocol import Observation, Role, State

REASONS = (
    "foundation",
    "keep_redeal",
    "turn_up",
    "stock_next",
    "recycle",
    "deal_again",
    "empty_king",
    "empty_column",
    "empty_pile",
    "empty_cell",
    "frees",
    "set_aside",
    "build",
)
"""Every reason, in the order they are tried: a move that does several things is named by the
first that applies."""


def reason(state: State[Any], token: str, others: list[str] | None = None) -> str:
    """The reason for playing ``token`` (a legal move) in ``state``; ``others``: the other moves
    worth playing there (the hint's fresh moves), which tell a move that spares a redeal."""
    move = state.resolve(state.game.parse_move(token))
    obs = state.observe()
    explains = state.game.explains  # the game's own kinds and actions: none is named here
    action = next((a for a in obs.actions if a.token == str(move)), None)
    if action is not None:
        found = explains.actions.get(action.name)
        if found is None:
            return "build"
        there = obs.place(action.place) if action.place else None
        return found[0] if there is None or there.count > 0 else found[1]
    src, n, dst = move.places()
    if src is None:
        return "build"
    if dst is None:  # cards taken off the table: the move empties its first place
        return explains.emptied.get(obs.place(src).kind, "build")
    to = obs.place(dst)
    if to.role == Role.FOUNDATION:
        return "foundation"
    source = obs.place(src)
    if source.role == Role.FOUNDATION:  # a card taken down, to build with
        return "build"
    if others is not None and _spares_redeal(state, obs, (src, n, dst), others):
        return "keep_redeal"
    left = source.count - n  # the cards under the ones moved
    if left > 0 and left - 1 < source.count - len(source.cards):
        return "turn_up"  # the card it uncovers is not in sight: named as such, not by what it is
    moved_whole = to.count == 0 and to.kind == source.kind  # the same as it was, one place over
    if left == 0 and source.kind in explains.emptied and not moved_whole:
        return explains.emptied[source.kind]
    if left > 0:
        after = state.copy()
        after.push(move)
        seen = after.observe()
        if any(seen.place(d).role == Role.FOUNDATION for d in seen.dests.get(src, ())):
            return "frees"
    return "set_aside" if to.kind in explains.aside else "build"


def _spares_redeal(
    state: State[Any], obs: Observation, places: tuple[str | None, int, str | None], others: list[str]
) -> bool:
    """Whether a limited action the game names (``Explains.spared``: a redeal) is left and the
    move is the only other way to change the piles: every other fresh move that does (one that
    leaves a foundation does not) is that action, or the same two cards the other way round (X
    onto Y, where the move puts Y onto X)."""
    spared = state.game.explains.spared
    if not any(a.name in spared and a.enabled for a in obs.actions):
        return False
    src, n, dst = places
    for token in others:
        other = state.resolve(state.game.parse_move(token)).places()
        if other[0] is None or other == places or other == (dst, n, src):
            continue  # the redeal (an action, from no place), the move itself or its mirror
        if obs.place(other[0]).role != Role.FOUNDATION:
            return False
    return True
