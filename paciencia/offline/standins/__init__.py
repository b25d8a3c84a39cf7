"""Modules the browser bundle puts in place of the site's (see ``paciencia/web/offline.py``)."""
