"""Solving in the window: the solver thread and its run (`SolveRun`), the solution store, the
Solve panel with its live plot, the solution browser, and the tuning that keeps the window
fluid while a kernel searches. Imports solvers and Qt; never the main window."""
