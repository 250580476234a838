"""The rules both AGoT 2nd ed. formats (Joust and Melee) share, from the game's Rules Reference."""

#: Competitive play needs at least this many players (Tournament Rules v2.0, events).
MIN_PLAYERS = 4

DEFAULT_VICTORY_TOTAL = 15  # the power that wins a game, unless a card changes a player's total
