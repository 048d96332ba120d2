"""`--cluster`: the same games on a real Dask cluster (a scheduler and two worker processes
on the loopback interface) give exactly the process pool's results."""

from __future__ import annotations

import importlib.util

import pytest

from conftest import run_cli

# (Dask is imported by the cluster's fixture, not here: its import takes about 2 s of each
# worker's collection, in the quick loop too, where these tests are left out)
pytestmark = [pytest.mark.slow,       # (pyproject.toml: what `slow` means)
              pytest.mark.skipif(importlib.util.find_spec("distributed") is None,
                                 reason="Dask distributed is not installed (pip install 'wonders[sim]')")]


@pytest.fixture(scope="module")
def cluster():
    import distributed
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as local:
        yield local.scheduler_address


def test_a_cluster_plays_the_same_games_as_the_pool(cluster, tmp_path):
    assert cluster.startswith("tcp://127.0.0.1:")
    args = ["simulate", "--quiet", "--players", "4", "--games", "30", "--seed", "12", "--bots", "greedy,random",
            "--format", "json"]
    on_cluster = run_cli(*args, "--cluster", cluster, "--out", str(tmp_path / "cluster.jsonl"))
    in_pool = run_cli(*args, "--workers", "2", "--out", str(tmp_path / "pool.jsonl"))
    assert on_cluster.returncode == 0, on_cluster.stderr
    assert in_pool.returncode == 0, in_pool.stderr
    assert on_cluster.stdout == in_pool.stdout
    from interpreter.sim.store import read_records
    by_game = lambda path: sorted(read_records(str(path))[1], key=lambda r: r["game"])  # noqa: E731
    assert by_game(tmp_path / "cluster.jsonl") == by_game(tmp_path / "pool.jsonl")


def test_compare_runs_on_a_cluster_too(cluster):
    args = ["compare", "--bots", "random", "--quiet", "--players", "3", "--games", "10", "--variant", "cheap-trade", "--format", "json"]
    on_cluster = run_cli(*args, "--cluster", cluster)
    in_pool = run_cli(*args, "--workers", "2")
    assert on_cluster.returncode == in_pool.returncode == 0, on_cluster.stderr
    assert on_cluster.stdout == in_pool.stdout


def test_a_cluster_that_cannot_be_reached_is_a_usage_error():
    result = run_cli("simulate", "--bots", "random", "--quiet", "--players", "3", "--games", "5", "--cluster", "tcp://127.0.0.1:9")
    assert result.returncode == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.stderr


def test_tune_runs_its_trials_on_a_cluster_with_the_pools_results(cluster, tmp_path):
    (tmp_path / "rich.wonders").write_text('variant "Rich" {\n    changes "7 Wonders, first edition"\n'
                                           "    set starting coins 0..30\n}\ntarget share of treasury above 20\n")
    args = ["tune", str(tmp_path / "rich.wonders"), "--quiet", "--players", "3", "--games", "10", "--trials", "3",
            "--bots", "greedy", "--format", "json", "--out", str(tmp_path / "tuned.wonders")]
    on_cluster = run_cli(*args, "--cluster", cluster, "--study", str(tmp_path / "a.study"))
    in_pool = run_cli(*args, "--workers", "2", "--study", str(tmp_path / "b.study"))
    assert on_cluster.returncode == in_pool.returncode == 0, on_cluster.stderr
    assert on_cluster.stdout == in_pool.stdout
