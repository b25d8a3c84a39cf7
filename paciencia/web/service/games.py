"""The one service behind the API and the pages: create, load, play, hint and finish a game of
any registered game, through the game protocol alone.

Every method blocks (the database, replaying a record, the solver): the handlers call them off
the event loop. Errors are raised for ``app.py`` to map: the engine's ``PacienciaError`` family,
``GameNotFound``, ``StaleMove`` and ``ServiceError``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from paciencia.analysis.honest import Advice, Budget, fresh_moves
from paciencia.analysis.honest import path_keys as path_keys
from paciencia.analysis.jobs import Record, advice_job, analysis_job, release_memory, replay_job, review_job
from paciencia.analysis.levels import honest_chance
from paciencia.analysis.review import BATCH_MOST, Lines, Review, StepReview, review_search
from paciencia.analysis.why import reason
from paciencia.engine.protocol import Analysis, Observation, Played, State, Status, taken_of
from paciencia.games import REGISTRY, new_state, state_from_text
from paciencia.i18n import Words
from paciencia.play.disclosure import deal_told, embargoed, shown_level
from paciencia.play.errors import ServiceError as ServiceError
from paciencia.play.token import play_token
from paciencia.play.views import arrival, game_view, removal
from paciencia.play.words import game_key, say
from paciencia.web.db.limits import Limits, Rate
from paciencia.web.db.store import SavedGame, Store, starting_state
from paciencia.web.service.admission import HEAVY_BURST as HEAVY_BURST
from paciencia.web.service.admission import HINT_BURST as HINT_BURST
from paciencia.web.service.admission import HINTS_PER_MINUTE, Admission, Rates
from paciencia.web.service.daily import daily_code, weekly_challenge
from paciencia.web.service.hints import HINT_QUEUE, HINT_WORKERS, HintPool
from paciencia.web.service.levels import CHOSEN, Levels, NoLevelledDeals
from paciencia.web.service.levels import draw as draw_levelled
from paciencia.web.service.reviews import Full, ReviewWork
from paciencia.web.service.winnable import NoWinnableDeal, WinnableDeals, random_code

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Start:
    """How a new game starts: again from one of the player's games, from a table text, from a
    deal code, or a random deal of ``game`` (in ``variant``, proved winnable if ``winnable``)."""

    replay: str | None = None
    table: str | None = None
    code: str | None = None
    game: str = field(default_factory=lambda: next(iter(REGISTRY)))
    variant: str | None = None
    winnable: bool = False
    at: int | None = None
    """With ``replay``: the new game replays that game's record up to (not including) its move ``at``."""
    daily: bool = False
    week: bool = False
    """The challenge of the week (its game and variant are the week's)."""
    level: str | None = None
    """A random deal of this level (easy … expert), from the variant's levelled pool."""

    @property
    def random(self) -> bool:
        return self.replay is None and self.table is None and self.code is None


