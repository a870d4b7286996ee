"""The tournament desk: the calls a floor person makes away from the betting (the button after
busts, balancing tables, colour-ups), each a pure function of typed data and a ruleset.

`tables` reads the tables notation of the contract (`T1 btn 2: 1 A, 2 B; T2 btn 6: ...`);
`button`, `balance` and `colour` decide. Nothing here words a reply: results carry values and the
citation ids of the branch that decided them, and `handlers.desk` words them in ja/ko/en.
"""
