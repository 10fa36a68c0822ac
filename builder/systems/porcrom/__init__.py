"""¡Por Crom!: warbands of characters and minion groups for CROM's advanced rules."""
