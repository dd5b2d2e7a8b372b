"""The server's daily deals (CLUB.md "Every day"): the day's committed seeds, each player's private play of
them with computer partners and opponents, and the scoring of every deal against the field (matchpoints)."""
