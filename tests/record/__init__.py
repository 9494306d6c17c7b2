"""Tests: record."""
