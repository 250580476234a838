"""sitegen: static standings sites for card-game tournaments."""
