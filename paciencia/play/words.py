"""The site's own words: page labels, buttons, announcements, API messages.

Every msgid is marked here (English is the source language) so ``scripts/extract-messages``
finds them; the templates and the browser get them already translated, as ``ui.<key>``. Each
game's package brings its own keys (``GameWords.ui``, ``counted``, ``selected``), which the
words of the registered games add to these (``paciencia.i18n.vocabulary``).
"""

from __future__ import annotations

from functools import cache

from paciencia.engine.errors import InvalidPosition
from paciencia.engine.reasons import Position
from paciencia.i18n import LOCALES, N_, Vocabulary, Words, vocabulary
from paciencia.play.challenge_words import CHALLENGE_COUNTED, CHALLENGE_UI
from paciencia.play.odds_words import ODDS_COUNTED, ODDS_UI

UI: dict[str, str] = {
    "site": N_("Paciência"),
    "tagline": N_("Solitaire in your browser"),
    "home": N_("Home"),
    "language": N_("Language"),
    "new_game": N_("New game"),
    "undo": N_("Undo"),
    "rules": N_("Rules"),
    "deal_code": N_("Deal code"),
    "copy_code": N_("Copy"),
    "copied": N_("Code copied"),
    "play_code": N_("Play a deal code"),
    "play": N_("Play"),
    "paste_table": N_("Start from a table text"),
    "paste_help": N_("Paste a position written as table text (the command line prints it)."),
    "start": N_("Start"),
    "moves": N_("Moves"),
    "time": N_("Time"),
    "settings": N_("Settings"),
    "interactive_rules": N_("Interactive rules: say why a move is refused"),
    "play_again": N_("Play this deal again"),
    "undo_last": N_("Undo the last move"),
    "close": N_("Close"),
    "stale": N_("This game moved on in another tab; the table now shows it as it stands."),
    "network": N_("The server did not answer; try again."),
    "offline_needs_server": N_("That needs the server, and this page is offline: it works again once you are online."),
    "offline_winnable": N_(
        "Winnable deals and the daily deal need the server, and this page is offline: "
        "turn off Winnable deals only to play a random deal."
    ),
    "offline_kept_apart": N_(
        "This game moved on elsewhere while you played offline: your offline moves are kept as a game of their own."
    ),
    "offline_standin": N_(
        "Offline, this deal's hidden cards stay on the server: the game goes on here as a new one, "
        "its unseen cards shuffled on this device."
    ),
    "offline_standin_kept": N_(
        "Your offline moves are kept as a game of their own; the original stays at its last move online."
    ),
    "offline_not_kept": N_(
        "This game was not kept on this device before the connection went: start a new game to play offline."
    ),
    "offline_getting_ready": N_("Getting offline play ready (%(step)s of %(steps)s)… your moves follow in order."),
    "offline_now": N_("Offline"),
    "offline_saved": N_("Back online: your offline games are saved."),
    "board": N_("Card table"),
    "foundations": N_("Foundations"),
    "keys_help_plain": N_(
        "Keys: arrows move between places, Enter or Space plays, U undo, H hint, N new game, Esc cancels."
    ),
    "not_found": N_("There is no such game in this browser."),
    "bad_code": N_("That is not a deal code; a code looks like %(example)s."),
    "bad_code_number": N_(
        "That is neither a deal code nor a game number; a code looks like %(example)s, a game number like 11982."
    ),
    "bad_table": N_("That table text is not a valid position: %(detail)s"),
    "bad_table_plain": N_("That table text is not a valid position (it is kept in the box to correct)."),
    "bad_request_plain": N_("The request is not understood."),
    "bad_input": N_("That input is not understood."),
    "bad_move": N_("That is not a move in this game's notation: %(move)s"),
    "bad_request": N_("The request is not understood: %(detail)s"),
    "too_large": N_("The request is too large."),
    "busy": N_("The server is busy working out other hints; try again in a moment."),
    "too_many_hints": N_("Too many hints in a short time; try again in a moment."),
    "too_many_heavy": N_("Too many reviews and replays in a short time; try again in a moment."),
    "hint_running": N_("A hint of yours is still being worked out; wait for it."),
    "too_many_games": N_("Too many new games in a short time; try again in a moment."),
    "too_many_offline": N_("Too many offline moves in a short time; they are kept and sent again later."),
    "offline_line_too_long": N_("This offline game has too many moves to send (at most %(most)s); it was not kept."),
    "cross_site": N_("This request came from another site and was refused; nothing was changed."),
    "method_not_allowed": N_("That method is not allowed here."),
    "server_error": N_("Something went wrong on the server; nothing was changed. Try again."),
    "too_slow": N_("The request arrived too slowly and was dropped; nothing was changed. Try again."),
    "database_down": N_(
        "The server cannot reach its database just now, so it does not know whether your last action was kept. "
        "Reload the game in a moment to see it as it stands."
    ),
    "back_to_game": N_("Back to the game"),
    "continue_game": N_("Continue your game"),
    "more_ways": N_("Play a deal code or a table text"),
    "keys_title": N_("Keyboard keys"),
    "undone": N_("Move undone."),
    "new_deal": N_("New game, deal %(code)s."),
    # A selection, in one phrase: the card picked up (and how many go with it) and its place's short name.
    "picked": N_("%(card)s from %(place)s selected."),
    "now_shows": N_("%(place)s now shows %(card)s."),
    "now_empty": N_("%(place)s is now empty."),
    "state_dest": N_("the selected cards can go here"),
    "cancelled": N_("Nothing is selected."),
    "refused_short": N_("That move is not allowed."),
    "finish_offered": N_("No hint is needed: every card can go up. Press F or Finish."),
    "hint_move": N_("Hint: %(move)s"),
    # A move that takes cards away (a pair, or a card alone), done and hinted.
    "taken_one": N_("Taken away: %(card)s."),
    "taken_two": N_("Taken away: %(card)s and %(other)s."),
    "hint_take_one": N_("Hint: take away %(card)s"),
    "hint_take_two": N_("Hint: take away %(card)s and %(other)s"),
    "confirm_new_title": N_("Start a new game?"),
    "confirm_new_text": N_("The game in progress will be left unfinished."),
    "confirm_new": N_("Deal a new game"),
    "keep_playing": N_("Keep playing"),
    # This browser's statistics (the stats page)
    "stats": N_("Statistics"),
    "stats_about": N_(
        "Counted in this browser. A game counts once its first move is made. A game you leave for a new deal "
        "counts as played and as left unfinished, neither won nor lost, and it ends a winning streak; the game "
        "still in play is not counted yet. Pasted positions and winnable-only deals are counted apart from "
        "random deals (typed codes and replays count with these)."
    ),
    "stats_none": N_("No game counted yet: one counts once its first move is made."),
    "played": N_("Played"),
    "won": N_("Games won"),
    "lost_count": N_("Games lost"),
    "left_count": N_("Games left unfinished"),
    "win_rate": N_("Win rate"),
    "current_streak": N_("Current streak"),
    "best_streak": N_("Best streak"),
    "best_time": N_("Best time"),
    "fewest_moves": N_("Fewest moves"),
    "average_time": N_("Average time of won games"),
    "average_moves": N_("Average moves of won games"),
    "in_play": N_("Games in play"),
    "kind_random": N_("random deals"),
    "kind_winnable": N_("winnable deals only"),
    "kind_text": N_("pasted positions"),
    "recent": N_("Recent results"),
    "history": N_("Games"),
    "date": N_("Date (UTC)"),
    "game_word": N_("Game"),
    "result": N_("Result"),
    "result_won": N_("Won"),
    "result_lost": N_("Lost"),
    "result_left": N_("Left for a new one"),
    "result_playing": N_("In play"),
    "stats_export": N_("Export and reset"),
    "export_json": N_("Download as JSON"),
    "export_csv": N_("Download as CSV"),
    "reset_confirm": N_("Yes, count again from now (the games and their replays stay)"),
    "reset_stats": N_("Reset the statistics"),
    # The daily deals
    "daily": N_("Today's deals"),
    "daily_about": N_(
        "One deal a day (UTC) for each game and variant, proved winnable by the solver, the same for "
        "everyone. Once you have finished yours, you see how your time and moves compare with everyone "
        "who won it today: numbers only, no names."
    ),
    "daily_play": N_("Play today's deal"),
    "daily_again": N_("Play it again"),
    "daily_in_play": N_("Your game of it is still in play."),
    "daily_not_played": N_("Not played yet"),
    "kind_daily": N_("daily deals"),
    # The look of the table (kept in this browser)
    "look": N_("Look"),
    "menu": N_("Menu"),
    "letter_keys": N_("One-letter keys (U undo, H hint, N new game…)"),
    "page_not_found": N_("There is no such page."),
    "choose_language": N_("Choose a language"),
    "felt": N_("Table"),
    "felt_green": N_("Green felt"),
    "felt_blue": N_("Blue felt"),
    "felt_wood": N_("Dark wood"),
    "backs": N_("Card backs"),
    "back_red": N_("Red lattice"),
    "back_blue": N_("Blue waves"),
    "high_contrast": N_("High contrast, large print"),
    "four_colours": N_("Four-colour suits"),
    "left_handed": N_("Stock on the right (left-handed)"),
    "motion": N_("Animations"),
    "bad_variant": N_("That variant is not one of this game's."),
    "no_finish": N_("This game has no Finish."),
    # Automatic moves up (a setting, kept in this browser)
    "auto_moves": N_("Automatic moves: cards that can no longer be needed go up by themselves"),
    "no_auto_move": N_("No card can go up by itself now: each one that could may still be needed."),
    # Winnable deals only, and the hints
    "winnable_only": N_("Winnable deals only"),
    "winnable_badge": N_("Winnable deal"),
    "winnable_about": N_("The solver has proved that this deal can be won."),
    "winnable_seeking": N_("Looking for a winnable deal…"),
    "no_winnable": N_("No deal proved winnable was found in time; try again in a moment."),
    # A deal's difficulty (paciencia/analysis/levels.py): its name, and "Winnable, hard" to choose it
    "level_easy": N_("easy"),
    "level_medium": N_("medium"),
    "level_hard": N_("hard"),
    "level_expert": N_("expert"),
    "level_unwinnable": N_("not winnable"),
    "level_is": N_("Level: %(level)s"),
    "level_choice": N_("Level"),
    "level_any": N_("Any deal"),
    "winnable_easy": N_("Winnable, easy"),
    "winnable_medium": N_("Winnable, medium"),
    "winnable_hard": N_("Winnable, hard"),
    "winnable_expert": N_("Winnable, expert"),
    "won_by_level": N_("Won by level"),
    "bad_level": N_("%(level)s is not a level; the levels are easy, medium, hard and expert."),
    "level_needs_winnable": N_("A level comes only with a new random deal that can be won (winnable_only)."),
    "no_levels": N_("This game has no deals sorted by level yet."),
    "hint_lost": N_(
        "The solver has proved that no sequence of moves wins from here. Undo some moves or start a new game."
    ),
    # The tools of a table: hints, Finish, runs of cards picked up together
    "hint": N_("Hint"),
    "finish": N_("Finish"),
    "stop": N_("Stop"),
    "replay": N_("Replay this deal"),
    "view_table": N_("View the final table"),
    "hint_no_useful": N_("There are still legal moves, but none of them advances the game."),
    # A game says when its Finish applies in its own words (``cannot_finish_<game>``: ``game_key``).
    "cannot_finish": N_("Finish does not apply yet: play on by hand."),
    "turned_up": N_("%(card)s turned up."),
    "finishing": N_("Finishing: the cards go up one by one. Tap Stop to play on by hand."),
    "finishing_keys": N_("Finishing: the cards go up one by one. Press Esc to play on by hand."),
    "finish_stopped": N_("Finish stopped."),
    "picker": N_("Choose where the run starts"),
    "picker_up": N_("Start one card higher"),
    "picker_down": N_("Start one card lower"),
    "picker_help": N_("↑/↓ change the first card, Enter takes the run, Esc closes."),
    "copy_hint": N_("Tap the code to copy it"),
    # What a hint says, for every game: an action's hint by the action's name, a notice's title
    # by the hint's kind (the same words as above).
    # Why a hint's move (``paciencia.analysis.why``), and the chance of winning with and without it
    "hint_why_foundation": N_("It sends a card up to a foundation."),
    "hint_why_turn_up": N_("It uncovers a hidden card."),
    "hint_why_stock_next": N_("It turns up the next cards of the stock."),
    "hint_why_recycle": N_("It turns the waste over for another pass."),
    "hint_why_deal_again": N_("It deals the piles again: other cards come to the top."),
    "hint_why_empty_king": N_("It empties a column for a king."),
    "hint_why_empty_column": N_("It empties a column."),
    "hint_why_empty_pile": N_("It clears a pile."),
    "hint_why_empty_cell": N_("It frees a free cell."),
    "hint_why_frees": N_("It frees a card the foundations need."),
    "hint_why_keep_redeal": N_("It keeps your redeal for later."),
    # The chance where every card is in sight (one layout: the table itself), as the solver settled it.
    "chance_sure_won": N_("Every card is in sight: the solver found a way to win from here."),
    "chance_sure_lost": N_("Every card is in sight: the solver proved this position can no longer be won."),
    "chance_sure_unknown": N_(
        "Every card is in sight, but the solver could not settle within its search whether this position can be won."
    ),
    "hint_lost_searched": N_(
        "With every card in sight, the solver found no way to win from here. Undo some moves or start a new game."
    ),
    "hint_why_set_aside": N_("It puts the card aside in a free cell, to reach the cards under it."),
    "hint_why_build": N_("It builds in order and opens up other moves."),
    "hint_chance_both": N_("Chance of winning: ≈ %(without)s%% without it → %(after)s%% with it"),
    "hint_chance_after": N_("Chance of winning with it: ≈ %(after)s%%"),
    "title_no_useful": N_("No move really helps now"),
    "title_lost": N_("This position can no longer be won"),
    # The chance of winning (from what the player knows) and the review after a game
    "chance_setting": N_("Show my chance of winning"),
    "no_chance": N_("This game has no solver to estimate a chance of winning."),
    "review_winnable": N_("This deal could be won."),
    "review_unwinnable": N_("This deal could not be won."),
    "review_unknown": N_("The solver could not tell whether this deal could be won."),
    "review_lost_at": N_("After move %(number)s (%(move)s) no line won any more."),
    "review_keep": N_("Playing %(move)s there instead would have kept it winnable."),
    "review_unsure_between": N_("The solver could not settle which move lost it: one of moves %(first)s to %(last)s."),
    "review_unsure": N_("The solver could not settle which move lost it."),
    "review_working": N_("The solver is working on the review…"),
    "review_replay": N_("Replay from just before it"),
    "review_link": N_("Review the game"),
    "review_title": N_("Review of the game"),
    "review_about": N_(
        "Move by move: whether the position could still be won with every card known, and the chance of "
        "winning you had with the cards you had been shown."
    ),
    "review_move": N_("Move"),
    "position_winnable": N_("Could still be won"),
    "position_unwinnable": N_("Could no longer be won"),
    "position_unknown": N_("Not settled"),
    "review_full": N_("Winnable (every card known)"),
    "review_chance": N_("Your chance"),
    "review_start": N_("The deal"),
    "review_in_play": N_("The review comes once the game is over."),
    "review_closes": N_(
        "The review shows every card of the deal: after it, this game takes no more moves, undo included "
        "(you can still replay it from any move)."
    ),
    "review_show": N_("See the review"),
    "review_replay_in_play": N_("The review comes once your new game of this deal is over."),
    "review_left_winnable": N_("You left it where it could still be won."),
    "game_left": N_("You left this game for a new one, so it takes no more moves. Replay it to play its deal again."),
    "game_over": N_("This game is over and takes no more moves. Replay it to play its deal again."),
    "no_review": N_("This game has no solver to review it."),
    "record_hidden": N_(
        "While cards of this deal are hidden, its record stays on the server: this game is played online."
    ),
    "line_refused": N_("Move %(number)s of the offline line, %(move)s, was refused: %(why)s"),
    "bad_move_number": N_("There is no move with that number in this game."),
    "working": N_("Working it out…"),
    "chance_honest": N_("Playing on with the hints from a position like this wins ≈ %(percent)s%% of games."),
    "title_likely_lost": N_("This position can very probably no longer be won"),
    # The Examples pages
    "examples": N_("Examples"),
    "ex_title": N_("%(game)s: a won game, move by move"),
    "ex_watch": N_("Watch a won game"),
    "ex_start_words": N_("The deal, before the first move."),
    "ex_step": N_("Step %(step)s of %(steps)s"),
    "ex_first": N_("To the start"),
    "ex_back": N_("Back"),
    "ex_forward": N_("Forward"),
    "ex_last": N_("To the end"),
    "ex_play": N_("Autoplay"),
    "ex_pause": N_("Pause"),
    "ex_jump": N_("Go to step"),
    "ex_go": N_("Go"),
    "ex_steps": N_("Steps"),
    "ex_description": N_("Board description"),
    "ex_keys": N_("Keys: ← back, → forward, Home the start, End the end, Space play or pause."),
    "ex_see_step": N_("See this step on the Examples page"),
    "no_example": N_("This game has no example."),
    "bad_lang": N_("%(lang)s is not one of our languages (en, pt-PT, pt-BR, es, it)."),
}
UI.update(ODDS_UI)
UI.update(CHALLENGE_UI)


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a counted msgid, its singular and its plural, for extraction."""
    return singular, plural


COUNTED: dict[str, tuple[str, str]] = {
    # Words around a number: each catalog gives every plural form; the number is ``count``.
    "too_long": NN_(
        "This game has reached %(count)s move, the most one game keeps; start a new game or replay the deal.",
        "This game has reached %(count)s moves, the most one game keeps; start a new game or replay the deal.",
    ),
    "recent_summary": NN_(
        "The last game — won: %(won)s, lost: %(lost)s, left for a new one: %(left)s.",
        "The last %(count)s games — won: %(won)s, lost: %(lost)s, left for a new one: %(left)s.",
    ),
    "daily_time": NN_(
        "Your time beats %(share)s of the %(count)s other player who won it today.",
        "Your time beats %(share)s of the %(count)s other players who won it today.",
    ),
    "daily_moves": NN_("Your moves beat %(share)s of that player's.", "Your moves beat %(share)s of theirs."),
    "daily_winners": NN_(
        "Played today by %(count)s player; won by %(won)s.", "Played today by %(count)s players; won by %(won)s."
    ),
    "chance_text": NN_(
        "Could be won in ≈ %(percent)s%% of the layouts the hidden cards may have (%(count)s layout tried)",
        "Could be won in ≈ %(percent)s%% of the layouts the hidden cards may have (%(count)s layouts tried)",
    ),
    "hint_lost_sampled": NN_(
        "In the one layout of the unseen cards tried, no sequence of moves wins from here. "
        "Undo some moves or start a new game.",
        "In each of %(count)s layouts of the unseen cards, no sequence of moves wins from here. "
        "Undo some moves or start a new game.",
    ),
    "picker_count": NN_("%(count)s card", "%(count)s cards"),
    "picked_run": NN_(
        "%(card)s and %(count)s card on it from %(place)s selected.",
        "%(card)s and %(count)s cards on it from %(place)s selected.",
    ),
    "finished": NN_("%(count)s card went up to the foundations.", "%(count)s cards went up to the foundations."),
    "offline_waiting": NN_("Offline: %(count)s move to send", "Offline: %(count)s moves to send"),
}
COUNTED.update(ODDS_COUNTED)
COUNTED.update(CHALLENGE_COUNTED)
COUNTED_IN_PAGE = ("picker_count", "picked_run", "finished", "offline_waiting")
"""The counted words that the table's script says by itself (``plural_words``)."""