class Games:
    def __init__(
        self,
        store: Store,
        winnable: WinnableDeals,
        hint_workers: int = HINT_WORKERS,
        hint_queue: int = HINT_QUEUE,
        hints_per_minute: float = HINTS_PER_MINUTE,
        limits: Limits | None = None,
        levels: Levels | None = None,
    ) -> None:
        self.store = store
        self.winnable = winnable
        self.levels = levels or Levels(store)
        self.limits = limits or Limits(store.engine)
        self.admission = Admission(self.limits, Rates(hints=Rate(hints_per_minute, HINT_BURST)))
        self.hints = HintPool(self.admission, hint_workers, hint_queue)
        self.reviews = ReviewWork(release=release_memory)

    def told(self, saved: SavedGame) -> bool:
        """``play.disclosure.deal_told`` of the stored game (under its lock): the store says
        whether another of the player's games plays the same deal, where the rule asks."""
        return deal_told(saved, self.store.replayed(saved))

    def _levelled(self, saved: SavedGame) -> SavedGame:
        """The game with its deal's level where it may be said (chosen, or the game closed),
        and known; a closed game's deal without one is measured in the background."""
        if saved.start_kind != "code" or not (saved.closed or saved.chosen_level):
            return saved
        if saved.level is None:
            saved.level = saved.chosen_level or self.levels.known(saved.start)
            if saved.level is None:
                saved.level_pending = self.levels.want(saved.start)
        return saved

    # -- create, load, play ----------------------------------------------------------------------

    @staticmethod
    def _solvable(start: Start) -> bool:
        """A winnable-only deal of a game with a solver (``_begin`` draws one)."""
        return start.winnable and start.game in REGISTRY and "solve" in REGISTRY[start.game].game.capabilities

    def _random_variant(self, start: Start) -> str:
        found = REGISTRY.get(start.game)
        if found is None:
            raise ServiceError(422, "bad_game", "bad_request", detail=f"no game named {start.game!r}")
        variants = found.game.variants
        variant = start.variant or next(iter(variants))
        if variant not in variants:
            raise ServiceError(422, "bad_variant", "bad_variant")
        return variant

    def _begin(self, start: Start, player: str, address: str | None = None) -> tuple[str, str, State[Any], str]:
        """The start's record (kind, text), its state, and its source for the statistics. A
        challenge not yet chosen is proved as a winnable-only game is, admitted as one."""

        def admit() -> None:
            self.admission.winnable(player, address)

        if start.replay is not None:
            old = self.store.load(start.replay, player)
            return old.start_kind, old.start, starting_state(old.start_kind, old.start), "replay"
        if start.table is not None:
            state = state_from_text(start.table)
            return "text", state.to_text(), state, "text"
        if start.code is not None:
            state = new_state(start.code, start.game)
            return "code", str(state.code), state, "code"
        variant = self._random_variant(start)
        if start.level is not None:
            return self._levelled_start(start, player, variant)
        if start.week:  # the challenge of the week: its own game and variant
            try:
                _game, _variant, code = weekly_challenge(self.store, self.winnable, admit=admit)
            except NoWinnableDeal:
                raise ServiceError(503, "no_winnable_deal", "no_winnable") from None
            return "code", code, new_state(code), "daily"
        if start.daily:
            try:
                code = daily_code(self.store, self.winnable, start.game, variant, admit=admit)
            except NoWinnableDeal:
                raise ServiceError(503, "no_winnable_deal", "no_winnable") from None
            return "code", code, new_state(code), "daily"
        if start.winnable and "solve" in REGISTRY[start.game].game.capabilities:
            try:
                code = self.winnable.draw(start.game, variant)
            except NoWinnableDeal:
                raise ServiceError(503, "no_winnable_deal", "no_winnable") from None
            return "code", code, new_state(code), "winnable"
        code = random_code(start.game, variant)
        return "code", code, new_state(code), "random"

    def _levelled_start(self, start: Start, player: str, variant: str) -> tuple[str, str, State[Any], str]:
        """A deal of the chosen level: from the variant's levelled pool (proved winnable, and
        measured), one the player has not had yet while there are any."""
        if start.level not in CHOSEN:
            raise ServiceError(422, "bad_level", "bad_level", level=str(start.level)[:20])
        if not start.winnable or start.daily or start.week:
            raise ServiceError(422, "level_needs_winnable", "level_needs_winnable")
        try:
            code = draw_levelled(start.game, variant, start.level, self.store.player_starts(player, start.game))
        except NoLevelledDeals:
            raise ServiceError(422, "no_levels", "no_levels") from None
        state = new_state(code)
        if not self.store.proved_winnable(code):  # the pools' deals were solved when measured
            self.store.save_verdict(code, start.game, variant, "winnable", 0, 0.0, True)
        return "code", code, state, "winnable"

    def create(self, start: Start, player: str, address: str | None = None) -> SavedGame:
        """A new game for ``player`` (from ``address``: a winnable-only or level game, and a
        replay from a move, are admitted for both)."""
        if start.level is not None and not start.random:
            raise ServiceError(422, "level_needs_winnable", "level_needs_winnable")
        if start.random and not (start.daily or start.week) and (start.level is not None or self._solvable(start)):
            self.admission.winnable(player, address)  # its deal may be solved while the player waits
        if start.replay is None or start.at is None:
            kind, text, state, source = self._begin(start, player, address)
            return self.store.create(player, kind, text, state, source, level=start.level)
        # Again from just before a move of the old game: its record replayed, so that the new game
        # knows what the old one knew there (the review's "replay from here"). Replaying up to
        # 20,000 tokens is heavy work: it is admitted like a hint and done on a worker, and the
        # new game with its record is stored in one transaction.
        at = start.at
        self._heavy(player, address)
        with self.hints.admitted(player, address):
            kind, text, _state, source = self._begin(start, player)
            old = self.store.load(start.replay or "", player)
            if not 0 <= at <= len(old.tokens):
                raise ServiceError(422, "bad_move_number", "bad_move_number")
            tokens = old.tokens[:at]
            state = self.hints.run(old.id, replay_job, (kind, text, tokens))
            return self.store.create(player, kind, text, state, source, tokens)

    def new(self, start: Start, player: str, words: Words, address: str | None = None) -> dict[str, Any]:
        """A new game (``create``), as its view."""
        saved = self.create(start, player, address)
        with self.store.lock(saved.id):
            return self.answer(saved, words)

    def view(self, game_id: str, player: str, words: Words) -> dict[str, Any]:
        """The game as it stands."""
        with self.store.held(game_id, player) as saved:
            return self.answer(saved, words)

    def answer(
        self, saved: SavedGame, words: Words, played: tuple[Observation, Played[Any]] | None = None
    ) -> dict[str, Any]:
        """The stored game's view (under its lock), as the disclosure rule lets it be told."""
        return view(self._levelled(saved), words, played, self.told(saved))

    def play(self, game_id: str, player: str, token: str, version: int, words: Words) -> dict[str, Any]:
        """Plays one token on the game at ``version``, stores it, and answers the view; raises
        before changing anything: ``StaleMove``, ``GameClosed``, ``GameTooLong``, the engine's
        ``InvalidMove`` / ``IllegalMove``."""
        with self.store.held(game_id, player, version) as saved:
            return self._move(saved, token, words)

    def finish(self, game_id: str, player: str, version: int, words: Words) -> dict[str, Any]:
        """Plays the next step of Finish, where the game has Finish and it applies now."""
        with self.store.held(game_id, player, version) as saved:  # worked out on the stored state itself
            if "finish" not in saved.state.game.capabilities:
                raise ServiceError(422, "no_finish", "no_finish")
            move = saved.state.finish_move() if saved.status == Status.PLAYING else None
            if move is None:
                raise ServiceError(422, "cannot_finish", game_key(saved.game, "cannot_finish"))
            return self._move(saved, str(move), words)

    def auto(self, game_id: str, player: str, version: int, words: Words) -> dict[str, Any]:
        """Plays the next automatic move up (``State.auto_move``: a card that provably can never
        be needed again), stored as any move is; 422 ``no_auto_move`` when none applies."""
        with self.store.held(game_id, player, version) as saved:
            move = saved.state.auto_move() if saved.status == Status.PLAYING else None
            if move is None:
                raise ServiceError(422, "no_auto_move", "no_auto_move")
            return self._move(saved, str(move), words)

    def _move(self, saved: SavedGame, token: str, words: Words) -> dict[str, Any]:
        """The one way a token reaches a stored game (under ``held``): the game's state plays
        it, the store records what it played, and the view answers it."""
        return self.answer(saved, words, play_token(self.store, saved, token))

    # -- hints, the chance of winning, the review ----------------------------------------------

    def hint(self, game_id: str, player: str, version: int, words: Words, address: str | None = None) -> dict[str, Any]:
        """A move worth playing now, or why there is none (``HintOut``), from what the player
        knows alone (``paciencia.analysis.honest``)."""
        with self.hints.admitted(player, address):
            saved, state, advice = self._advice(game_id, player, version)
            if not state.legal_moves():
                return {"kind": "none", "message": words.status(Status.BLOCKED.value)}
            if advice is None:  # a game without a solver: its own (plain) analysis
                with saved.analysing:
                    analysis = self.hints.run(game_id, analysis_job, self._record(saved))
        if advice is not None:
            analysis = advice.analysis
            if analysis.kind == "lost" and not advice.exact:  # every completion drawn is lost: not a proof
                return {
                    "kind": "lost",
                    "title": say(words, "title_likely_lost"),
                    "message": say(words, "hint_lost_searched")  # every card in sight: no layouts
                    if advice.total == 1
                    else say(words, "hint_lost_sampled", count=advice.total),
                }
        return hint_answer(state, analysis, words, advice)

    def chance(
        self, game_id: str, player: str, version: int, words: Words, address: str | None = None
    ) -> dict[str, Any]:
        """The estimated chance of winning from here with good play (``ChanceOut``), from the
        same completions as the hint."""
        with self.hints.admitted(player, address):
            _, state, advice = self._advice(game_id, player, version)
        if advice is None:
            raise ServiceError(422, "no_chance", "no_chance")
        return chance_answer(version, advice, words, honest_chance(state.game.name, state.game.variant, advice.chance))

    def _advice(self, game_id: str, player: str, version: int) -> tuple[SavedGame, State[Any], Advice | None]:
        """The game at ``version``, a copy of its state, and the honest advice for it (worked out
        once per version and kept with the game: the hint and the chance share it)."""
        with self.store.held(game_id, player, version) as saved:
            state = saved.state.copy()
            record = self._record(saved)
        game = state.game
        if "solve" not in game.capabilities:
            return saved, state, None
        with saved.analysing:  # one answer on this game at a time: the second finds it kept
            kept = saved.memo.get("advice")
            if kept is not None and kept[0] == version:
                return saved, state, kept[1]
            found = self.hints.run(game_id, advice_job, record, Budget(*game.hint_budget))
            saved.memo["advice"] = (version, found)
        return saved, state, found

    @staticmethod
    def _record(saved: SavedGame) -> Record:
        """The stored game's record (its start and tokens): what a hint job is given."""
        return saved.start_kind, saved.start, list(saved.tokens)

    def reviewable(self, game_id: str, player: str) -> SavedGame:
        """The game, once what uses its whole deal may be said of it: closed, or blocked (then
        closed now: the review shows every card, so the game takes no more moves, undo
        included). ``ServiceError`` while it is in play, or when its game has no review."""
        saved = self.store.load(game_id, player)
        if "solve" not in saved.state.game.capabilities:
            raise ServiceError(422, "no_review", "no_review")
        if not saved.closed and saved.status == Status.BLOCKED:
            saved = self.store.close_game(game_id, player)
        if not saved.closed:
            raise ServiceError(409, "in_play", "review_in_play")
        if self.store.replayed(saved):  # its deal is being played again
            raise ServiceError(409, "in_play", "review_replay_in_play")
        if embargoed(saved):  # a challenge still running: its deal is everyone's (play.disclosure)
            raise ServiceError(409, "challenge_running", "review_challenge_running")
        return saved

    def review(self, game_id: str, player: str, address: str | None = None) -> Review | None:
        """The review of an ended game (won, blocked, or left for a later game): the deal is
        known then (``reviewable``). ``None`` while it is being worked out: the first ask
        starts it in the background (``ReviewWork``; one of the player's heavy requests, 429
        ``busy`` when too many reviews are under way), and later asks find it."""
        saved = self.reviewable(game_id, player)
        record = (saved.start_kind, saved.start, list(saved.tokens))
        key = f"{game_id}/{len(record[2])}"
        found = self.reviews.finished(key)
        if found is not None or self.reviews.is_running(key):
            return found
        self._heavy(player, address)
        try:
            self.reviews.start(key, lambda: review_search(starting_state(record[0], record[1]), record[2]))
        except Full:
            raise ServiceError(429, "busy", "busy", {"Retry-After": "5"}) from None
        return self.reviews.finished(key)

    def _heavy(self, player: str, address: str | None = None) -> None:
        """Takes one of ``player``'s heavy requests (a review worked out, a replay from a late
        move), or 429 with ``Retry-After``: the admission's, shared by every process."""
        self.admission.heavy(player, address)

    def review_step(self, game_id: str, player: str, index: int, address: str | None = None) -> StepReview:
        """One position of an ended game's review page (``index`` moves played)."""
        return self.review_batch(game_id, player, index, 1, address)[0][0]

    def review_batch(
        self, game_id: str, player: str, first: int, count: int, address: str | None = None
    ) -> tuple[list[StepReview], int]:
        """Lines ``first``… of an ended game's review page (``review_steps``: at most ``count``,
        at most ``BATCH_MOST``, fewer once about ``BATCH_SECONDS`` are spent): one admission
        like a hint's for the batch, worked out on a hint worker. What the lines prove of each
        other is kept with the game (a won game's line is winnable throughout; the review's own
        verdicts seed it). Also the number of moves in the record."""
        saved = self.reviewable(game_id, player)
        record = (saved.start_kind, saved.start, list(saved.tokens))
        n = len(record[2])
        if not 0 <= first <= n:
            raise ServiceError(422, "bad_move_number", "bad_move_number")
        won = saved.status == Status.WON

        with self.hints.admitted(player, address), saved.analysing:
            lines = saved.memo.get("review_lines")
            if lines is None:
                lines = Lines(record[2])
                if won:
                    lines.learn(n, "winnable")
            kept = self.reviews.finished(f"{game_id}/{n}")
            if kept is not None and not saved.memo.get("review_learnt"):
                for index, proved in kept.verdicts.items():
                    lines.learn(index, proved)
                saved.memo["review_learnt"] = True
            done = saved.memo.get("review_steps", {})
            budget = Budget(*saved.state.game.hint_budget)
            steps, lines, done = self.hints.run(
                game_id, review_job, record, first, min(count, BATCH_MOST), budget, lines, done
            )
            saved.memo["review_lines"], saved.memo["review_steps"] = lines, done
            return steps, n


