"""The Discord bot: slash commands, the table message, private hands and controls, storage."""
