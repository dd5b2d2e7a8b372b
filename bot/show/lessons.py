"""`/42 help`: 42 taught from zero in short pages, each with a picture drawn by the bot's own renderers.

Pages are plain data (a title, the words, and a scene for one of the table's renderers), so they can be
stepped through, tested and drawn without Discord. The pictures are drawn once and kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from bot.pictures.hand import render_hand
from bot.pictures.scenes import HandScene, SeatInfo, TableScene
from bot.pictures.table import render_table

SEATS = (
    SeatInfo("Ann", label="North", team=0),
    SeatInfo("Ben", label="East", team=1),
    SeatInfo("Cleo", label="South", team=0),
    SeatInfo("Dan", label="West", team=1),
)


@dataclass(frozen=True)
class Page:
    """One help page: its title, its words (Discord markdown), and its picture's scene."""

    title: str
    text: str
    scene: HandScene | TableScene


def _table(turn: int | None = None, **fields) -> TableScene:
    return TableScene(seats=SEATS, dealer=3, turn=turn, **fields)


PAGES: tuple[Page, ...] = (
    Page(
        "What 42 is",
        "42 is a trick-taking game played with a set of 28 dominoes (double-six). Four players sit in two "
        "teams, partners opposite: **North–South** against **East–West**. Each player gets 7 tiles.\n\n"
        "A hand goes: everyone **bids** once, the highest bidder names **trump**, then the 7 tiles each are "
        "played out in 7 **tricks**. A team that makes its bid scores; the first team to **7 marks** wins.\n\n"
        "Step through these pages with **Next** and **Back**.",
        HandScene(("6-6", "6-4", "5-5", "5-0", "4-1", "3-2", "1-0"), title="A hand of 7 tiles"),
    ),
    Page(
        "Tiles and suits",
        "There are seven **suits**, one for each number: blanks, ones, twos … sixes. A tile belongs to the "
        "suits of both its ends: **6-4** is a six and a four.\n\n"
        "When a tile is **led** (played first to a trick) it calls for its **higher** end: 6-4 led is a six. "
        "A **double** (6-6) is the highest tile of its suit; the others rank by their other end: "
        "6-6, 6-5, 6-4, 6-3, 6-2, 6-1, 6-0.",
        HandScene(("6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"), title="The sixes, highest first"),
    ),
    Page(
        "Following suit",
        "After the lead, each player in turn (clockwise) plays one tile. You **must follow suit**: play a tile "
        "of the suit led if you hold one. Only if you hold none may you play anything.\n\n"
        "The highest tile of the suit led wins the trick, unless a trump was played (next page). Here North "
        "led 6-2 (sixes); East and South followed; West had no six and played 3-1, which cannot win. "
        "South's 6-6 wins, and South leads the next trick.",
        _table(
            trick={0: "6-2", 1: "6-5", 2: "6-6", 3: "3-1"},
            leader=0,
            contract="Fours trump",
            status="South wins the trick with 6-6",
        ),
    ),
    Page(
        "Trump",
        "The bid winner names **trump**: a suit (or the doubles) that beats every other suit. Every tile "
        "showing the trump number is a trump, and **only** a trump: with fours trump, 6-4 is a four, not a "
        "six, so it neither follows a six lead nor is one.\n\n"
        "Lead a trump and everyone must play a trump if they can. A player out of the suit led may play a "
        "trump and win the trick; the highest trump wins. The double of trump (4-4) is the highest of all.",
        HandScene(
            ("6-4", "4-4", "4-2", "5-5", "6-6", "3-1", "2-0"),
            trumps=frozenset({"6-4", "4-4", "4-2"}),
            title="Fours are trump: the marked tiles",
        ),
    ),
    Page(
        "The count: 35 + 7 = 42",
        "Five tiles carry points, the **count**: **5-5** and **6-4** are worth 10 each (their pips add to 10), "
        "**5-0**, **4-1** and **3-2** are worth 5 each (they add to 5). That is 35 points of count.\n\n"
        "Each of the 7 tricks is worth 1 point more. **35 + 7 = 42**: all the points in a hand, which gives "
        "the game its name. Whoever wins a trick takes the count in it, so feed count to your partner's "
        "winning tricks, and keep it away from the other side.",
        HandScene(("5-5", "6-4", "5-0", "4-1", "3-2"), title="The count: 10 + 10 + 5 + 5 + 5 = 35"),
    ),
    Page(
        "Bidding and marks",
        "Bidding starts left of the dealer and goes round **once**. Each player passes or bids more than the "
        "bid before: **30** to **41** points, or **1 mark** (all 42: your side must win **every** trick), "
        "2 marks, and so on.\n\n"
        "The bid winner's side must take at least the points bid. If it does, it **makes** the bid and scores "
        "1 mark (a mark bid scores its marks). If not, it is **set**: the other side scores those marks. A hand "
        "stops as soon as its result is certain. The first side to **7 marks** wins the game.",
        _table(
            phase="auction",
            calls=("30", "Pass", "31", None),
            bidder=2,
            bid="31 by South",
            turn=3,
            status="West to bid: pass, 32 … 41, or marks",
        ),
    ),
    Page(
        "A worked trick",
        "South bid 31 and named **fives**. South leads **5-5**, the highest five, and everyone must play a five "
        "if they can: West plays 5-1. North, South's partner, sees the trick is won and **feeds count**: 5-0. "
        "East has no five and throws 2-0, keeping the 6-4 (10 points) away from this trick.\n\n"
        "South wins: 5-5 (10) + 5-0 (5) + 1 for the trick = **16 points** for North–South, 15 short of 31.",
        _table(
            trick={2: "5-5", 3: "5-1", 0: "5-0", 1: "2-0"},
            leader=2,
            bidder=2,
            bid="31 by South",
            contract="Fives trump",
            hand_points=(16, 0),
            status="South wins: 16 points",
        ),
    ),
    Page(
        "Special contracts: Follow me and Nello",
        "**Follow me** (no trump): nothing is trump; the highest tile of the suit led wins. Doubles are the "
        "highest of their number.\n\n"
        "**Nello** (on a bid of 1 mark or more): the bidder plays **alone** to **lose every trick**. The "
        "partner lays their tiles face down and sits out, so tricks have three tiles. The bidder chooses how "
        "doubles play: highest of their number, lowest, or a suit of their own. Taking a single trick sets the "
        "bid.",
        HandScene(("4-0", "3-1", "3-0", "2-1", "2-0", "1-0", "0-0"), title="A Nello hand: low tiles"),
    ),
    Page(
        "Special contracts: Plunge, Splash and Sevens",
        "**Plunge**: holding 4 or more doubles you may bid Plunge, worth 4 marks (or one more than a higher "
        "mark bid). Your **partner** names trump and leads, and your side must win **every** trick.\n\n"
        "**Splash**: the same with 3 or more doubles, worth 2 marks.\n\n"
        "**Sevens** (a table option, on 1 mark or more): every player must play the tile whose pips are "
        "**closest to 7**; the closest wins the trick, and the bidder's side must win every trick.",
        HandScene(("6-6", "5-5", "4-4", "2-2", "6-5", "5-4", "3-1"), title="Four doubles: a Plunge hand"),
    ),
    Page(
        "Playing here",
        "**/42 new** opens a table in a channel; take a seat with **Sit North** … and the host presses "
        "**Start** (**Add computer** fills a seat). Your tiles come by DM, or with **/42 hand** and **My hand**.\n\n"
        "After each hand, **Review** shows it trick by trick with what perfect play thought of your choices. "
        "**/42 history** lists the last games here, **/42 stats** draws your record and **/42 leaderboard "
        "by:rating** ranks skill. Open a table with `hints=on` to get a **Hint** button on your turn.\n\n"
        "**/42 rules** shows a table's exact rules.",
        _table(
            trick={0: "6-6"},
            leader=0,
            bid="30 by North",
            contract="Sixes trump",
            turn=1,
            scores=(3, 5),
            status="East to play",
        ),
    ),
)


def page_count() -> int:
    """How many help pages there are."""
    return len(PAGES)


def clamp(number: int) -> int:
    """A page number brought into range."""
    return max(0, min(number, len(PAGES) - 1))


def page_text(number: int) -> str:
    """A page's words with its heading and where it is in the lesson."""
    page = PAGES[clamp(number)]
    return f"**{page.title}** · page {clamp(number) + 1} of {len(PAGES)}\n\n{page.text}"


@lru_cache(maxsize=len(PAGES))
def page_picture(number: int) -> bytes:
    """A page's picture as PNG bytes (drawn once)."""
    scene = PAGES[clamp(number)].scene
    return render_hand(scene) if isinstance(scene, HandScene) else render_table(scene)
