"""The bot's schema as Alembic migrations (`versions/`), applied by `bot.storage.migrate` at start-up."""
