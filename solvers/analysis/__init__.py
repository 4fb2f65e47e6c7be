"""What PolyGUI says about a puzzle beyond its solutions: estimates before solving, reasons why
there is no solution, where pieces go (`statistics`), proposals for a unique solution
(`uniqueness`). May import output, parallel, search, placements and puzzle; never Qt."""
