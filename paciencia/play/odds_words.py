"""The words of the "How often can it be won?" pages (``paciencia/web/service/odds.py``), kept apart
from ``words.UI`` (which takes them in) so that they read as one text."""

from __future__ import annotations

from paciencia.i18n import N_


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a counted msgid for extraction (as ``words.NN_``, which imports this module)."""
    return singular, plural


ODDS_UI: dict[str, str] = {
    "odds": N_("How often can it be won?"),
    "odds_title": N_("How often can %(game)s be won?"),
    "odds_intro": N_(
        "Two figures for each variant: the share of deals that can be won by someone who knows where every "
        "card lies (the solver's answer, from our own surveys), and how often a player who sees only what "
        "you see wins (this site's hints playing alone). Published figures stand beside ours where there "
        "are any, each with the rules it is for."
    ),
    # The plain answer the page starts with, a line per variant (the figures below say how).
    "odds_answer_title": N_("In short"),
    "odds_plain": N_("About %(share)s of deals can be won."),
    "odds_plain_honest": N_(
        "About %(share)s of deals can be won by someone who knows where every card lies; a player who sees "
        "only what you see wins about %(honest)s."
    ),
    "odds_plain_hints": N_(
        "About %(share)s of deals can be won; this site's hints, playing alone, win about %(honest)s."
    ),
    "odds_method": N_("How we counted"),
    "odds_winnable": N_("Winnable deals"),
    "odds_share": N_("%(share)s of the %(deals)s of the survey can be won (95%% interval: %(low)s to %(high)s)."),
    "odds_counts": N_(
        "Proved winnable: %(won)s. Proved unwinnable: %(lost)s. Not settled within the budget: %(unknown)s."
    ),
    "odds_interval_note": N_(
        "The interval (Wilson's) counts the deals not settled as lost for its lower end and as won for its upper end."
    ),
    "odds_survey": N_(
        "Survey of %(date)s: deals drawn at random (seed %(seed)s), each searched by the solver for at most "
        "%(nodes)s, a budget in work rather than in time, so that the same command gives the same verdicts on "
        "any machine:"
    ),
    "odds_honest": N_("A player who sees only what you see"),
    "odds_honest_share": N_(
        "%(share)s of %(deals)s won (95%% interval: %(low)s to %(high)s) by an autoplayer that follows this "
        "site's hints, which use only the cards you have seen (measured on %(date)s)."
    ),
    "odds_honest_none": N_("Not measured yet for this variant."),
    "odds_hardest": N_("The hardest deals to settle"),
    "odds_hardest_intro": N_(
        "The deals of the survey that took the solver the most positions; the deal code plays any of them."
    ),
    "odds_verdict": N_("Verdict"),
    "odds_positions": N_("Positions searched"),
    "odds_v_winnable": N_("can be won"),
    "odds_v_unwinnable": N_("cannot be won"),
    "odds_v_unknown": N_("not settled"),
    "odds_levels": N_("How hard the deals are"),
    "odds_levels_intro": N_(
        "Each deal measured (%(deals)s drawn at random) has a level, from how often a player who sees only "
        "what you see wins it and how much work the solver needed: the winnable deals are cut into four equal "
        "parts. Beside each level, how often this site's hints, playing alone, won its deals (with the 95%% "
        "interval)."
    ),
    "odds_levels_intro_progress": N_(
        "Each deal measured (%(deals)s drawn at random) has a level, from how far a player who sees only "
        "what you see gets in it, game after game: the cards brought home and the chance of winning along the "
        "way. The winnable deals are cut into four equal parts. Beside each level, how often this site's "
        "hints, playing alone, won its deals (with the 95%% interval)."
    ),
    "odds_levels_intro_shares": N_(
        "Each deal measured (%(deals)s drawn at random) has a level, from how often a player who sees only "
        "what you see wins it and how much work the solver needed. The winnable deals are cut into four parts "
        "of different sizes, chosen on the sample's first deals so that the hints' wins differ clearly from one "
        "level to the next: each one's share of the deals is beside its name. Beside each level, how often this "
        "site's hints, playing alone, won its deals (with the 95%% interval)."
    ),
    "odds_levels_intro_wins": N_(
        "Each deal measured (%(deals)s drawn at random) has a level from %(games)s games that a player who sees "
        "only what you see plays in it: easy if that player wins them all, medium if it loses one, hard if it "
        "loses two, expert if it loses more. So the levels are not equal parts: each one's share of the deals is "
        "beside its name. Beside each level, how often this site's hints, playing alone, won its deals (with the "
        "95%% interval)."
    ),
    "odds_levels_intro_effort": N_(
        "Each deal measured (%(deals)s drawn at random) has a level from one thing alone: how much work the "
        "solver, which knows where every card lies, needed to win it. The winnable deals are cut into four equal "
        "parts. That is not how often a player who sees only what you see wins, and for this site's hints the "
        "levels may differ little: beside each level, how often the hints, playing alone, won its deals (with "
        "the 95%% interval)."
    ),
    "odds_levels_none": N_("No levels measured yet for this variant."),
    "odds_level": N_("Level"),
    "odds_level_won": N_("Won by the hints"),
    "odds_published": N_("Published figures"),
    "odds_source": N_("Source"),
    "odds_figure": N_("Figure"),
    "odds_for": N_("What it is for"),
    "odds_ours": N_("This site"),
    "odds_all": N_("winnable with every card known"),
    "odds_seen": N_("won by a player who sees only the cards turned up, without undo"),
    "odds_on": N_("on %(deals)s"),
    "odds_published_none": N_("We know of no published figure for this variant."),
    "no_odds": N_("There are no figures for that game."),
}

ODDS_COUNTED: dict[str, tuple[str, str]] = {
    "odds_deals": NN_("%(count)s deal", "%(count)s deals"),
    "odds_positions_n": NN_("%(count)s position", "%(count)s positions"),
}
