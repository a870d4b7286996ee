"""The Discord layer: the bot (`app.py`), one cog per feature, and the embed renderer.

Cogs only adapt the shared handlers (`handlers.dispatch.handle`) to Discord; no ruling logic
lives here. Nothing outside this package imports discord.py.
"""
