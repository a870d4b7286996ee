"""A whole hand across streets: posting blinds and antes, stacks, and the checks between streets."""
