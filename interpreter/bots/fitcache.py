"""Where the adaptive bot's fitted weights are kept: one plain JSON file per rule set
(its content fingerprint, variants applied) and player count, in a per-user cache folder:
$WONDERS_CACHE_DIR, else $XDG_CACHE_HOME/wonders, else ~/.cache/wonders; the files are
in its `adaptive` folder.

The folder and its files are kept by cachefiles.py, under the rules both caches keep: the
folder is used only if it is a folder of this user's that no one else may write, never
through a link (else a warning, once: the fit is made and played but not kept); a file is
read only if it is a regular file of this user's that no one else may write, of at most
MAX_FIT_BYTES (never a FIFO waited on, a link followed or a planted file trusted), and
written whole, 0600, only where no file of someone else's (or a link, a FIFO) stands.  A
file read back must say it is one of ours (format and version), name the same
fingerprint and player count as its own file name, and every field must check; anything
else is refused with a warning and fitted again, never read for other rules and never
unpickled.  The text a fit carries (its rules' name) is shown with control characters
escaped (views/figures/fits_text.py).

Below the user's cache lie the fits that come with wonders (`SHIPPED`, made by
interpreter/bots/shipped_fits.py for the shipped first edition at each player count): a
fit found in neither is made.  So the default players of the shipped rules play at once,
and a variant's first fit spends its whole budget on the variant instead of a third of it
on the rules without it.  A fit of other rules (any change to the content changes the
fingerprint) is never among them.
"""

from __future__ import annotations

import json
import math
import os
import sys
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from ..cachefiles import CacheFolder, CacheRefused
from ..i18n import _, decimal
from ..i18n.os_reasons import os_reason
from ..i18n.reader_reasons import json_reason
from ..marked import N_, Worded
from ..printable import printable
from ..paths import CACHE_ENV, cache_root
from ..fitdefaults import BASE_SHARE, BUDGET, GAMES, GENERATIONS, PRIOR
from .weighing import NAMES, SIZE

FORMAT = "wonders-adaptive-fit"
VERSION = 10        # 2: weights kept within the bounds, variants fitted against the unchanged rules' fit;
                    # 3: military weighed as the race is likely to end, the acceptance check kept;
                    # 4: the novel part's weights (points of the score lines a variant changed);
                    # 5: a fit kept only if its check's gain is significant (fitting.judged);
                    # 6: the scale held (points at the last age at 1, weighing.ANCHOR);
                    # 7: the science part's weight on the symbols' promise only (Appraisal.science_now);
                    # 8: the race plays the city's own shields to come as a distribution (rulemodel.race_tokens);
                    # 9: a wonder stage built in order counts half the stage it opens, a build from the
                    #    discard pile the best card left over (valuation._opened, powers_worth);
                    # 10: what a stage opens weighed by weights of its own (weighing.PARTS "opened")
ENV = CACHE_ENV
MAX_FIT_BYTES = 1 << 20  # a fit file is a few kilobytes
_MARKER = ('{\n "format": ' + json.dumps(FORMAT) + ",").encode("ascii")    # how save's files begin

_memo: dict[str, list[float]] = {}       # per process: key -> weights (a run fits or reads once)
_records: dict[str, dict] = {}           # per process: key -> the cache file's data of each fit read or made
_played: dict[str, None] = {}            # per process: the keys of the fits the bots played, in order
_shown: ContextVar[dict] = ContextVar("wonders_fit_shown", default={})   # how a fit made now shows itself


@contextmanager
def shown_as(*, quiet: bool = False, progress=None, stop=None):
    """How the fits a bot makes in this block (in this thread, or a task it starts) show
    themselves: `quiet` (a command's --quiet: no bar, no lines), `progress` and `stop` as
    `train` takes them (the studio's page follows the fit, and its Cancel stops it)."""
    token = _shown.set({"quiet": quiet, "progress": progress, "stop": stop})
    try:
        yield
    finally:
        _shown.reset(token)


class CacheError(Worded):
    """The cache folder cannot be written: say where, and how to choose another (in the
    reader's language where shown: `i18n.worded`)."""


