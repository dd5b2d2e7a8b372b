"""A database outage under the bot, measured as players and the records see it: what players were told
while it was away, whether anything they did was lost or applied twice, and how long each table took to
carry on once it was back.

- **Told**: every interaction sent while the database was away (and the second after its return) must be
  acknowledged within Discord's 3 s, and those that needed it answered privately "try again"
  (`replies.DATABASE_AWAY`).
- **Lost / doubled**: at each table, the distinct moments its human acted on and was not refused (a turn
  control's custom id names the table and the moment; a press answered with words alone, "try again" or
  another refusal, is left out; its retry counts) against the human's actions stored in the hand records.
  Fewer stored: lost; more: applied twice.
- **Resumed**: for each table, from the database's return to its human's next turn controls (a press
  answered "try again" is pressed again a second later; then the computers play, with their pauses).
- **Said**: each bot process's log, for the lines that say the database went away and came back, and any
  traceback.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from bot.show.replies import DATABASE_AWAY

from .interactions import Interaction
from .measures import percentile
from .players import Human
from .records import ChannelRecord
from .standin import DiscordStandIn

GRACE_S = 1.0  # interactions sent this long after the database's return still count as during the outage


@dataclass
class OutageFigures:
    """What one outage did (see the module docstring); times in seconds."""

    seconds: float
    during: int = 0  # interactions sent while the database was away
    try_again: int = 0  # of which answered "try again"
    unacknowledged: int = 0  # of which never acknowledged (Discord: "This interaction failed")
    ack_p99: float = math.nan  # their acknowledgement's p99
    acted: int = 0  # distinct moments the humans acted on (not answered "try again")
    stored: int = 0  # the humans' actions in the records
    lost: int = 0
    doubled: int = 0
    resume: list[float] = field(default_factory=list)  # per table, after the database's return
    away_lines: list[int] = field(default_factory=list)  # per process: "the database … is away"
    back_lines: list[int] = field(default_factory=list)  # per process: "the database … is back"
    tracebacks: int = 0  # "Traceback" or "Ignoring exception" in any process's log

    def lines(self) -> list[str]:
        """The figures, as the benchmark prints them."""
        resumed = [r for r in self.resume if math.isfinite(r)]
        return [
            f"outage           the database stopped for {self.seconds:g} s; {self.during} interactions meanwhile: "
            f"{self.try_again} answered 'try again', {self.unacknowledged} not acknowledged, ack p99 "
            f"{self.ack_p99 * 1000:.0f} ms",
            f"                 lost {self.lost}, applied twice {self.doubled} (moments acted on {self.acted}, "
            f"human actions stored {self.stored})",
            f"                 tables carried on after the return: p50 {percentile(resumed, 50):.1f} s, p90 "
            f"{percentile(resumed, 90):.1f} s, max {max(resumed, default=math.nan):.1f} s; "
            f"{len(self.resume) - len(resumed)} never",
            f"                 log: 'is away' {self.away_lines}, 'is back' {self.back_lines} per process; "
            f"tracebacks {self.tracebacks}",
        ]


def outage_figures(
    standin: DiscordStandIn,
    humans: list[Human],
    records: dict[int, ChannelRecord],
    logs: list[str],
    down_at: float,
    up_at: float,
) -> OutageFigures:
    """Measure one outage, from `down_at` to `up_at` (`time.perf_counter()`), after the run."""
    figures = OutageFigures(seconds=up_at - down_at)
    during = [i for i in standin.interactions if down_at <= i.sent_at <= up_at + GRACE_S]
    figures.during = len(during)
    figures.try_again = sum(1 for i in during if any(DATABASE_AWAY in m.text for m in i.messages))
    figures.unacknowledged = sum(1 for i in during if i.acked_at is None)
    figures.ack_p99 = percentile([i.ack_latency for i in during if i.ack_latency is not None], 99)
    for human in humans:
        moments = {
            _moment(c.interaction.data.get("custom_id", ""))
            for c in human.clicks
            if c.kind == "turn" and c.interaction.acked_at is not None and not _refused(c.interaction)
        } - {None}
        record = records.get(human.channel.id)
        stored = sum(1 for a in record.actions if a.human) if record is not None else 0
        figures.acted += len(moments)
        figures.stored += stored
        figures.lost += max(0, len(moments) - stored)
        figures.doubled += max(0, stored - len(moments))
        seen = [a.at for a in human.arrivals if a.at > up_at]
        figures.resume.append(min(seen) - up_at if seen else math.inf)
    for log in logs:
        said = [line for line in log.splitlines() if "bot.storage: the database " in line]
        figures.away_lines.append(sum(1 for line in said if " is away (" in line))
        figures.back_lines.append(sum(1 for line in said if " is back after " in line))
        figures.tracebacks += log.count("Traceback") + log.count("Ignoring exception")
    return figures


def _refused(interaction: Interaction) -> bool:
    """Whether the bot answered the press with words alone (a refusal, "try again"): a move's answer is its
    panel, edited, or the next panel (a picture)."""
    return any(not m.attachments and not m.buttons for m in interaction.messages)


def _moment(custom_id: str) -> tuple[str, str] | None:
    """(table, moment) of a turn control's custom id (`t42:<table>:act:<moment>:<action>`), else None."""
    parts = custom_id.split(":")
    return (parts[1], parts[3]) if len(parts) >= 5 and parts[0] == "t42" and parts[2] == "act" else None
