"""`sitegen import`: official rating lists and event files into the registry.

Readers turn a file into `Imported` players (`fide`: FIDE's TXT and XML
downloads; `fmjd`: FMJD's player file; `events`: the players of any event
file rules_core reads); `merge` matches them to `players/<game>.csv` and
writes the dated rows of `players/<game>-ratings.csv`
(docs/content-format.md, "Importing").
"""

from sitegen.importers.model import Imported, ImportedList, ImportError_

__all__ = ["Imported", "ImportedList", "ImportError_"]
