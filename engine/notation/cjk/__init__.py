"""Japanese and Korean as people chat a hand: word order, particles, questions and punctuation."""
