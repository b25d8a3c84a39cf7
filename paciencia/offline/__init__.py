"""Offline play: the engine and the games as the browser runs them under Pyodide.

Nothing here imports the site's stack (FastAPI, SQLAlchemy, pydantic, Babel): ``engine.py``
answers the board's API requests from a game's record, as ``paciencia.web`` would, with the
same view (``paciencia.play.views.game_view``) and the same refusals in the same words.
``standins/`` holds the few modules the browser's bundle puts in place of the site's
(``paciencia/web/offline.py`` builds the bundle).
"""
