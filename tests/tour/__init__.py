"""Tests: tour."""
