"""Exporting a checked roster to files: spreadsheets (and, later, PDF).

The writers that need openpyxl or weasyprint are imported only when such a file is written.
"""
