"""Games on a Dask distributed cluster (`--cluster tcp://HOST:8786`).

Dask rather than Ray: a cluster is a scheduler and workers started with two commands
(`dask scheduler`, `dask worker ADDRESS`) on machines that have `pip install wonders[sim]`,
with no cluster manager, and its futures have the same shape as the process pool's.  Each
worker compiles the rule set once (the same per-process cache as the pool) from the
content and variants named in the run options, and checks its fingerprint against this
machine's before playing: a worker with other rules reports every game of its chunk as
failed instead of playing other games.
"""

from __future__ import annotations

from collections.abc import Iterator

from .records import RunOptions
from .runner import EngineError, play_chunk


class DaskEngine:
    def __init__(self, options: RunOptions, fingerprint: str, address: str):
        try:
            from distributed import Client
        except ImportError:
            raise EngineError("--cluster needs Dask distributed: pip install 'wonders[sim]'") from None
        self.options, self.fingerprint = options, fingerprint
        try:
            self.client = Client(address, timeout="10s")
        except (OSError, TimeoutError) as err:
            raise EngineError(f"cannot reach the Dask scheduler at {address}: {err}") from None
        self.workers = max(1, sum(self.client.nthreads().values()))
        self.futures: list = []

    def run(self, work: list[list[int]]) -> Iterator[list[dict]]:
        from distributed import as_completed
        self.futures = [self.client.submit(play_chunk, self.options, chunk, self.fingerprint, pure=False)
                        for chunk in work]
        for future in as_completed(self.futures):
            yield future.result()

    def stop(self) -> Iterator[list[dict]]:
        """Cancel the chunks not yet finished: on a cluster, waiting for the running ones
        could take long, and their games are played again by --resume."""
        self.client.cancel([f for f in self.futures if not f.done()])
        for future in self.futures:
            if future.status == "finished":
                yield future.result()

    def close(self) -> None:
        self.client.close()
