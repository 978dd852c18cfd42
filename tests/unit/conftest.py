"""Fixtures shared by the domain unit tests."""

from tests.support.vocabularies import tenancy_vocabulary

__all__ = ["tenancy_vocabulary"]
