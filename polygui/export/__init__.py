"""Exports: images of the puzzle or a solution (PNG, SVG, clipboard), contact sheets of many
solutions (PNG pages or a PDF), the solutions as data (see solvers.output.export_data), and
printing (the puzzle, a solution or a contact sheet, with a preview).
Imports solvers, views and the solution store; never the main window (it reaches the window
through the `ExportWindow` protocol)."""
