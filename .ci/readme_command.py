"""Print one of README.md's two set-up commands, so that CI runs exactly what the README says.

`python3 .ci/readme_command.py main` prints the main job's command, `... test` the test
command. Each is the one-line ```sh block of the "Set-up" section, in that order; anything
else there is an error, so that the README and CI cannot drift apart silently.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"
KINDS = ("main", "test")


def setup_commands(text: str) -> dict[str, str]:
    """The set-up section's commands by kind; ValueError when the section is not as expected."""
    match = re.search(r"^## Set-up\b.*?(?=^## )", text, re.S | re.M)
    if match is None:
        raise ValueError("README.md has no '## Set-up' section")
    blocks = re.findall(r"^```sh\n(.*?)\n```", match.group(0), re.S | re.M)
    if len(blocks) != len(KINDS) or any("\n" in block for block in blocks):
        raise ValueError(f"README.md's set-up section must hold {len(KINDS)} one-line sh blocks, "
                         f"found {len(blocks)}")
    return dict(zip(KINDS, blocks))


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in KINDS:
        print(f"usage: readme_command.py {{{'|'.join(KINDS)}}}", file=sys.stderr)
        return 2
    try:
        print(setup_commands(README.read_text(encoding="utf-8"))[argv[0]])
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
