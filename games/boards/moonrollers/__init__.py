"""Moonrollers on the Django side: its board, dice and Prestige track, score table and email lines."""