def cache_folder() -> Path:
    return cache_root() / "adaptive"


SHIPPED = Path(__file__).resolve().parent / "fits"     # the fits that come with wonders (shipped_fits.py)
SHIPPED_ENV = "WONDERS_SHIPPED_FITS"     # set empty: none is read (every rule set fitted on first use)


def shipped(tables, players: int, seed: int = 0) -> dict | None:
    """The data of the fit that came with wonders for these rules and players (seed 0), or
    None: none was made for them, $WONDERS_SHIPPED_FITS is set empty, or it is not one this
    version can play (a fit of an older version of the fit: tests/test_shipped_fits.py keeps
    them current).  Only the package's own folder is read: it is as trusted as the code,
    where a folder named from outside would need the cache's checks (cachefiles.py)."""
    if seed or os.environ.get(SHIPPED_ENV) == "":
        return None
    key = fit_key(tables, players, seed)
    try:
        data = json.loads((SHIPPED / f"{key}.json").read_text(encoding="utf-8"))
        validate(data, key, seed)
    except (OSError, ValueError, RecursionError):
        return None
    return data


def _cache() -> CacheFolder:
    return CacheFolder(cache_folder(), r"[0-9a-f]+-[0-9]+p(-seed[0-9]+)?\.json", MAX_FIT_BYTES, _MARKER,
                       N_("the adaptive bot's fits"))


def fit_key(tables, players: int, seed: int = 0) -> str:
    """The rules' content fingerprint (saves.content_digest), the player count and, but for
    seed 0, the fit's seed: two seeds are two draws of the fit, and a designer judging a
    variant over several keeps each (docs/bots.md, "How far to trust one fit")."""
    from ..engine.saves import content_digest
    return f"{content_digest(tables)}-{players}p" + (f"-seed{seed}" if seed else "")


def path_for(tables, players: int, seed: int = 0) -> Path:
    return cache_folder() / f"{fit_key(tables, players, seed)}.json"


def check_writable() -> Path:
    """The cache folder, made if need be; CacheError if it cannot be written."""
    folder = cache_folder()
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)     # no one else's to write (cachefiles.py)
    except OSError as err:
        raise CacheError(N_("the adaptive bot's cache folder {folder} cannot be made ({reason}); set {variable} "
                            "to a folder you can write"), folder=folder, reason=os_reason(err), variable=ENV) from None
    if not os.access(folder, os.W_OK):
        raise CacheError(N_("the adaptive bot's cache folder {folder} cannot be written; set {variable} to a "
                            "folder you can write"), folder=folder, variable=ENV)
    return folder


def validate(data, key: str, seed: int = 0) -> list[float]:
    """The weights of a cache file's data, or ValueError saying what is wrong with it."""
    if not isinstance(data, dict):
        raise ValueError("it is not a JSON object")
    if data.get("format") != FORMAT:
        raise ValueError(f"its format is {data.get('format')!r}, not {FORMAT!r}")
    if data.get("version") != VERSION:
        raise ValueError(f"its version is {data.get('version')!r}, not {VERSION}")
    if data.get("key") != key:
        raise ValueError(f"it is the fit of {data.get('key')!r}, not of {key!r}")
    if data.get("names") != list(NAMES):
        raise ValueError("its weights are not named as this version's are")
    weights = data.get("weights")
    if not isinstance(weights, list) or len(weights) != SIZE:
        raise ValueError(f"'weights' is not a list of {SIZE} numbers")
    for i, w in enumerate(weights):
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not math.isfinite(w) or abs(w) > 100:
            raise ValueError(f"weight {NAMES[i]!r} is {w!r}, not a finite number within +-100")
    for name, kind in (("players", int), ("seed", int), ("generations", int), ("games", int),
                       ("games_per_candidate", int)):
        value = data.get(name)
        if isinstance(value, bool) or not isinstance(value, kind) or value < 0:
            raise ValueError(f"{name!r} is {value!r}, not a whole number of 0 or more")
    if data["seed"] != seed:
        raise ValueError(f"it is the fit of seed {data['seed']}, not of seed {seed}")
    if data.get("stopped") not in ("", "budget", "interrupted"):
        raise ValueError(f"'stopped' is {data.get('stopped')!r}")
    if not isinstance(data.get("rules"), str):
        raise ValueError("'rules' is not the rules' name")
    if not isinstance(data.get("reference"), str):
        raise ValueError("'reference' is not the key of a fit or 'heuristic'")
    if not isinstance(data.get("start", ""), str):          # since issue 38; older files have none
        raise ValueError("'start' is not where the fit started")
    check = data.get("check")
    if check is not None:
        if not isinstance(check, dict) or set(check) != {"games", "gain", "half", "kept"} \
                or check["kept"] not in ("fit", "start") or isinstance(check["games"], bool) \
                or not isinstance(check["games"], int) or not all(
                    isinstance(check[k], (int, float)) and not isinstance(check[k], bool) and math.isfinite(check[k])
                    for k in ("gain", "half")):
            raise ValueError("'check' is not an acceptance check (games, gain, half, kept)")
    seconds = data.get("seconds")
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds < 10 ** 7:
        raise ValueError(f"'seconds' is {seconds!r}, not a time")
    history = data.get("history")
    if not isinstance(history, list) or len(history) != data["generations"] or not all(
            isinstance(h, (int, float)) and not isinstance(h, bool) and math.isfinite(h) for h in history):
        raise ValueError("'history' is not the mean reward of each generation")
    return [float(w) for w in weights]


