"""Moonrakers on the Django side: the Dispatch, the Armory, Command Terminals, Contracts and deals."""
