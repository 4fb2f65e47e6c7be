"""Files in the window: New, Open, Save, Save As, the unsaved-changes prompt, autosave with
recovery after a crash, and the New Puzzle dialog. Imports solvers and models; never the main
window (it reaches the window through the `FileWindow` protocol)."""
