"""The JSON API (DRF): games, their logs and legal commands, commands in notation, table actions."""