def view(
    saved: SavedGame, words: Words, played: tuple[Observation, Played[Any]] | None = None, told: bool = False
) -> dict[str, Any]:
    """A stored game's position as its view (under its lock): its observation, what the table
    says of the game beside it (``told``: the disclosure rule's word on its deal), and the token
    just played when the view answers one."""
    measured = saved.level if saved.start_kind == "code" else None
    meta = saved.meta(shown_level(saved.chosen_level, measured, told), saved.level_pending, told)
    can_auto = saved.in_play and saved.state.auto_move() is not None
    return game_view(meta, saved.observation(), words, played, can_auto)


def chance_answer(version: int, advice: Advice, words: Words, honest: float | None = None) -> dict[str, Any]:
    """An ``Advice`` as ``ChanceOut``: the share of the hidden cards' layouts that can be won
    with every card known, and beside it, where it was measured, the share of games the
    honest player (the site's hints) wins from positions shown that figure."""
    percent = round(100 * advice.chance)
    if advice.total == 1:
        # One layout: every card is in sight (no layouts of hidden cards to speak of).
        text = say(words, "chance_sure_" + ("won" if advice.won else "lost" if advice.exact else "unknown"))
    else:
        text = say(words, "chance_text", percent=percent, count=advice.total)
    honest_percent = None
    if honest is not None and not (advice.exact and advice.won in (0, advice.total)):
        honest_percent = round(100 * honest)
        text += ". " + say(words, "chance_honest", percent=honest_percent)
    return {
        "version": version,
        "won": advice.won,
        "total": advice.total,
        "percent": percent,
        "exact": advice.exact,
        "honest_percent": honest_percent,
        "text": text,
    }


