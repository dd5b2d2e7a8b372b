"""Tournaments on the Discord stand-in (CLUB.md "Tournaments"): a whole single elimination with one team
of people to its champion (sign-up with a partner's Accept, computer teams, Start's draw, a thread per
match with its table, the people mentioned, every result checked against the stored games), refusals
(a member's `/42 tournament new`, a second tournament in a channel, a join after Start, a forged or
stale button, a stranger's Accept, a non-organiser's Start and end), and a club night."""

from __future__ import annotations

from bot.tournaments.progress import champion
from bot.tournaments.record import FINISHED
from tests.bot.table_driver import buttons, refusal, reply, run_as_bot, table_message
from tests.bot.tournaments.stored_games import check_results
from tests.e2e.tournament_driver import (
    club,
    match_threads,
    play_people_matches,
    team_up,
    tournament_message,
)


async def test_a_single_elimination_with_one_team_of_people_plays_to_its_champion(simcord_env):
    env = simcord_env
    guild, games, [ada, bob, cleo] = club(env, "ada", "bob", "cleo")
    opened = reply(await ada.slash(games, "42 tournament new", name="Friday Cup", format="single", target=1))
    assert opened.ephemeral and "Friday Cup" in opened.content
    message = tournament_message(games)
    assert message.content.startswith("**Friday Cup**")
    assert [b.label for b in buttons(message)] == [
        "Join with partner",
        "Join alone",
        "Leave",
        "Add computer team",
        "Start",
    ]
    await team_up(bob, cleo, games)
    for _ in range(3):
        added = await ada.click(tournament_message(games), label="Add computer team")
        assert reply(added).ephemeral
    shown = tournament_message(games).content
    assert "bob & cleo" in shown and "Computer teams: 3" in shown

    refused = refusal(await bob.click(tournament_message(games), label="Start"))
    assert "organiser" in refused
    started = reply(await ada.click(tournament_message(games), label="Start"))
    assert started.ephemeral and "started" in started.content
    threads = match_threads(games)
    assert len(threads) >= 1, "the first round's matches have threads"
    ours = [t for t in threads if "bob & cleo" in (t.name or "")]
    assert len(ours) == 1 and (ours[0].name or "").startswith("R1 · ")
    call = ours[0].history()[0]
    assert f"<@{bob.id}>" in call.content and f"<@{cleo.id}>" in call.content
    assert table_message(ours[0]) is not None

    assert await play_people_matches(env, [bob, cleo]) > 0, "bob and cleo played their matches"
    await run_as_bot(env, env.bot.tournaments.idle())
    await run_as_bot(env, env.bot.stage.idle())
    stored = await env.bot.tournaments.latest_in(games.id)
    assert stored is not None and stored.status == FINISHED and stored.record.tournament is not None
    top = champion(stored.record.tournament)
    assert top is not None
    assert await check_results(env.bot.storage, stored) == 3
    final = tournament_message(games)
    assert "🏆" in final.content and stored.record.tournament.name_of(top) in final.content
    assert final.attachments, "the bracket as a picture"
    assert len(match_threads(games)) == 3
