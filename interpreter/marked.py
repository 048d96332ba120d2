"""`N_`: marks a sentence for extraction into the program's catalog where it is written.

Kept apart from interpreter/i18n so that code which speaks no language of its own (the
engine) can mark the sentences its callers show; `_()` translates them where shown."""


def N_(message: str) -> str:
    return message
