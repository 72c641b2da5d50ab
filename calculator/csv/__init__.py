"""The files a reader gives the tools, read as CSV from Excel or any spreadsheet (UTF-8 or Windows-1252;
``,``, ``;`` or tab; a text pasted on the page is the same):

- ``text``: decoding, the separator, lines and cells, and the bytes of a request (``csv`` or
  ``csv_base64``), with the size limit;
- ``candidates``: a classification list (the simulator's), and ``scores``: how its scores are written;
- ``cargos``: an edital's table of cargos and vacancies (the edital tool's).
"""

__all__ = ["candidates", "cargos", "pdf_table", "scores", "text"]
