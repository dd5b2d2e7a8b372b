"""Tournaments on the Discord stand-in (CLUB.md "Tournaments"): a whole single elimination with one team
of people to its champion (sign-up with a partner's Accept, computer teams, Start's draw, a thread per
match with its table, the people mentioned, every result checked against the stored games), refusals
(a member's `/42 tournament new`, a second tournament in a channel, a join after Start, a forged or
stale button, a stranger's Accept, a non-organiser's Start and end), and a club night."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.tournaments.model import FORFEIT
from bot.tournaments.progress import champion, consolation_winner
from bot.tournaments.record import FINISHED
from tests.bot.table_driver import (
    buttons,
    make_bot,
    refusal,
    reply,
    run_as_bot,
    table_message,
    take_turn,
)
from tests.bot.tournaments.stored_games import check_results
from tests.e2e.tournament_driver import (
    click_forged,
    club,
    match_threads,
    play_people_matches,
    settle_tournament,
    signed_up,
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
    won = str(bob.id) in stored.record.tournament.entrants[top].players
    stats = reply(await bob.slash(games, "42 stats")).content
    assert f"Tournaments played: 1 · won: {int(won)}" in stats


async def test_refusals_are_private_and_change_nothing(simcord_env):
    env = simcord_env
    guild, games, [ada, bob, cleo, dee] = club(env, "ada", "bob", "cleo", "dee")
    refused = refusal(await bob.slash(games, "42 tournament new", name="Bob's Cup"))
    assert "organiser role" in refused and await env.bot.tournaments.in_channel(games.id) is None
    organisers = guild.create_role("organisers")
    await ada.slash(games, "42 settings", organiser=organisers)
    runner = guild.add_member(env.create_user("eve"), roles=[organisers])
    opened = reply(await runner.slash(games, "42 tournament new", name="Eve's Cup", format="double"))
    assert "Eve's Cup" in opened.content, "the organiser role runs tournaments"
    assert "already has a tournament" in refusal(await ada.slash(games, "42 tournament new", name="Again"))
    other = guild.create_text_channel("other")
    assert "noshow" in refusal(await runner.slash(other, "42 tournament new", name="X", noshow="soon"))
    cup = await env.bot.tournaments.in_channel(games.id)
    assert cup is not None

    menu = reply(await bob.click(tournament_message(games), label="Join with partner"))
    await bob.select(menu, [cleo])
    invitation = cleo.user.dm_channel.last_message
    accept = next(b for b in buttons(invitation) if b.label == "Accept")
    before = await env.bot.tournaments.find(cup.id)
    assert before is not None and before.record.signup.asked
    assert "isn't open" in refusal(await click_forged(env, games, dee, accept.custom_id)), "only the invited"
    for custom_id, words in (
        (f"t42t:{cup.id + 50}:start:", "isn't running"),  # another tournament, or none
        (f"t42t:{cup.id}:zap:", "isn't one I know"),
        (f"t42t:{cup.id}:start:", "organiser"),  # a member's Start
        (f"t42t:{cup.id}:computer:", "organiser"),
    ):
        assert words in refusal(await click_forged(env, games, dee, custom_id)), custom_id
    assert "organiser" in refusal(await dee.slash(games, "42 tournament end"))
    after = await env.bot.tournaments.find(cup.id)
    assert after is not None and after.version == before.version and after.record == before.record

    assert (await cleo.user.click(invitation, label="Accept")).acknowledged
    teamed = await env.bot.tournaments.find(cup.id)
    assert teamed is not None and len(teamed.record.signup.teams) == 1
    taken = reply(
        await dee.select(reply(await dee.click(tournament_message(games), label="Join with partner")), [bob])
    )
    assert taken.ephemeral and "already in a team" in taken.content
    for _ in range(3):
        await runner.click(tournament_message(games), label="Add computer team")
    stale = {b.label: b.custom_id for b in buttons(tournament_message(games))}
    await runner.click(tournament_message(games), label="Start")
    started = await env.bot.tournaments.find(cup.id)
    assert started is not None and started.status == "running"
    assert not buttons(tournament_message(games)), "sign-up's buttons go at Start"
    joined_late = await click_forged(env, games, dee, stale["Join alone"])
    assert "started" in refusal(joined_late), "a join after Start"
    assert "started" in refusal(await click_forged(env, games, runner, stale["Start"])), "a stale Start"
    again = await env.bot.tournaments.find(cup.id)
    assert again is not None and again.record.signup == started.record.signup
    status = reply(await dee.slash(games, "42 tournament status"))
    assert status.ephemeral and "Seeds (drawn by lot at Start)" in status.content
    assert "is ended" in reply(await runner.slash(games, "42 tournament end")).content
    await run_as_bot(env, env.bot.tournaments.idle())
    assert "no tournament" in refusal(await runner.slash(games, "42 tournament end"))
    for thread in match_threads(games):
        table = await env.bot.service.table_in(thread.id)
        assert table is None, "the ended tournament's tables are ended"


@pytest.mark.slow  # a soak: six people click through all eight matches of the night
async def test_a_club_night_of_six_rotates_partners_to_its_winner(simcord_env):
    env = simcord_env
    _, games, people = club(env, "ada", "bob", "cleo", "dee", "eve", "finn")
    await people[0].slash(games, "42 tournament new", name="Club night", format="club", target=1)
    message = tournament_message(games)
    assert [b.label for b in buttons(message)] == ["Join alone", "Leave", "Start"]
    for member in people:
        assert (
            "new partner each round"
            in reply(await member.click(tournament_message(games), label="Join alone")).content
        )
    await people[0].click(tournament_message(games), label="Start")
    assert await play_people_matches(env, people) > 0
    await settle_tournament(env)
    stored = await env.bot.tournaments.latest_in(games.id)
    assert stored is not None and stored.status == FINISHED and stored.record.tournament is not None
    night = stored.record.tournament
    partners = Counter(frozenset(m.sides[side]) for m in night.matches for side in (0, 1))
    assert len(partners) == 15, "everyone partners everyone (6 players: 15 pairs)"
    assert len(night.matches) == 8 and max(partners.values()) == 2 and sum(partners.values()) == 16
    out = Counter(p for m in night.matches for p in range(6) if p not in m.entrants())
    assert sum(out.values()) == 16 and max(out.values()) - min(out.values()) <= 1, "sitting out in turn"
    assert await check_results(env.bot.storage, stored) == 8
    assert len(match_threads(games)) == 8
    final = tournament_message(games)
    top = champion(night)
    assert top is not None and "🏆" in final.content and night.name_of(top) in final.content
    assert final.attachments, "the night's standings as a picture"


async def test_restarts_in_sign_up_and_mid_match_lose_nothing(simcord_env, database):
    env = simcord_env
    _, games, [ada, bob, cleo] = club(env, "ada", "bob", "cleo")
    await ada.slash(games, "42 tournament new", name="Cup", format="single", target=1)
    await bob.select(reply(await bob.click(tournament_message(games), label="Join with partner")), [cleo])
    invitation = cleo.user.dm_channel.last_message
    bots = [env.bot]

    async def restart() -> None:  # no clean stop: as after a kill -9
        bots.append(make_bot(database))
        await env.restart_bot(bots[-1])
        await bots[-2].storage.close()

    try:
        await restart()
        assert (await cleo.user.click(invitation, label="Accept")).acknowledged, "an Accept from before"
        for _ in range(3):
            await ada.click(tournament_message(games), label="Add computer team")
        await ada.click(tournament_message(games), label="Start")
        for _ in range(6):  # the people's first match is under way
            assert await take_turn([bob, cleo])
        await restart()
        assert await play_people_matches(env, [bob, cleo]) > 0
        await settle_tournament(env)
        stored = await bots[-1].tournaments.latest_in(games.id)
        assert stored is not None and stored.status == FINISHED and stored.record.tournament is not None
        assert stored.record.signup.teams and stored.record.signup.teams[0][1].user_id == cleo.id
        assert await check_results(bots[-1].storage, stored) == 3
        assert len(match_threads(games)) == 3, "no match opened twice"
        assert "🏆" in tournament_message(games).content
    finally:
        await bots[-1].storage.close()


async def test_a_double_elimination_of_five_with_a_bye_and_a_no_show(simcord_env):
    env = simcord_env
    _, games, [ada, bob, cleo] = club(env, "ada", "bob", "cleo")
    cup = await signed_up(env, games, ada, [bob, cleo], 4, format="double", target=1, noshow="10m")
    stored = await env.bot.tournaments.find(cup)
    assert stored is not None and stored.record.tournament is not None
    byes = [m for m in stored.record.tournament.matches if m.is_bye]
    assert byes and len({e for m in byes for e in m.entrants()}) == len(byes), "a bye at most once a team"
    people = next(e.id for e in stored.record.tournament.entrants if not e.computer)
    for _ in range(10):  # bob and cleo never move: each of their matches is forfeited after 10 minutes
        await settle_tournament(env)
        stored = await env.bot.tournaments.find(cup)
        assert stored is not None
        if stored.status == FINISHED:
            break
        env.bot.clock.advance(601)
        await run_as_bot(env, env.bot.tick())
    assert stored.status == FINISHED and stored.record.tournament is not None
    theirs = [m for m in stored.record.tournament.matches if people in m.entrants() and not m.is_bye]
    assert len(theirs) == 2 and all(m.games[0].kind == FORFEIT for m in theirs), "out after two losses"
    assert all(m.winner_side is not None and people not in m.sides[m.winner_side] for m in theirs)
    assert await check_results(env.bot.storage, stored) >= 4
    assert "(forfeit)" in reply(await ada.slash(games, "42 tournament status")).content


async def test_a_best_of_three_match_opens_its_next_game_in_the_same_thread(simcord_env):
    env = simcord_env
    _, games, [ada, bob, cleo] = club(env, "ada", "bob", "cleo")
    cup = await signed_up(env, games, ada, [bob, cleo], 1, format="single", target=1, best_of=3)
    assert await play_people_matches(env, [bob, cleo]) > 0
    await settle_tournament(env)
    stored = await env.bot.tournaments.find(cup)
    assert stored is not None and stored.status == FINISHED and stored.record.tournament is not None
    [match] = stored.record.tournament.matches
    wins = [sum(g.winner == side for g in match.games) for side in (0, 1)]
    assert max(wins) == 2 and len(match.games) in (2, 3)
    [thread] = match_threads(games)
    calls = [m for m in thread.history() if m.content.startswith("**R1 · ")]
    assert len(calls) == len(match.games), "each game's table opens in the match's thread"
    assert await check_results(env.bot.storage, stored) == len(match.games)


@pytest.mark.slow  # a whole tournament of six computer teams plays itself: two pools, then two brackets
async def test_pools_of_computer_teams_go_on_to_a_championship_and_a_consolation(simcord_env):
    env = simcord_env
    env.settle_timeout = 300  # the whole tournament plays itself after Start, within one settle
    _, games, [ada] = club(env, "ada")
    cup = await signed_up(env, games, ada, [], 6, target=1)
    await settle_tournament(env)
    stored = await env.bot.tournaments.find(cup)
    assert stored is not None and stored.status == FINISHED and stored.record.tournament is not None
    tournament = stored.record.tournament
    assert len(tournament.pools) == 2
    consoled = consolation_winner(tournament)
    top = champion(tournament)
    assert top is not None and consoled is not None and top != consoled
    final = tournament_message(games)
    assert tournament.name_of(top) in final.content and tournament.name_of(consoled) in final.content
    assert final.attachments, "the bracket as a picture"
    played = [m for m in tournament.matches if not m.is_bye]
    assert await check_results(env.bot.storage, stored) == len(played) == len(match_threads(games))
