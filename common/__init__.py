"""Pieces every app may use, below all of them: service errors and small request helpers.

Nothing here imports an app or the project package (the import-linter layers contract in
pyproject.toml keeps it so).
"""
