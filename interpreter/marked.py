"""`N_`: marks a sentence for extraction into the program's catalog where it is written.

Kept apart from interpreter/i18n so that code which speaks no language of its own (the
engine) can mark the sentences its callers show; `_()` translates them where shown."""

from .errors import WondersError


def N_(message: str) -> str:
    return message


class Worded(WondersError):
    """An error of code that speaks no language (the engine, the bots): its sentence is an
    English template marked with N_ and the values to fill in, so the command that shows
    it words it in the reader's language (`interpreter.i18n.worded`); str() is the English."""

    def __init__(self, template: str, **params):
        super().__init__(template.format(**params) if params else template)
        self.template, self.params = template, params
