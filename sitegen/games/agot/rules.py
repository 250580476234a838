"""The rules both AGoT 2nd ed. formats (Joust and Melee) share, from the game's Rules Reference."""

DEFAULT_VICTORY_TOTAL = 15  # the power that wins a game, unless a card changes a player's total
