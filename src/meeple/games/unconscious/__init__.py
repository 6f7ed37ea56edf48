"""Unconscious Mind (Kickstarter rules): Freud's Wednesday society in Vienna.

Not registered yet: the package holds the designed content and its tables
(components.py); the rules engine is still to come (docs/games/unconscious.md,
"Status").
"""