def hint_answer(state: State[Any], analysis: Analysis, words: Words, advice: Advice | None = None) -> dict[str, Any]:
    """An ``Analysis`` as ``HintOut``: the move's places for the page to show it moving, and the
    words to say while it does (or the notice's title and words); for a move, why (``reason``,
    from what the table shows: ``paciencia.analysis.why``) and, with ``advice``, the chance
    of winning here, after the move and after the best other move compared."""
    if analysis.kind == "no_useful":
        return {"kind": "no_useful", "title": say(words, "title_no_useful"), "message": say(words, "hint_no_useful")}
    if analysis.kind == "lost":
        return {"kind": "lost", "title": say(words, "title_lost"), "message": say(words, "hint_lost")}
    if analysis.kind != "move" or analysis.token is None:
        return {"kind": "none", "message": words.status(Status.BLOCKED.value)}
    move = state.resolve(state.game.parse_move(analysis.token))
    src, n, dst = move.places()
    obs = state.observe()
    action = next((a for a in obs.actions if a.token == str(move)), None)
    taken = taken_of(move)
    if action is not None:
        message = say(words, "hint_" + action.name)
    elif taken and dst is None:  # a removal: its cards leave for no place
        message = removal(words, obs, taken, "hint_take")
    else:
        assert src is not None and dst is not None
        cards = obs.place(src).cards
        card = cards[-n] if n <= len(cards) else cards[-1]
        message = say(words, "hint_move", move=arrival(words, obs.place(dst), card, n))
    # The hint's own fresh moves (counted since the last card seen), else those of the whole game.
    fresh = advice.fresh if advice is not None and advice.fresh is not None else fresh_moves(state)
    code = reason(state, str(move), list(fresh))
    out: dict[str, Any] = {"kind": "move", "move": str(move), "src": src, "n": n, "dst": dst, "message": message}
    out["taken"] = list(taken)
    out.update(reason=code, why=say(words, "hint_why_" + code), chance_before=None, chance_after=None)
    out.update(chance_without=None, chance_text=None)
    if advice is not None and advice.total:
        share = advice.total

        def percent(won: int | None) -> int | None:
            return None if won is None else round(100 * won / share)

        after, without = percent(advice.after), percent(advice.without)
        out.update(chance_before=percent(advice.won), chance_after=after, chance_without=without)
        if after is not None and without is not None:
            out["chance_text"] = say(words, "hint_chance_both", without=without, after=after)
        elif after is not None:
            out["chance_text"] = say(words, "hint_chance_after", after=after)
    return out


