"""What PolyGUI says about a puzzle beyond its solutions: estimates before solving, reasons why
there is no solution. Imports the search, placements and puzzle layers below; never Qt."""