def load(tables, players: int, warn=None, seed: int = 0, checked: bool = False) -> list[float] | None:
    """The stored weights for these rules, players and seed (the user's cache, else the fit
    that came with wonders, `shipped`), or None (none kept, or refused with a warning).
    `checked`: None also for a fit Ctrl-C stopped before its acceptance
    check (`wonders train` keeps what it learnt; a player chosen by default is not played
    with weights no check has judged: it is fitted again, saying so)."""
    path = path_for(tables, players, seed)
    cache = _cache()
    try:
        with cache.opened(warn) as folder:
            data = None if folder is None else cache.read(folder, path.name)
        if data is None:
            came = shipped(tables, players, seed)        # none of the user's: the one that came with wonders
            if came is None:
                return None
            _records[came["key"]] = came
            return [float(w) for w in came["weights"]]
        text = data.decode("utf-8")
    except CacheRefused as err:
        _warn(warn, _("warning: {path}: not read ({reason}); fitting again").format(path=path, reason=err.reason))
        return None
    except (OSError, UnicodeDecodeError) as err:
        _warn(warn, _("warning: {path}: cannot be read ({reason}); fitting again").format(
            path=path, reason=os_reason(err) if isinstance(err, OSError) else json_reason(err)))
        return None
    try:
        data = json.loads(text)
        weights = validate(data, fit_key(tables, players, seed), seed)
    except (ValueError, RecursionError) as err:
        _warn(warn, _("warning: {path}: not a fit this version of wonders wrote for these rules ({reason}); "
                      "fitting again, and replacing it").format(path=path, reason=printable(str(err))))
        return None
    if checked and data.get("stopped") == "interrupted":
        _warn(warn, _("note: {path}: that fit was stopped by Ctrl-C before its acceptance check; fitting again")
              .format(path=path))
        return None
    _records[data["key"]] = data
    return weights


def fits_known() -> dict[str, list[float]]:
    """The weights of every fit this process's bots played (by key): what a run sends a
    cluster's workers (sim/dask_engine.py), so that they play the fits this process made or
    read, whatever their own cache folder holds (a worker machine without it would fit on
    its own, perhaps another draw)."""
    return {key: list(_memo[key]) for key in _played if key in _memo}


def remember(fits: dict[str, list[float]]) -> None:
    """Take fits made elsewhere (`fits_known`) as this process's own: its bots play them
    without reading the cache or fitting."""
    for key, weights in fits.items():
        _memo.setdefault(key, list(weights))


