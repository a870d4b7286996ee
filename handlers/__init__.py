"""Command handlers shared by the console and Discord: text in, one `Reply` out. No discord import."""
