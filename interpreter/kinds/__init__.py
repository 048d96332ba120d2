"""One module per kind of the language: everything about a kind in one place.

A kind's module holds its syntax tree class and, behind the interface of `base.py`, what
every pass needs of it: its check, its run (and the expression it counts, compiled once),
its printing for `wonders fmt`, its words in each language, its icons, its accessible
notation and what the bots read of it.  The passes look a kind up (`actions.kind_of`,
`effects.effect_kind_of`) instead of switching on its class; a kind module that lacks a
part fails when it is imported (`base.ActionKind`, `effect_base.EffectKind`), not in a game.

The kinds are core: their modules import only the syntax tree's leaves
(`syntax/ast_base.py`), the program's messages (`i18n`) and their interface (`base.py`,
`effect_base.py`).  What a pass lends a kind (the checker's rules for expressions, the
dispatcher of a game, the describer of a language, the icons) it passes in as an
argument, its shape declared in `lent.py`, so no kind imports a pass, a view or a bot
(docs/architecture.md, "One module per kind").

The kinds of decision (a turn's card, a draft's pick, an offer, ...) have theirs too, in
`decisions/` behind `decision_base.py` (docs/architecture.md, "The decision loop"); a kind
of action that is a phase's statement too meets `statement_base.py` as well."""
