"""Who may do what on which lane: lanes and memberships (``models``), roles and capabilities
(``roles``), and the one lane lookup every API endpoint, page and MCP tool uses (``lanes``).

It sits below curation, answers and audit, and imports none of them.
"""
