"""Alembic's environment: migrations run on the connection `bot.storage.migrate` hands in, inside the
transaction it has already begun (and, on PostgreSQL, locked), so two processes never migrate at once."""

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=None)
with context.begin_transaction():
    context.run_migrations()
