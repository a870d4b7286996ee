"""The trilingual rule corpus (TOML, one file per edition and part) and its loader.

Import `get_corpus` from `rules_data.corpus`; nothing is read until it is first called, so the
ruling path never pays for the corpus.
"""
