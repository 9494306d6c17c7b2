"""Tests: render."""
