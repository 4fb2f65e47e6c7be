"""Play: a person places pieces by hand; the solver says which placements are legal, whether
the pieces placed are in a solution, and gives one that is (for hints). No Qt here."""
