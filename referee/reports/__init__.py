"""Rendering replies and reports from named templates."""
