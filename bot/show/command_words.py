"""What the `/42` slash commands say of themselves in Discord's command list: each command's description,
and each option's."""

from __future__ import annotations

GROUP = "Play Texas 42 dominoes"

DESCRIPTIONS: dict[str, str] = {
    "new": "Open a table of 42 in this channel",
    "hand": "See your hand and, on your turn, your controls",
    "rules": "The rules of the table in this channel, or of a preset",
    "help": "Learn to play 42, step by step with pictures",
    "end": "End the table in this channel (host or Manage Messages)",
    "leaderboard": "This server's players ranked by marks won, or by skill rating",
    "stats": "One player's record in this server, as a picture",
    "history": "The last finished games and hands in this server",
    "settings": "This server's 42 settings: default rules, channels, organisers (Manage Server)",
}

OPTIONS: dict[str, dict[str, str]] = {
    "new": {
        "preset": "Which game (this server's default, else standard); `/42 rules` describes each",
        "target": "Marks (or points, in a points game) to win",
        "options": "House rules as name=value, e.g. nello=off sevens_trump=on players=6 (suggested as you type)",
    },
    "settings": {
        "preset": "The game every /42 new here starts from (a new game starts its target and options afresh)",
        "target": "Marks (or points) to win, by default",
        "options": "Default house rules and table settings, as for /42 new; none clears them",
        "channels": "any, or the channels tables may open in (mention them: #dominoes #games)",
        "organiser": "A role whose members may run tournaments, beside Manage Server",
        "timezone": "The server's time zone for the daily deals, e.g. America/Chicago (default UTC)",
    },
    "leaderboard": {"by": "marks (default): marks won in finished games; rating: skill rating"},
    "stats": {"player": "Whose record (default: yours)"},
    "history": {"player": "Only games this player sat in"},
}
