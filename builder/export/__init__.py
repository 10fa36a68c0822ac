"""Writing a checked roster: text and JSON reports, the spreadsheet (openpyxl), the PDF
(Jinja2 + WeasyPrint), and the safe, atomic writing of output files.

The writers that need openpyxl or weasyprint are imported only when such a file is written.
"""
