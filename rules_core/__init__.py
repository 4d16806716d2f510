"""The regulations as code: FIDE and FMJD rating, titles and standings.

Standard library only, no file or network I/O: it parses strings it is given
and runs unchanged in CPython and in Pyodide.
"""
