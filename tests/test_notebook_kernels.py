"Every write-up and tutorial opens in JupyterLab without a 'Select Kernel' prompt: each carries a kernelspec."
import json, pathlib
import pytest

NBS = pathlib.Path(__file__).resolve().parent.parent / "nbs"
PAGES = sorted([*NBS.glob("writeups/*.ipynb"), *NBS.glob("tutorials/*.ipynb")])

@pytest.mark.parametrize("path", PAGES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_kernelspec(path):
    ks = json.loads(path.read_text())["metadata"].get("kernelspec")
    assert ks and ks.get("name") == "python3" and ks.get("language") == "python", f"{path.name}: no python3 kernelspec ({ks!r})"
