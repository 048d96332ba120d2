"""The command-line tools' work, one module per command; cli.py only wires options."""
