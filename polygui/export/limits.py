"""The largest pictures and contact sheets the exports draw. No Qt here: the command line
checks its values against these before it imports Qt, or does any work."""

MAX_SIDE = 20_000  # pixels: larger images would need gigabytes
MAX_SHEET_COLUMNS = 20  # thumbnails across a contact sheet's page
MAX_SHEET_ROWS = 30  # and down it
