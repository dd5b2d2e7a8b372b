"""Tournaments and club nights as plain data: the draw, the schedules (pools, round robins, single and double
elimination, club nights), results entered as games, and standings. No Discord, no storage: a tournament is a
value that ``progress.record_game`` turns into the next one, and ``codec`` writes as JSON and reads back."""