def kept(tables, players: int, seed: int = 0) -> bool:
    """Whether a fit of these rules, players and seed is at hand (remembered or in the cache,
    checked), so that playing them fits nothing now."""
    return fit_key(tables, players, seed) in _memo or load(tables, players, warn=lambda _m: None, seed=seed,
                                                             checked=True) is not None


def fits_played() -> list[dict]:
    """Each fit the bots of this process played (in that order; not the fits a variant's fit
    was only made against): its rules, seed, generations, whether the budget cut it, its
    acceptance check and reference; what a study of fitted players shows beside its figures
    (one draw of the fits)."""
    fields = ("rules", "players", "seed", "generations", "games_per_candidate", "seconds", "stopped", "check",
              "reference")
    return [{**{k: _records[key][k] for k in fields}, "start": _records[key].get("start", "")}
            for key in _played if key in _records]


def save(tables, players: int, result, seed: int, reference: str = "heuristic", warn=None,
         start: str = "") -> Path | None:
    """Keep the fit in the cache: its file, or None when the folder or the file there is not
    one the cache may use (said on stderr, or to `warn`); the fit is remembered in this
    process either way."""
    check_writable()
    key = fit_key(tables, players, seed)
    data = {"format": FORMAT, "version": VERSION, "key": key, "rules": label(tables), "players": players,
            "reference": reference, "start": start or reference,
            "seed": seed, "generations": result.generations, "games": result.games,
            "games_per_candidate": result.games_per_candidate,
            "seconds": round(result.seconds, 1), "stopped": result.stopped,
            "names": list(NAMES), "weights": [float(w) for w in result.weights],
            "history": [round(h, 4) for h in result.history], "check": result.check}
    _memo[key] = list(result.weights)
    _records[key] = data
    cache = _cache()
    path = cache.path / f"{key}.json"
    with cache.opened(warn) as folder:
        if folder is None:
            return None
        try:
            cache.write(folder, path.name, (json.dumps(data, indent=1) + "\n").encode("utf-8"))
        except CacheRefused as err:
            _warn(warn, _("warning: {path}: left as it is ({reason}): the fit is not kept").format(
                path=path, reason=err.reason))
            return None
    return path


def _warn(warn, message: str) -> None:
    (warn or (lambda m: print(m, file=sys.stderr)))(message)


def fitted_weights(tables, players: int, *, budget: float = BUDGET, generations: int = GENERATIONS, games: int = GAMES,
                   seed: int = 0, workers: int | None = None) -> list[float]:
    """The weights for these rules and players: remembered in this process, else read from
    the cache, else fitted now (with progress on stderr, or as `shown_as` says) and stored
    (the rules without their variants first, if they are not kept: `reference`)."""
    key = fit_key(tables, players, seed)
    found = _memo.get(key)
    if found is None:
        found = load(tables, players, seed=seed, checked=True)
        if found is None:
            how = _shown.get()
            found = train(tables, players, budget=budget, generations=generations, games=games, seed=seed,
                          workers=workers, quiet=how.get("quiet", False), progress=how.get("progress"),
                          stop=how.get("stop"))[0].weights
        _memo[key] = found
    _played[key] = None
    return found


def label(tables) -> str:
    """The rules' name, with the variants applied (kept as written: shown through printable)."""
    return " + ".join((tables.rules.name, *tables.ruleset.variants))


def unchanged_tables(tables, players: int):
    """The rules without their variants, compiled, or None: no variant is applied, or the
    rules without them do not check clean or do not play at this player count."""
    ruleset = tables.ruleset
    if not ruleset.variants:
        return None
    from types import SimpleNamespace
    from ..check.load import check_files
    from ..compile import compile_rules
    from ..engine.game import Game, RulesError
    unchanged, _diagnostics = check_files([SimpleNamespace(items=list(ruleset.unchanged))])
    if unchanged is None:
        return None
    parent = compile_rules(unchanged)
    try:
        Game(parent, players, 0)
    except RulesError:
        return None
    return parent


