"""Tests: notebooks."""
