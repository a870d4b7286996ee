"""Text to a hand: the words, the header, the actions and their names, streets and the showdown.

Everything here reads what a person typed; nothing here decides a rule. `read.parse_hand` is the
entry point; the Japanese and Korean word order and particles live in `cjk/`.
"""
