"""The in-browser checker: the Pyodide bundle, the worker's Python side, its pages."""
