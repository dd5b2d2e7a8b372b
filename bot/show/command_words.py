"""What the `/42` slash commands say of themselves in Discord's command list: each command's description,
and each option's."""

from __future__ import annotations

GROUP = "Play Texas 42 dominoes"
TOURNAMENT_GROUP = "tournament"  # `/42 tournament ...` (the command's name, not the preset's)

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
    TOURNAMENT_GROUP: "Tournaments and club nights in this channel",
    "tournament new": "Open a tournament or club night here for sign-up (Manage Server or the organiser role)",
    "tournament status": "This channel's tournament now: bracket or standings, next matches",
    "tournament end": "Cancel this channel's tournament (its organiser or Manage Server)",
    "daily": "Today's eight deals, the same for everyone here, scored against the field; or the leaderboard",
    "puzzle": "A 42 puzzle: find the one tile that wins, with all four hands shown",
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
        "organiser_clear": "True: no organiser role any more (tournaments are Manage Server's only)",
        "timezone": "The server's time zone for the daily deals, e.g. America/Chicago (default UTC)",
    },
    "leaderboard": {"by": "marks (default): marks won in finished games; rating: skill rating"},
    "stats": {"player": "Whose record (default: yours)"},
    "history": {"player": "Only games this player sat in"},
    "tournament new": {
        "name": "The tournament's name",
        "format": "pools (default), double, single, round-robin, or club (a club night: partners rotate)",
        "best_of": "Games a match: 1 (default) or 3",
        "target": "Marks a game (default 7)",
        "preset": "Which game its tables play (this server's default, else standard)",
        "options": "House rules as for /42 new; a club night also takes fill=computers",
        "noshow": "How long a team may take to make its first move before it forfeits: 10m (default), off",
    },
    "daily": {"show": "deals (default): play today's deals, privately; leaderboard: the day's ranking"},
    "puzzle": {"new": "True: another puzzle, even before you have answered today's"},
}
