"""The words of the daily challenges, the daily ranking, linked devices and the player's record
(issue 43), kept apart from ``words.UI`` (which takes them in) so that they read as one text; and
the handles' words: an adjective and an animal, each said in the reader's language.

The handles' adjectives were chosen to read after any animal in Portuguese, Spanish and Italian
(none changes with the animal's gender). A handle is kept as the two words' places in these lists:
add words at their ends only, or every handle changes.
"""

from __future__ import annotations

from paciencia.i18n import N_, NP_


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a counted msgid for extraction (as ``words.NN_``, which imports this module)."""
    return singular, plural


CHALLENGE_UI: dict[str, str] = {
    # The daily challenges page
    "challenges": N_("Daily challenges"),
    "challenges_about": N_(
        "Each day (UTC) one deal for each game and variant, and one challenge for the whole week: the same "
        "deals for everyone, proved winnable by the solver."
    ),
    "challenges_secret": N_(
        "A challenge's deal code stays secret until its day (or week) is over, even once your game of it has "
        "ended: it would show every card to anyone you told it. Its review waits until then too."
    ),
    "week_challenge": N_("Challenge of the week"),
    "week_until": N_("Until the end of %(date)s (UTC)"),
    "week_play": N_("Play the challenge of the week"),
    "streak_title": N_("Your streak"),
    "calendar_title": N_("What you won in %(month)s"),
    "calendar_previous": N_("Previous month"),
    "calendar_next": N_("Next month"),
    "calendar_week_won": N_("Challenge of the week won"),
    "badges_title": N_("Badges of the month"),
    "badge_days_7": N_("Seven days: a daily won on seven days of the month"),
    "badge_days_15": N_("Fifteen days: a daily won on fifteen days of the month"),
    "badge_days_all": N_("Every day: a daily won on every day of the month"),
    "badge_every_game": N_("Every game: a daily of each game won in the month"),
    "badge_week": N_("Challenge of the week: one won in the month"),
    "badge_earned": N_("Earned"),
    "badge_progress": N_("%(progress)s of %(goal)s"),
    "bad_month": N_("That is not a month; write it as 2026-05."),
    "review_challenge_running": N_(
        "The review of a challenge's game comes once the challenge is over: until then its deal stays secret, "
        "for everyone's ranking."
    ),
    "code_after_day": N_("The deal code comes once the day is over."),
    # The daily ranking
    "ranking": N_("Ranking"),
    "ranking_of": N_("Ranking: %(name)s, %(date)s"),
    "ranking_about": N_(
        "Won games first, the fastest first on the server's clock, then the fewest moves. Only each player's "
        "first game of the deal counts, played online: a game played offline, a replay, a pasted table or an "
        "imported game is not ranked."
    ),
    "ranking_proves": N_(
        "What it proves: every move of every ranked game was played on the server, one request at a time, "
        "and its time is the server's clock from the first move to the last."
    ),
    "ranking_cannot": N_(
        "What it cannot prove: that no one looked at the deal first. A player can explore it in a second "
        "browser, as another player, then play it fast here. A time shorter than the solver's line for the "
        "deal takes at a human pace (%(seconds)s seconds a move) is flagged and not ranked."
    ),
    "ranking_flagged": N_("Too fast for a first sight of the deal: not ranked."),
    "ranking_none": N_("No one has played this deal to its end yet."),
    "ranking_play_first": N_("Today's ranking of this deal is shown once your own game of it is over."),
    "ranking_anonymous": N_("A player"),
    "ranking_you": N_("You"),
    "ranking_place": N_("Place"),
    "ranking_player": N_("Player"),
    "ranking_shown": N_("Your name on the rankings: %(handle)s."),
    "ranking_hidden": N_("Your games are ranked without your name."),
    "ranking_show_me": N_("Show my name on the rankings"),
    "ranking_hide_me": N_("Hide my name"),
    "ranking_name_about": N_(
        "Your name there is made for you from an adjective and an animal, said in each reader's language: "
        "there is no free text."
    ),
    "bad_date": N_("That is not the day of a challenge so far; write it as 2026-05-04."),
    "bad_challenge": N_("There is no daily deal of that game and variant."),
    # Linked devices
    "devices": N_("Your devices"),
    "devices_about": N_(
        "Link another browser or device to this one: both become the same player, with the same games, "
        "statistics and streak. Nothing is lost on either side: the games of the browser that joins come along."
    ),
    "link_start": N_("Link another device"),
    "link_code_title": N_("Type this code on the other device"),
    "link_code_help": N_(
        "On the other device, open %(url)s and type these words, or scan the QR code. The code works once, "
        "for ten minutes."
    ),
    "link_expires": N_("It expires at %(time)s (UTC)."),
    "link_qr": N_("QR code of the link"),
    "join_title": N_("Join with a code"),
    "join_help": N_("Type the words shown on your other device."),
    "join_button": N_("Join"),
    "link_unknown": N_(
        "That code is not known: it may have expired or been used. Make a new one on your other device."
    ),
    "link_self": N_("That code was made by this browser: type it on the other device."),
    "too_many_links": N_("Too many codes made in a short time; try again in a moment."),
    "too_many_joins": N_("Too many codes tried in a short time; try again in a moment."),
    "too_many_changes": N_("Too many changes to your name or devices in a short time; try again in a moment."),
    "device_this": N_("This browser"),
    "device_remove": N_("Remove"),
    "device_removed": N_("Device removed: it no longer plays as you."),
    "device_dates": N_("Linked on %(linked)s, last seen on %(seen)s"),
    "devices_none": N_("Only this browser: no other device is linked."),
    "no_device": N_("There is no such device of yours."),
    # The player's record, out and in
    "record_title": N_("Your record"),
    "export_record": N_("Download your whole record (JSON)"),
    "import_record": N_("Import a record"),
    "import_help": N_(
        "A record downloaded from another site of this software: each game is checked move by move, like a "
        "game played offline, and counts in your statistics (in no ranking)."
    ),
    "bad_record": N_("That file is not a record of this software."),
    "import_refused": N_("Game %(number)s of the record was refused: %(why)s"),
    # A handle: an adjective and an animal, in the order the language says them
    "handle": N_("%(adjective)s %(animal)s"),
}

CHALLENGE_COUNTED: dict[str, tuple[str, str]] = {
    "streak_now": NN_("%(count)s day in a row with a daily won.", "%(count)s days in a row with a daily won."),
    "streak_best": NN_("Best streak: %(count)s day.", "Best streak: %(count)s days."),
    "calendar_won": NN_("%(count)s daily won", "%(count)s dailies won"),
    "join_done": NN_(
        "This browser is now the same player as your other device: %(count)s game came along.",
        "This browser is now the same player as your other device: %(count)s games came along.",
    ),
    "import_done": NN_("%(count)s game imported.", "%(count)s games imported."),
}

ADJECTIVES: tuple[str, ...] = (
    NP_("handle adjective", "swift"),
    NP_("handle adjective", "happy"),
    NP_("handle adjective", "gentle"),
    NP_("handle adjective", "strong"),
    NP_("handle adjective", "bold"),
    NP_("handle adjective", "loyal"),
    NP_("handle adjective", "clever"),
    NP_("handle adjective", "tenacious"),
    NP_("handle adjective", "nimble"),
    NP_("handle adjective", "noble"),
    NP_("handle adjective", "sweet"),
    NP_("handle adjective", "brave"),
    NP_("handle adjective", "elegant"),
    NP_("handle adjective", "brilliant"),
    NP_("handle adjective", "patient"),
    NP_("handle adjective", "prudent"),
    NP_("handle adjective", "kind"),
    NP_("handle adjective", "young"),
    NP_("handle adjective", "great"),
    NP_("handle adjective", "humble"),
    NP_("handle adjective", "capable"),
    NP_("handle adjective", "lively"),
    NP_("handle adjective", "fierce"),
    NP_("handle adjective", "courteous"),
    NP_("handle adjective", "cordial"),
    NP_("handle adjective", "jovial"),
    NP_("handle adjective", "formidable"),
    NP_("handle adjective", "intelligent"),
    NP_("handle adjective", "eloquent"),
    NP_("handle adjective", "constant"),
    NP_("handle adjective", "sublime"),
    NP_("handle adjective", "flexible"),
    NP_("handle adjective", "radiant"),
    NP_("handle adjective", "vigilant"),
    NP_("handle adjective", "persistent"),
    NP_("handle adjective", "resilient"),
    NP_("handle adjective", "original"),
    NP_("handle adjective", "sociable"),
    NP_("handle adjective", "ardent"),
    NP_("handle adjective", "tolerant"),
    NP_("handle adjective", "stellar"),
    NP_("handle adjective", "polar"),
    NP_("handle adjective", "lunar"),
    NP_("handle adjective", "solar"),
    NP_("handle adjective", "tropical"),
    NP_("handle adjective", "boreal"),
    NP_("handle adjective", "blue"),
    NP_("handle adjective", "green"),
)

ANIMALS: tuple[str, ...] = (
    NP_("handle animal", "wolf"),
    NP_("handle animal", "fox"),
    NP_("handle animal", "bear"),
    NP_("handle animal", "rabbit"),
    NP_("handle animal", "horse"),
    NP_("handle animal", "goat"),
    NP_("handle animal", "cat"),
    NP_("handle animal", "lion"),
    NP_("handle animal", "tiger"),
    NP_("handle animal", "zebra"),
    NP_("handle animal", "camel"),
    NP_("handle animal", "whale"),
    NP_("handle animal", "dolphin"),
    NP_("handle animal", "octopus"),
    NP_("handle animal", "turtle"),
    NP_("handle animal", "snail"),
    NP_("handle animal", "bee"),
    NP_("handle animal", "butterfly"),
    NP_("handle animal", "owl"),
    NP_("handle animal", "eagle"),
    NP_("handle animal", "swan"),
    NP_("handle animal", "duck"),
    NP_("handle animal", "parrot"),
    NP_("handle animal", "penguin"),
    NP_("handle animal", "seal"),
    NP_("handle animal", "otter"),
    NP_("handle animal", "squirrel"),
    NP_("handle animal", "hedgehog"),
    NP_("handle animal", "beaver"),
    NP_("handle animal", "badger"),
    NP_("handle animal", "giraffe"),
    NP_("handle animal", "elephant"),
    NP_("handle animal", "panda"),
    NP_("handle animal", "koala"),
    NP_("handle animal", "kangaroo"),
    NP_("handle animal", "lizard"),
    NP_("handle animal", "swallow"),
    NP_("handle animal", "heron"),
    NP_("handle animal", "stork"),
    NP_("handle animal", "flamingo"),
    NP_("handle animal", "salmon"),
    NP_("handle animal", "lynx"),
    NP_("handle animal", "bison"),
    NP_("handle animal", "hare"),
    NP_("handle animal", "falcon"),
    NP_("handle animal", "seagull"),
    NP_("handle animal", "pelican"),
    NP_("handle animal", "ostrich"),
)