@cache
def _keys(vocabulary: Vocabulary) -> tuple[dict[str, str], dict[str, tuple[str, str]], tuple[str, ...]]:
    """The site's UI keys, counted keys and counted keys said in the page, with every registered
    game's (a key both give is an error: the words of one would hide the other's)."""
    for name, site, games in (("UI", UI, vocabulary.words.ui), ("counted", COUNTED, vocabulary.words.counted)):
        both = set(site) & set(games)
        if both:
            raise ValueError(f"{name} keys given by the site and by a game: {sorted(both)}")
    in_page = tuple(dict.fromkeys((*COUNTED_IN_PAGE, *vocabulary.words.counted_in_page)))
    return {**UI, **vocabulary.words.ui}, {**COUNTED, **vocabulary.words.counted}, in_page


def ui_keys() -> dict[str, str]:
    """Every UI key → its msgid: the site's and the registered games'."""
    return _keys(vocabulary())[0]


def counted_keys() -> dict[str, tuple[str, str]]:
    return _keys(vocabulary())[1]


def ui_words(locale: str) -> dict[str, str]:
    """Every UI string (``ui_keys``) in this locale (``%(…)s`` placeholders left in), and the
    selection word of each kind of place as ``state_selected_<kind>``."""
    return _ui_words(locale, vocabulary())


