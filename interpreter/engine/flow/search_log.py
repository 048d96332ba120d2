"""The log of a search copy (Game.clone without its log): the steps that write the log
test for it and skip the work of the entries."""


class NoLog(list):
    """The log of a search copy: entries are dropped (search never reads them)."""

    def append(self, entry) -> None:
        pass
