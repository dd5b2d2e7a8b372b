"""A table's rules in words: the one describer every variant is (``Variant`` inherits ``Describer``).

``describe`` says which rules are in force, one line each ("Bids 60 to 82 in steps of 2"); ``explain``
says what they mean to someone who has never played ("The count: 5-5, 6-4 are worth 10 points …"). Both are
built from the layout and the options, never from the preset's name, so a house rule switched on brings its
words with it. The sentences here are the standard game's; a variant whose game says something else
overrides the sentence it changes (``bids_line``, ``forced_line``, ``bid_phrase``, ``call_lines``,
``one_mark_words``, ``extra_lines``) in its own module.
"""

from __future__ import annotations

from .exchange import ExchangeRule
from .layout import Layout, TableRules
from .seats import Seating

_NUMBERS = {3: "three", 4: "four", 6: "six", 8: "eight"}


def players_text(seating: Seating) -> str:
    """ "four players in two partnerships", "three players, each alone", "six players in two teams of three"."""
    n = seating.players
    if not seating.partnerships:
        return f"{_NUMBERS[n]} players, each alone"
    if n == 4:
        return "four players in two partnerships"
    return f"{_NUMBERS[n]} players in two teams of {_NUMBERS[n // 2]}"


class Describer:
    """The standard game's words for its rules; a variant overrides the sentences its game changes."""

    nello_word = "nello"  # the game's name for Nello (Eighty-four: "pistol")

    def exchange_rule(self, layout: Layout) -> ExchangeRule | None:
        """How the bid winner exchanges with the widow or kitty (the variant says, ``Variant``)."""
        raise NotImplementedError

    # --- the rules in force ---------------------------------------------------------------------------

    def describe(self, rules: TableRules) -> list[str]:
        """The effective rules in plain words, one line each, for the table to read."""
        o, lay = rules.options, rules.layout
        widow = ""
        if lay.widow_size:
            kind = "widow" if lay.widow_size == 1 or lay.contract_first else "kitty"
            widow = f" and a {kind} of {lay.widow_size}"
        lines = [
            f"{rules.title}: {players_text(lay.seating)}, {lay.tiles.describe()}, {lay.hand_size} tiles each{widow}.",
            self.bids_line(rules),
            self.forced_line(rules),
            "Contracts: " + ", ".join(self.contract_words(rules)) + ".",
        ]
        specials = [
            f"{b.kind.value.capitalize()} with {b.need} doubles ({b.worth(rules)} marks)"
            for b in lay.doubles_bids.values()
            if b.enabled(rules)
        ]
        if specials:
            lines.append(", ".join(specials) + ": partner names trump and leads.")
        if o.first_suit_declared:
            lines.append("First suit declared: the first lead may be called as its lower end.")
        if lay.declarable:
            tiles = " or ".join(f"{a}-{b}" for a, b in lay.declarable)
            lines.append(f"A {tiles} lead may be called as its lower end.")
        exchange = self.exchange_rule(lay)
        if exchange is not None:
            lines.append(exchange.describe)
        lines.extend(self.extra_lines(rules))
        if o.stacking != "off":
            lines.append(
                f"Stacking: on a bid of {'1' if o.stacking == 'marks' else '2'} marks or more, finished "
                "tricks are turned face down."
            )
        lines.append(
            "Every trick is played."
            if o.play_out or o.scoring == "points"
            else "A hand stops as soon as its result is certain."
        )
        unit = "marks" if o.scoring == "marks" else "points"
        score = f"Scoring: {unit}, first to {o.target}"
        if o.win_by > 1:
            score += f", win by {o.win_by}"
        if o.scoring == "points":
            score += "; a made bid scores " + ("the points taken" if o.made_scores == "taken" else "the bid")
        lines.append(score + ".")
        return lines

    def bids_line(self, rules: TableRules) -> str:
        """The bids, their order and how the auction goes round."""
        o, lay = rules.options, rules.layout
        bids = f"Bids {lay.min_bid} to {lay.max_point_bid}" + (
            f" in steps of {lay.bid_step}" if lay.bid_step > 1 else ""
        )
        for name, level in lay.named_bids.items():
            bids += f" ({level} is called {name})"
        if lay.mark_bids:
            raise_words = (
                "each later one raises by one" if o.mark_raise == "one" else "each later one up to doubles it"
            )
            bids += (
                f", then marks (the first mark bid up to {max(o.max_opening_marks, lay.min_marks)} "
                f"marks, {raise_words})"
            )
        if lay.bids_name_trump:
            bids += "; every bid names its trump"
        return bids + (
            "; the auction goes round until all but one pass."
            if lay.open_auction
            else "; one round, starting left of the dealer."
        )

    def forced_line(self, rules: TableRules) -> str:
        """What happens when everyone passes."""
        return (
            "If everyone passes the dealer must bid."
            if rules.options.forced_bid
            else "If everyone passes the hand is thrown in and the deal passes."
        )

    def contract_words(self, rules: TableRules) -> list[str]:
        """The contracts the declarer may name, each with what it needs."""
        o, lay = rules.options, rules.layout
        if lay.bids_name_trump:
            return ["the trump the bid named"]
        contracts = ["a trump suit"]
        if o.doubles_trump:
            contracts.append("doubles")
        if o.follow_me:
            contracts.append(
                "follow me (doubles " + ("their own suit)" if o.follow_me_doubles == "suit" else "high)")
            )
        if o.sevens_trump:
            contracts.append("sevens trump (tiles totalling seven)")
        if lay.count_trump_at and o.count_trump:
            contracts.append(f"count as trump (on a bid of {lay.count_trump_at})")
        needs = self.one_mark_words(lay)
        if o.nello == "on" or (o.nello == "forced-only" and o.forced_bid):
            who = "by a forced dealer, " if o.nello == "forced-only" else ""
            doubles = "doubles " + " / ".join(o.nello_doubles) + (" or a number low" if o.nello_low else "")
            contracts.append(f"{self.nello_word.capitalize()} ({who}{needs}; {doubles})")
        if o.sevens:
            contracts.append(f"Sevens (closest to {o.sevens_target}, {needs})")
        return contracts

    def one_mark_words(self, layout: Layout) -> str:
        """ "a bid of 1 mark or more" in this game's terms ("a bid of 45 or more" where 45 is the level)."""
        level = layout.one_mark_level
        return f"a bid of {level} or more" if level else "a bid of 1 mark or more"

    def extra_lines(self, rules: TableRules) -> list[str]:
        """Lines a variant adds to the rules in force, before stacking and scoring."""
        return []

    # --- the rules explained ------------------------------------------------------------------------

    def explain(self, rules: TableRules) -> list[str]:
        """A few lines that explain the game to someone who has never played it: how a hand goes, what the
        points are, what each call and contract the table allows means, and how a game is won."""
        return [
            self._hand_line(rules),
            self._points_line(rules),
            *self.call_lines(rules),
            *self._contract_lines(rules),
            self._result_line(rules),
        ]

    def bid_phrase(self, rules: TableRules) -> str:
        """What a bid is and who names the contract, in a clause."""
        lay = rules.layout
        who = "their side" if lay.partners else "they"
        if lay.bids_name_trump:
            return f"bid how many points {who} will take, each bid naming its trump; the high bidder leads"
        return f"bid how many points {who} will take; the high bidder names trumps and leads"

    def call_lines(self, rules: TableRules) -> list[str]:
        """What the calls beyond a point bid mean."""
        lay = rules.layout
        lines = []
        if lay.mark_bids:
            lowest = f"{lay.min_marks} mark{'s' if lay.min_marks > 1 else ''}"
            lines.append(f"A bid of {lowest} or more is a bid to take every trick.")
        doubles_bids = [b for b in lay.doubles_bids.values() if b.enabled(rules)]
        if doubles_bids:
            kinds = [b.kind.value.capitalize() for b in doubles_bids]
            names = " and ".join([", ".join(kinds[:-1]), kinds[-1]] if len(kinds) > 1 else kinds)
            lines.append(
                f"{names} are bids for a hand rich in doubles: the partner names trumps and leads, and "
                "the side must take every trick."
            )
        return lines

    def _hand_line(self, rules: TableRules) -> str:
        return (
            f"Each hand: deal, {self.bid_phrase(rules)}. Follow the suit led if you can (a tile's suit is its "
            "higher end; trumps are only trumps); the highest trump wins the trick, else the highest of the "
            "suit led."
        )

    def _points_line(self, rules: TableRules) -> str:
        lay = rules.layout
        values = lay.trick_values
        each = values[0]
        tricks = f"each trick is worth {each}" + (f", the last {values[-1]}" if values[-1] != each else "")
        if not lay.tiles.count:
            return f"No count: {tricks}, {lay.total} in all."
        ids = lay.tiles.ids
        count = {lay.tiles.names[t]: lay.tiles.points[t] for t in ids if lay.tiles.points[t]}
        tens = ", ".join(name for name, worth in sorted(count.items(), reverse=True) if worth == 10)
        fives = ", ".join(name for name, worth in sorted(count.items(), reverse=True) if worth == 5)
        copies = " (every copy)" if lay.tiles.copies > 1 else ""
        return (
            f"The count: {tens} are worth 10 points, {fives} are worth 5{copies}; {tricks}: "
            f"{lay.total} points in a hand."
        )

    def _contract_lines(self, rules: TableRules) -> list[str]:
        lay, o = rules.layout, rules.options
        lines = []
        if o.doubles_trump and not lay.bids_name_trump:
            lines.append(
                "Doubles: the doubles are trumps, highest pips first; a double led calls for doubles."
            )
        if o.follow_me and not lay.bids_name_trump:
            lines.append("Follow me: no trumps; each trick goes to the highest tile of the suit led.")
        if o.nello != "off":
            alone = (
                "the bidder's partners lay their tiles down and sit out, and he "
                if lay.partners
                else "the bidder "
            )
            lines.append(f"{self.nello_word.capitalize()}: {alone}must lose every trick.")
        if o.sevens:
            lines.append(
                f"Sevens: everyone must play the tile whose pips are closest to {o.sevens_target}; the "
                "closest takes the trick, the first played on a tie; the bidders must take every trick."
            )
        if o.sevens_trump:
            lines.append("Sevens trump: the tiles whose pips total seven are the trump suit.")
        if lay.count_trump_at and o.count_trump:
            lines.append(
                f"Count as trump: on a bid of {lay.count_trump_at} the count tiles are the trump suit, tens "
                "over fives."
            )
        return lines

    def _result_line(self, rules: TableRules) -> str:
        partners, o = rules.layout.partners, rules.options
        if o.scoring == "points":
            who = "each side keeps its own" if partners else "each player keeps their own"
            return f"Points add up over the hands ({who} score); the first to {o.target} wins the game."
        others = "the other side" if partners else "each of the others"
        return (
            f"A bid made wins its marks (a point bid 1 mark), a bid set gives them to {others}; the first to "
            f"{o.target} marks wins the game."
        )
