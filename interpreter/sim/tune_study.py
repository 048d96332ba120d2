"""The tuner's search: an Optuna study whose trials are settings of the ranges, kept in a
journal file so that a stopped run resumes where it stopped.

Why Optuna: the ranges are whole numbers, often few and narrow, and each trial is costly
(hundreds of games); Optuna's TPE sampler handles integer and small discrete spaces
directly (CMA-ES, which the adaptive fit uses, wants a continuous space and a population
per step), it is seeded, and its journal storage appends one line per event under a lock,
so a Ctrl-C never leaves a half-written study and a second run reads every trial back.

Each trial keeps its figures (one per target, with intervals) as a user attribute: the
report of the best setting and of the runner-up region is read from the journal, never
replayed.
"""

from __future__ import annotations

import json
import os

from ..errors import WondersError
from .tune_file import TuneFile

STUDY = "wonders-tune"


class StudyMismatch(WondersError):
    """The journal was made for another file or other settings."""


def open_study(path: str, meta: dict, seed: int, fresh: bool):
    """The study kept at `path` (made if absent; replaced when `fresh`), checked against
    `meta` (the tuning file's text and the run's options)."""
    import optuna
    from optuna.storages import JournalStorage
    from optuna.storages.journal import JournalFileBackend
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    if fresh and os.path.exists(path):
        os.unlink(path)
    storage = JournalStorage(JournalFileBackend(path))
    sampler = optuna.samplers.TPESampler(seed=seed, n_startup_trials=5)
    study = optuna.create_study(study_name=STUDY, storage=storage, sampler=sampler, load_if_exists=True,
                                direction="minimize")
    kept = study.user_attrs.get("meta")
    if kept is None:
        study.set_user_attr("meta", meta)
    elif kept != json.loads(json.dumps(meta)):
        changed = sorted(k for k in set(kept) | set(meta) if kept.get(k) != json.loads(json.dumps(meta)).get(k))
        raise StudyMismatch(", ".join(changed))
    return study


def finished(study) -> list:
    import optuna
    return [t for t in study.get_trials(deepcopy=False) if t.state == optuna.trial.TrialState.COMPLETE]


def ask(study, tune: TuneFile):
    """A new trial and the value of each range for it."""
    trial = study.ask()
    return trial, {r.key: trial.suggest_int(r.key, r.low, r.high) for r in tune.ranges}


def tell(study, trial, distance: float, figures: list[dict]) -> None:
    trial.set_user_attr("figures", figures)
    study.tell(trial, distance)


def fail(study, trial, reason: str) -> None:
    import optuna
    trial.set_user_attr("failed", reason)
    study.tell(trial, state=optuna.trial.TrialState.FAIL)


def best_and_region(study) -> tuple[object | None, dict[str, tuple[int, int]], int]:
    """The best finished trial (the smallest distance; the earlier of equals), and the
    runner-up region: for each range, the smallest and largest value among the finished
    trials whose every figure is plausible (its interval reaches its target), with how many
    such trials there are."""
    done = finished(study)
    if not done:
        return None, {}, 0
    best = min(done, key=lambda t: (t.value, t.number))
    close = [t for t in done if all(f["plausible"] for f in t.user_attrs.get("figures", []))]
    region = {key: (min(t.params[key] for t in close), max(t.params[key] for t in close))
              for key in best.params} if close else {}
    return best, region, len(close)
