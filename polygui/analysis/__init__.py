"""Analysis in the app: where pieces go (a heatmap over the solutions found, computed in a
thread of its own) and the uniqueness designer. Imports solving, views, models and solvers."""
