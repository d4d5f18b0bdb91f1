"""Conformance: test vectors, perft counts and the check of another engine against the reference."""
