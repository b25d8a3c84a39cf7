"""Offline play: the engine and the games as the browser runs them under Pyodide.

Nothing here imports the site's stack (FastAPI, SQLAlchemy, pydantic, Babel): ``engine.py``
answers the board's API requests from a game's record through ``paciencia.play``, the core the
server's API uses too: the same token path, the same view, the same refusals in the same words
(``paciencia/web/routes/offline.py`` builds the bundle, with ``play/`` as it is).
"""
