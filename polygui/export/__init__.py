"""Exports: images of the puzzle or a solution (PNG, SVG, clipboard), contact sheets of many
solutions (PNG pages or a PDF), and the solutions as data (see solvers.output.export_data).
Imports solvers, views and the solution store; never the main window (it reaches the window
through the `ExportWindow` protocol)."""
