"""Imports one version of pymahjonggb (the `MahjongGB` module) for the oracles.

Only one `MahjongGB` module installs per Python environment, so each version
other than the environment's is looked for first in
`target/oracle/pymahjonggb-V` of the repository (made by
`pip install --target target/oracle/pymahjonggb-V pymahjonggb==V`; `.ci/run`
does it).

`load(script, version)` returns the module; `load_from_argv(script,
default)` takes the version from a leading `--version V` of the command line
(removing it), else `default`. It exits with code 3 (and a
message on stderr) when MahjongGB cannot be imported, and with code 4 when
the distribution found is not pymahjonggb `version`: a different version is
a failure, never a skip. Stdlib only.
"""

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))


def installed_version():
    """The version of the pymahjonggb distribution found first on sys.path."""
    try:
        from importlib.metadata import PackageNotFoundError, distributions, version
    except ImportError:  # pragma: no cover - Python < 3.8
        return None
    try:
        for dist in distributions(path=sys.path):
            if (dist.metadata["Name"] or "").lower() == "pymahjonggb":
                return dist.version
        return version("pymahjonggb")
    except PackageNotFoundError:
        return None


def load(script, version):
    """Imports MahjongGB of pymahjonggb `version`; `script` names the caller
    in messages."""
    target = os.path.join(_HERE, "..", "..", "target", "oracle", "pymahjonggb-" + version)
    if os.path.isdir(target):
        sys.path.insert(0, target)
    try:
        import MahjongGB
    except ImportError as e:  # pragma: no cover - depends on the environment
        sys.stderr.write(
            "%s: cannot import MahjongGB (%s); install it with `pip install pymahjonggb==%s`\n" % (script, e, version)
        )
        sys.exit(3)
    found = installed_version()
    if found != version:
        sys.stderr.write(
            "%s: the oracle must be pymahjonggb %s, found %s (%s); install it with `pip install pymahjonggb==%s`\n"
            % (script, version, found or "no version metadata", MahjongGB.__file__, version)
        )
        sys.exit(4)
    return MahjongGB


def load_from_argv(script, default):
    """Imports the MahjongGB of the version that a leading `--version V` of
    sys.argv names (and removes it from sys.argv), else `default`."""
    version = default
    if len(sys.argv) > 2 and sys.argv[1] == "--version":
        version = sys.argv[2]
        del sys.argv[1:3]
    return load(script, version)
