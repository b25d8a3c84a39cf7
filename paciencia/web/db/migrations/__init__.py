"""The database's schema as Alembic migrations, run at start-up (``paciencia.web.db.migrate``)."""
