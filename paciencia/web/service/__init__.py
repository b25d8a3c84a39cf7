"""What the routes ask of the site, off the event loop: games (create, view, play, hints, reviews:
``games``), winnable and levelled deals, the daily deal, statistics, odds, the Examples showcase,
the home page's drawings, and the one admission every heavy or writing request passes."""
