"""Delivery: brings each table's Discord messages up to date with the table, in the background, within
Discord's limits.

- `outbox`: the table service's listener; turns each stored event into work and forgets it once shown.
- `lanes`: that work, in order, per table channel and per player's panel, merged where states may be
  skipped, retried on the next tick when Discord refuses it for a moment.
- `table_message`: the table's channel (its table message posted, edited and posted anew; summaries; posts).
- `panels`: each player's private panel in their DMs, following the game live (new on their turn, edited
  after every move between); `tidy`: what goes from their DMs (the panel replaced, refusals folded away,
  panels left behind by the process before a restart).
- `tokens`: the clicks whose interaction tokens still live, through which messages are edited outside the
  global limit; `acknowledger`: how clicks are acknowledged and answered (each on the message it was made
  on, through its own interaction); `shown`: which state each message shows, so none goes back in time.
- `sender`: every request, the bound ones planned within Discord's rate limits; `metered`: the figures
  kept on them (a wrapper around the sender); `source`: what the delivery needs of the table service.
"""
