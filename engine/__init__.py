"""floorcall's pure core: hand notation, betting-round state and rulings. No I/O, no discord."""
