"""Exports: images of the puzzle or a solution (PNG, SVG, clipboard), contact sheets of many
solutions (PNG pages or a PDF), and the solutions as data (see solvers.export_data)."""
