"""Pure rules engines: no Django, no I/O. ``get_engine(name)`` returns one by name."""

from games.engine.core import engine_names, get_engine, register_engine

__all__ = ["engine_names", "get_engine", "register_engine"]
