"""The studio's browser code ships built (interpreter/studio/static/studio.js), so installing
and running need no npm; this fails when the bundle is older than its sources in studio/web/
(rebuild: cd studio/web && npm ci && npm run build)."""

from __future__ import annotations

import hashlib
import re
import subprocess

from conftest import ROOT

WEB = ROOT / "studio" / "web"
BUNDLE = ROOT / "interpreter" / "studio" / "static" / "studio.js"
MAX_BUNDLE_BYTES = 800 * 1024


def sources_hash() -> str:
    """The hash build.mjs records: every file of src/, package-lock.json and build.mjs."""
    files = sorted(f"src/{p.name}" for p in (WEB / "src").iterdir()) + ["package-lock.json", "build.mjs"]
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0")
        digest.update((WEB / name).read_text(encoding="utf-8").replace("\r\n", "\n").encode())
        digest.update(b"\0")
    return digest.hexdigest()


def test_the_bundle_is_built_from_the_sources_as_they_are():
    first_line = BUNDLE.read_text(encoding="utf-8").split("\n", 1)[0]
    recorded = re.search(r"sources sha256 ([0-9a-f]{64})", first_line)
    assert recorded, f"{BUNDLE} does not record its sources' hash: rebuild it"
    assert recorded.group(1) == sources_hash(), (
        "the studio's bundle is older than its sources: cd studio/web && npm ci && npm run build")


def test_the_bundle_is_minified_and_reasonably_small():
    text = BUNDLE.read_text(encoding="utf-8")
    assert len(text.encode()) < MAX_BUNDLE_BYTES
    assert text.count("\n") < 200                   # minified: a handful of long lines


def test_npm_manifests_are_kept_and_node_modules_is_not():
    assert (WEB / "package.json").is_file() and (WEB / "package-lock.json").is_file()
    assert "node_modules/" in (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    tracked = subprocess.run(["git", "ls-files", "studio/web"], cwd=ROOT, capture_output=True, text=True)
    if tracked.returncode == 0:
        assert not [line for line in tracked.stdout.splitlines() if "node_modules" in line]