def verdict_words(words: Words, verdict: str) -> str:
    return say(words, "review_" + verdict)


def review_answer(game_id: str, review: Review | None, saved: SavedGame, words: Words) -> dict[str, Any]:
    """A ``Review`` as ``ReviewOut``: the results panel's words on it (``None``: not ready yet)."""
    url = f"/{words.locale}/{saved.game}/{game_id}/review"
    if review is None:
        pending = dict.fromkeys(("deal", "losing", "losing_move", "won_at", "lost_at", "keep"))
        pending.update(certain=False, unsure=False)
        return {
            "ready": False,
            **pending,
            "moves": len(saved.tokens),
            "text": say(words, "review_working"),
            "review_url": url,
        }
    losing_move = saved.tokens[review.losing] if review.losing is not None else None
    text = verdict_words(words, review.deal)
    if review.losing is not None:
        text += " " + say(words, "review_lost_at", number=review.losing + 1, move=losing_move)
        if review.keep is not None:
            text += " " + say(words, "review_keep", move=review.keep)
    elif review.unsure and review.won_at is not None and review.lost_at is not None:
        text += " " + say(words, "review_unsure_between", first=review.won_at + 1, last=review.lost_at)
    elif review.unsure:
        text += " " + say(words, "review_unsure")
    elif saved.left and review.verdicts.get(review.moves) == "winnable":
        text += " " + say(words, "review_left_winnable")
    return {
        "ready": True,
        "deal": review.deal,
        "losing": review.losing,
        "losing_move": losing_move,
        "certain": review.certain,
        "unsure": review.unsure,
        "won_at": review.won_at,
        "lost_at": review.lost_at,
        "keep": review.keep,
        "moves": review.moves,
        "text": text,
        "review_url": url,
    }


def step_answer(step: StepReview, words: Words) -> dict[str, Any]:
    out: dict[str, Any] = {"index": step.index, "verdict": step.verdict, "text": say(words, "position_" + step.verdict)}
    if step.advice is not None:
        percent = round(100 * step.advice.chance)
        out.update(won=step.advice.won, total=step.advice.total, percent=percent)
    return out
