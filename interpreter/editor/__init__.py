"""Editor support for .wonders files: the words of the grammar sorted by role, a Pygments
lexer and a TextMate grammar made from them, and the docs rendered with the lexer."""
