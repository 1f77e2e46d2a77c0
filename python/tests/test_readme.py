"""The Python examples of the READMEs, run as doctests: every `>>>` line of
README.md (the repository's) and python/README.md (the package's), from the
repository's root, its output compared. A changed output fails here, naming
the file and the example."""
import doctest
import os

import pytest

from conftest import REPO

READMES = ["README.md", os.path.join("python", "README.md")]
# At least this many examples in each: a README that lost its `>>>` lines
# (or a parser that no longer finds them) must not pass for a tested one.
MIN_EXAMPLES = {"README.md": 4, os.path.join("python", "README.md"): 10}


@pytest.mark.parametrize("name", READMES)
def test_readme_examples(name, monkeypatch):
    monkeypatch.chdir(REPO)  # the examples' paths (tests/data/...) are the repository's
    result = doctest.testfile(
        os.path.join(REPO, name),
        module_relative=False,
        optionflags=doctest.ELLIPSIS,
        verbose=False,
        report=True,
    )
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed (output above)"
    assert result.attempted >= MIN_EXAMPLES[name], f"{name}: only {result.attempted} examples found"


def test_a_wrong_output_fails(tmp_path):
    """The check itself: an example whose output is wrong is counted as failed."""
    doc = tmp_path / "wrong.md"
    doc.write_text("```python\n>>> 1 + 1\n3\n\n```\n", encoding="utf-8")
    result = doctest.testfile(str(doc), module_relative=False, verbose=False, report=False)
    assert (result.failed, result.attempted) == (1, 1)
