"""Text to syntax tree: the Lark grammar, the parser and the tree builder."""
