"""Games on a Dask distributed cluster (`--cluster tcp://HOST:8786`).

Dask rather than Ray: a cluster is a scheduler and workers started with two commands
(`dask scheduler`, `dask worker ADDRESS`) on machines that have `pip install wonders[sim]`,
with no cluster manager, and its futures have the same shape as the process pool's.  Each
worker compiles the rule set once (the same per-process cache as the pool) from the
content and variants named in the run options, and checks its fingerprint against this
machine's before playing: a worker with other rules reports every game of its chunk as
failed instead of playing other games.

Only `tcp://HOST:PORT` (or `HOST:PORT`) addresses are taken: TLS needs certificates this
command does not pass, and the other Dask schemes (inproc, ucx, ws) are not a scheduler
started with `dask scheduler`.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from urllib.parse import urlsplit

from .records import RunOptions
from .worker import EngineError, play_chunk_fitted


def cluster_address(text: str) -> str:
    """`text` as a scheduler address `tcp://HOST:PORT`; ValueError says what is wrong."""
    shown = text if "://" in text else f"tcp://{text}"
    try:
        parts = urlsplit(shown)
        port = parts.port
    except ValueError:
        raise ValueError(f"{text!r} is not a scheduler address: write tcp://HOST:PORT") from None
    if parts.scheme != "tcp":
        raise ValueError(f"{text!r}: only tcp:// scheduler addresses are supported, not {parts.scheme}://")
    if not parts.hostname or port is None or parts.path or parts.query or parts.fragment or parts.username:
        raise ValueError(f"{text!r} is not a scheduler address: write tcp://HOST:PORT, "
                         "for example tcp://10.0.0.5:8786")
    if not 0 < port < 65536:
        raise ValueError(f"{text!r}: the port must be from 1 to 65535")
    return f"tcp://{parts.netloc}"


def _refused_at_once(address: str) -> None:
    """ConnectionRefusedError when nothing listens at the scheduler's port: Dask's Client
    would try again until its time-out (10 s) before saying so."""
    import socket
    parts = urlsplit(address)
    try:
        socket.create_connection((parts.hostname, parts.port), timeout=10).close()
    except ConnectionRefusedError:
        raise
    except OSError:
        pass                    # anything else (a slow network): the Client's own time-out decides


class DaskEngine:
    """A `runner.Engine` on a Dask cluster: chunks submitted to the scheduler, two per
    worker thread in flight."""

    def __init__(self, options: RunOptions, fingerprint: str, address: str):
        try:
            from distributed import Client
        except ImportError:
            raise EngineError("--cluster needs Dask distributed: pip install 'wonders[sim]'") from None
        self.options, self.fingerprint = options, fingerprint
        try:
            scheduler = cluster_address(address)
            _refused_at_once(scheduler)
            self.client = Client(scheduler, timeout="10s")
        except Exception as err:  # noqa: BLE001 - Dask raises many kinds for an unusable address
            raise EngineError(f"cannot reach the Dask scheduler at {address}: {err}") from None
        self.workers = max(1, sum(self.client.nthreads().values()))
        self.pending: set = set()           # submitted, not yet delivered

    def run(self, work: Iterator[list[int]]) -> Iterator[list[dict]]:
        from distributed import as_completed
        from ..bots.fitcache import fits_known
        fits = fits_known()                 # the fitted players' weights travel with the games
        queue = as_completed()

        def submit(n: int) -> None:
            for chunk in islice(work, max(0, n)):
                future = self.client.submit(play_chunk_fitted, self.options, chunk, self.fingerprint, fits,
                                            pure=False)
                self.pending.add(future)
                queue.add(future)
        submit(2 * self.workers)
        for future in queue:
            self.pending.discard(future)
            records = future.result()
            submit(1)
            yield records

    def interrupt(self) -> None:
        pass                  # stop() cancels what is under way

    def stop(self) -> Iterator[list[dict]]:
        """Cancel the chunks not yet finished: on a cluster, waiting for the running ones
        could take long, and their games are played again by --resume."""
        self.client.cancel([f for f in self.pending if not f.done()])
        for future in list(self.pending):
            if future.status == "finished":
                self.pending.discard(future)
                yield future.result()

    def close(self) -> None:
        self.client.close()

    def kill(self) -> None:
        try:
            self.client.cancel(list(self.pending))
        finally:
            self.client.close()
