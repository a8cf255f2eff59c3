"""The README's OpenSpiel and PettingZoo examples run as written (issue 32): each ```python block after an
`<!-- interop-example: … -->` marker is read from README.md and executed."""
import pathlib, re
import pytest

pytest.importorskip("pyspiel"); pytest.importorskip("pettingzoo")
README = pathlib.Path(__file__).resolve().parents[2] / "README.md"
EXAMPLES = dict(re.findall(r"<!-- interop-example: (\w+) -->\s*```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S))


def test_both_examples_are_there():
    assert set(EXAMPLES) == {"openspiel", "pettingzoo"}


@pytest.mark.parametrize("name", ["openspiel", "pettingzoo"])
def test_example_runs(name, capsys):
    exec(compile(EXAMPLES[name], f"README.md:{name}", "exec"), {"__name__": "__readme__"})
    out = capsys.readouterr().out
    assert out.startswith("returns:" if name == "openspiel" else "result:"), out
