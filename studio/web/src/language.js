// Highlighting for .wonders files: a CodeMirror stream language made from the grammar's own
// words (the server sends them, read from grammar/wonders.lark as the Pygments lexer and the
// TextMate grammar are), so a word added to the grammar is highlighted with no list to keep.
import {StreamLanguage, HighlightStyle, syntaxHighlighting} from "@codemirror/language"
import {tags} from "@lezer/highlight"

export function wondersLanguage(words) {
  const declarations = new Set(words.declarations)
  const statements = new Set(words.statements)
  const others = new Set(words.others)
  return StreamLanguage.define({
    name: "wonders",
    token(stream) {
      if (stream.eatSpace()) return null
      if (stream.match(/^#.*/)) return "comment"
      if (stream.match(/^"[^"\n]*"?/)) return "string"
      if (stream.match(/^\d+\+?/)) return "number"
      const word = stream.match(/^[A-Za-z_][A-Za-z0-9_-]*/)
      if (word) {
        const text = word[0]
        if (declarations.has(text)) return "definitionKeyword"
        if (statements.has(text)) return "keyword"
        if (others.has(text)) return "operatorKeyword"
        return "variableName"
      }
      if (stream.match(/^[{}()]/)) return "brace"
      if (stream.match(/^[:,;]/)) return "punctuation"
      stream.next()
      return "operator"
    },
    languageData: {commentTokens: {line: "#"}},
  })
}

export const wondersHighlight = syntaxHighlighting(HighlightStyle.define([
  {tag: tags.comment, color: "#6a737d", fontStyle: "italic"},
  {tag: tags.string, color: "#0a7a3e"},
  {tag: tags.number, color: "#a04900"},
  {tag: tags.definitionKeyword, color: "#6f2dbd", fontWeight: "bold"},
  {tag: tags.keyword, color: "#1f4fbf", fontWeight: "bold"},
  {tag: tags.operatorKeyword, color: "#1f6fbf"},
  {tag: tags.brace, color: "#555"},
]))
