"""Versioned schema migrations for the bot's SQLite database.

Each entry is applied once, in order, inside one transaction; `PRAGMA user_version` remembers how far the
database has come. Append new migrations; never edit one that has shipped.
"""

from __future__ import annotations

MIGRATIONS: tuple[str, ...] = (
    # 1: tables, seats, hands, per-server player stats and team results.
    """
    CREATE TABLE game_tables (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        message_id INTEGER,
        host_id INTEGER NOT NULL,
        variant TEXT NOT NULL,
        rules_json TEXT NOT NULL DEFAULT '{}',
        computer_level TEXT NOT NULL DEFAULT 'strong',
        status TEXT NOT NULL DEFAULT 'lobby' CHECK (status IN ('lobby', 'playing', 'finished', 'ended')),
        first_dealer INTEGER,
        rematch_of INTEGER REFERENCES game_tables(id),
        created_at TEXT NOT NULL DEFAULT (datetime('now')),
        closed_at TEXT
    );
    CREATE UNIQUE INDEX one_open_table_per_channel ON game_tables(channel_id)
        WHERE status IN ('lobby', 'playing');
    CREATE INDEX game_tables_by_status ON game_tables(status);

    CREATE TABLE seats (
        table_id INTEGER NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER,
        name TEXT NOT NULL,
        computer_level TEXT,
        dm_closed INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat),
        CHECK ((user_id IS NULL) <> (computer_level IS NULL))
    );

    CREATE TABLE hands (
        table_id INTEGER NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
        hand_no INTEGER NOT NULL,
        record_json TEXT NOT NULL,
        complete INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, hand_no)
    );

    CREATE TABLE player_stats (
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        games_played INTEGER NOT NULL DEFAULT 0,
        games_won INTEGER NOT NULL DEFAULT 0,
        marks_won INTEGER NOT NULL DEFAULT 0,
        points_won INTEGER NOT NULL DEFAULT 0,
        hands_bid INTEGER NOT NULL DEFAULT 0,
        hands_made INTEGER NOT NULL DEFAULT 0,
        hands_set INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, user_id)
    );

    CREATE TABLE team_results (
        table_id INTEGER NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
        guild_id INTEGER NOT NULL,
        team INTEGER NOT NULL,
        team_name TEXT NOT NULL,
        players_json TEXT NOT NULL,
        score INTEGER NOT NULL,
        score_kind TEXT NOT NULL,
        won INTEGER NOT NULL,
        PRIMARY KEY (table_id, team)
    );
    CREATE INDEX team_results_by_guild ON team_results(guild_id);
    """,
    # 2: where each player's current turn controls are, so they can be taken away after a restart too.
    """
    ALTER TABLE seats ADD COLUMN turn_channel_id INTEGER;
    ALTER TABLE seats ADD COLUMN turn_message_id INTEGER;
    """,
    # 3: turn timers and idle close (deadlines are stored so they survive a restart), away seats.
    """
    ALTER TABLE game_tables ADD COLUMN turn_seconds INTEGER DEFAULT 120;
    ALTER TABLE game_tables ADD COLUMN idle_seconds INTEGER DEFAULT 86400;
    ALTER TABLE game_tables ADD COLUMN deadline REAL;
    ALTER TABLE game_tables ADD COLUMN deadline_token TEXT;
    ALTER TABLE game_tables ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE game_tables ADD COLUMN last_human_at REAL;
    ALTER TABLE seats ADD COLUMN away INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN taken_over INTEGER NOT NULL DEFAULT 0;
    """,
    # 4: what the bot still has to show (the outbox, written in the same transaction as each change), each
    # player's private message per table (live_token: the game moment its controls are for; '' for controls
    # of an unknown moment; via_token: the interaction it was sent through, if any), each user's DM channel,
    # and how a table closed. Turn messages stored by migration 2 become panels.
    """
    CREATE TABLE table_outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        table_id BIGINT NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        payload TEXT NOT NULL
    );
    CREATE INDEX table_outbox_by_table ON table_outbox(table_id, seq);
    CREATE TABLE panels (
        table_id BIGINT NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
        user_id BIGINT NOT NULL,
        channel_id BIGINT NOT NULL,
        message_id BIGINT NOT NULL,
        live_token TEXT,
        via_token TEXT,
        via_at REAL,
        PRIMARY KEY (table_id, user_id)
    );
    INSERT INTO panels (table_id, user_id, channel_id, message_id, live_token)
        SELECT table_id, user_id, turn_channel_id, turn_message_id, '' FROM seats
        WHERE user_id IS NOT NULL AND turn_channel_id IS NOT NULL AND turn_message_id IS NOT NULL;
    CREATE TABLE dm_channels (
        user_id BIGINT PRIMARY KEY,
        channel_id BIGINT NOT NULL
    );
    ALTER TABLE game_tables ADD COLUMN message_posted_at REAL;
    ALTER TABLE game_tables ADD COLUMN ended_by TEXT;
    ALTER TABLE game_tables ADD COLUMN closed_idle INTEGER NOT NULL DEFAULT 0;
    """,
)
