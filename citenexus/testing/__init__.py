"""Test doubles for the domain package: fakes with tenancy fixtures, kept out of the rules."""
