"""Events: an organiser's packs, the lists of a tournament checked together (folders,
parallel runs, rules across lists) and the event's summary spreadsheet."""
