"""Puzzle families in the app: Solve runs every member (solvers' solve_family) in a thread, and
a dock shows the table, the designer's checks and a picture (a year's calendar or the boards'
thumbnails); a member opens as a puzzle of its own."""