def reference(tables, players: int, *, budget: float, generations: int, games: int, seed: int,
              workers: int | None, quiet: bool, progress=None, stop=None):
    """(the weights a fit of these rules plays against and starts from: the fit of the rules
    without their variants of the same seed, fitted now within BASE_SHARE of the budget if
    none is kept; its key, or "heuristic" when there is none; the seconds spent fitting it)."""
    parent = unchanged_tables(tables, players)
    if parent is None:
        return None, "heuristic", 0.0
    key = fit_key(parent, players, seed)
    found = _memo.get(key) or load(parent, players, seed=seed, checked=True)
    if found is not None:
        _memo[key] = found
        return found, key, 0.0
    if not quiet:
        print(_("the rules without their variants are fitted first: the fit of {rules} starts from theirs and "
                "plays against it").format(rules=printable(label(tables))), file=sys.stderr)
    result, _path = train(parent, players, budget=budget * BASE_SHARE, generations=generations, games=games,
                          seed=seed, workers=workers, quiet=quiet, progress=progress, stop=stop)
    _memo[key] = result.weights
    return result.weights, key, result.seconds


def train(tables, players: int, *, budget: float, generations: int, games: int, seed: int,
          workers: int | None = None, quiet: bool = False, progress=None, stop=None):
    """Fit now, with progress on stderr, and store the result: (the FitResult, its file).
    When Ctrl-C (or `stop`, a threading.Event) stopped it, what was learnt is stored, then
    the interruption goes on.  Rules with variants are fitted against the fit of the rules
    without them (fitted first if none is kept, the whole within `budget`); rules without
    start from fitdefaults.PRIOR.  `progress(label, total)` makes what follows the fit
    instead of the bar on stderr (the studio's page): an object with `update(done, total,
    result)` and `close()`."""
    from .fitting import fit
    check_writable()
    against, against_key, spent = reference(tables, players, budget=budget, generations=generations, games=games,
                                            seed=seed, workers=workers, quiet=quiet, progress=progress, stop=stop)
    title = _("fitting adaptive to {rules}, {players} players").format(rules=printable(label(tables)),
                                                                        players=players)
    shown = FitProgress(title, generations, quiet) if progress is None else progress(title, generations)
    try:
        result = fit(tables, players, seed=seed, generations=generations, budget=max(1.0, budget - spent),
                     workers=workers, games=games, on_generation=shown.update, reference=against,
                     start=None if against is not None else list(PRIOR), stop=stop)
    finally:
        shown.close()
    path = save(tables, players, result, seed, against_key, start=against_key if against is not None else "prior")
    if not quiet:
        how = {"": "", "budget": _(" (stopped by the time budget)"),
               "interrupted": _(" (stopped by Ctrl-C)")}[result.stopped]
        done = _("fitted in {seconds} s: {generations} generations, {games} games{how}").format(
            seconds=f"{result.seconds:.0f}", generations=result.generations, games=result.games, how=how)
        print(done + (_("; not kept") if path is None else _("; kept in {path}").format(path=path)), file=sys.stderr)
    if result.interruption is not None:
        raise result.interruption
    return result, path


class FitProgress:
    """A tqdm bar of generations on a terminal; elsewhere (a log, a test) one line per generation."""

    def __init__(self, label: str, total: int, quiet: bool = False):
        self.label, self.total, self.quiet, self.bar = label, total, quiet, None
        from ..plainmode import is_plain
        if not quiet and sys.stderr.isatty() and not is_plain():     # --plain: a line each, never a bar
            from tqdm import tqdm
            self.bar = tqdm(total=total, unit=_(" generations"), desc=label, file=sys.stderr, dynamic_ncols=True)
        elif not quiet:
            print(_("{label}: {total} generations at most").format(label=label, total=total), file=sys.stderr,
                  flush=True)

    def update(self, done: int, total: int, result) -> None:
        if self.bar is not None:
            self.bar.update(1)
            self.bar.set_postfix_str(_("reward {reward}").format(reward=decimal(f"{result.history[-1]:.3f}")))
        elif not self.quiet:
            print(_("generation {done}/{total}: mean reward {reward}, {games} games, {seconds} s").format(
                done=done, total=total, reward=decimal(f"{result.history[-1]:.3f}"), games=result.games,
                seconds=f"{result.seconds:.0f}"), file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None
