"""The HTML pages of the games app, thin adapters over games.services and games.selectors."""
