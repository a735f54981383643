"""gloss: a command-line glossary of AI terminology in Bengali, Arabic and English.

The package is a small library with a command line on top::

    glossary files ─parse─► entries ─align─► concepts ─store─► YAML records
        ─index─► SQLite index ─search─► hits ─render─► table | JSON
"""

__version__ = "0.2.0"
