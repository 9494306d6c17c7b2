"""Tests: widget."""
