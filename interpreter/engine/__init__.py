"""The engine: cities, payments, the draft, wonder powers, military and scoring, driven
only by the compiled tables (interpreter/compile.py)."""
