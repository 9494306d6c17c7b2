"""Tests: rules."""
