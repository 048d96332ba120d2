"""README's two set-up commands: each makes and uses a virtual environment (a system Python
under PEP 668 refuses a bare `pip install`), and CI runs the test command exactly as written."""

from __future__ import annotations

import importlib.util
import re

from conftest import ROOT


def _readme_command():
    spec = importlib.util.spec_from_file_location("readme_command", ROOT / ".ci" / "readme_command.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_each_setup_command_installs_into_a_virtual_environment_it_makes():
    commands = _readme_command().setup_commands((ROOT / "README.md").read_text(encoding="utf-8"))
    for command in commands.values():
        steps = [step.strip() for step in command.split("&&")]
        assert steps[0] == "python3 -m venv .venv", command
        for step in steps[1:]:
            assert step.startswith(".venv/bin/"), f"{step!r} does not run inside .venv: {command}"
        assert not re.search(r"(^|\s)(python3 -m )?pip install", command.replace(".venv/bin/python -m pip", ""))
    main = commands["main"]
    assert main.index("wonders check") < main.index("wonders play"), main
    assert commands["test"].endswith(".venv/bin/python -m pytest")


def test_ci_runs_the_readme_test_command_as_written():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    code = [line for line in ci.splitlines() if not line.lstrip().startswith("#")]
    assert 'test_command="$(python3 .ci/readme_command.py test)"' in code
    assert 'bash -c "$test_command"' in code
    assert not [line for line in code if "pytest" in line or "pip install" in line], \
        "CI must run the README's command, not a copy of it"


def test_a_set_up_section_that_drifted_is_refused():
    module = _readme_command()
    for broken in ("# x\n## Set-up\n```sh\na\n```\n## Next\n",
                   "# x\n## Set-up\n```sh\na\nb\n```\n```sh\nc\n```\n## Next\n",
                   "# no section\n"):
        try:
            module.setup_commands(broken)
        except ValueError:
            continue
        raise AssertionError(f"accepted: {broken!r}")
