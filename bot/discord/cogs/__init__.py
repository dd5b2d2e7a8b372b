"""The bot's cogs: one per feature."""
