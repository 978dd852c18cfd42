"""Signing in and API tokens: the login page and its lockout, the token API and page.

It sits with the apps on top (it writes audit events: a lockout, a token made or revoked) and
keeps the token model and its authentication below every app, in ``access``.
"""