@cache
def _ui_words(locale: str, vocabulary: Vocabulary) -> dict[str, str]:
    words = Words(locale)
    found = {key: words.t.gettext(msgid) for key, msgid in _keys(vocabulary)[0].items()}
    for kind, msgid in vocabulary.words.selected.items():
        found["state_selected_" + kind] = words.p_(kind, msgid)
    return found


def plural_words(locale: str) -> dict[str, list[str]]:
    """The page's counted words, ``[one, other]`` each (every catalog's plural rule is
    ``n != 1``, which the page applies; a test holds the catalogs to it)."""
    return _plural_words(locale, vocabulary())


@cache
def _plural_words(locale: str, vocabulary: Vocabulary) -> dict[str, list[str]]:
    words = Words(locale)
    _, counted, in_page = _keys(vocabulary)
    return {key: [words.t.ngettext(*counted[key], n) for n in (1, 2)] for key in in_page}


def game_key(game: str, key: str) -> str:
    """The UI key of ``game``'s own words for what generic code calls ``key`` (``<key>_<game>``),
    where the game gives them; ``key`` otherwise."""
    own = f"{key}_{game}"
    return own if own in ui_keys() else key


def say(words: Words, key: str, **kw: object) -> str:
    counted = counted_keys().get(key)
    if counted is not None:
        n = kw["count"]
        assert isinstance(n, int), f"{key}: count must be an int"
        return words.t.ngettext(*counted, n) % kw
    text = ui_words(words.locale)[key]
    return text % kw if kw else text


LANGUAGE_NAMES = {
    "en": "English",
    "pt-PT": "Português (Portugal)",
    "pt-BR": "Português (Brasil)",
    "es": "Español",
    "it": "Italiano",
}
assert set(LANGUAGE_NAMES) == set(LOCALES)


def position_message(words: Words, exc: InvalidPosition) -> str:
    """Why a table text is refused, in the request's language alone (the engine's English detail,
    which names the place or field, goes in the error's ``detail``)."""
    if exc.reason == Position.BAD_POSITION:
        return say(words, "bad_table_plain")
    return say(words, "bad_table", detail=words.position(exc.reason))
