"""Imports one version of pymahjonggb (the `MahjongGB` module) for the oracles.

Only one `MahjongGB` module installs per Python environment, so every
version is looked for first in `target/oracle/pymahjonggb-V` of the
repository, made by

    python3 -m pip install --target target/oracle/pymahjonggb-V pymahjonggb==V

(the tests that run an oracle make it when it is missing:
`tests/common/mod.rs`, `oracle_install`). Where that folder is missing, the
environment's own MahjongGB is used if it is pymahjonggb V, and only then.

`load(script, version)` returns the module; `load_from_argv(script,
default)` takes the version from a leading `--version V` of the command line
(removing it), else `default`. Modules of several versions can be loaded in
one process (each from its own file; none is left in `sys.modules`). It
exits with code 3 (and a message on stderr naming the package, the version
and the command that installs it) when pymahjonggb V is not there, and with
code 4 when the folder of V holds another version: a wrong version is a
failure, never a skip. Stdlib only.
"""

import importlib.machinery
import importlib.util
import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
ORACLE_DIR = os.path.normpath(os.path.join(_HERE, "..", "..", "target", "oracle"))


def install_command(version):
    return "python3 -m pip install --target %s pymahjonggb==%s" % (folder(version), version)


def folder(version):
    """The folder of the repository that holds pymahjonggb `version`."""
    return os.path.join(ORACLE_DIR, "pymahjonggb-" + version)


def version_in(path):
    """The version of the first pymahjonggb distribution found on `path` (a
    list of folders), or None."""
    from importlib.metadata import distributions

    for dist in distributions(path=path):
        if (dist.metadata["Name"] or "").lower() == "pymahjonggb":
            return dist.version
    return None


def installed_version():
    """The version of the pymahjonggb distribution of this environment
    (found first on sys.path), or None."""
    return version_in(sys.path)


def _fail(script, code, message):
    sys.stderr.write("%s: %s\n" % (script, message))
    sys.exit(code)


def load(script, version):
    """The MahjongGB module of pymahjonggb `version`; `script` names the
    caller in messages."""
    target = folder(version)
    if os.path.isdir(target):
        where, path = target, [target]
        fix = "remove %s and install it again with `%s`" % (target, install_command(version))
    else:
        found = installed_version()
        if found != version:
            _fail(
                script,
                3,
                "pymahjonggb %s is not installed: %s is missing and this Python (%s) has %s; install it with `%s`"
                % (
                    version,
                    target,
                    sys.executable,
                    "pymahjonggb " + found if found else "no pymahjonggb",
                    install_command(version),
                ),
            )
        where, path = "this Python's environment", sys.path
        fix = "install it into %s with `%s`" % (target, install_command(version))
    spec = importlib.machinery.PathFinder.find_spec("MahjongGB", path)
    if spec is None or spec.loader is None:
        _fail(
            script,
            3,
            "no MahjongGB module of pymahjonggb %s for this Python (%s) in %s; %s" % (version, sys.executable, where, fix),
        )
    found = version_in([os.path.dirname(spec.origin)])
    if found != version:
        _fail(
            script,
            4,
            "the oracle must be pymahjonggb %s, found %s (%s); %s"
            % (version, found or "no version metadata", spec.origin, fix),
        )
    try:
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except ImportError as e:  # pragma: no cover - depends on the environment
        _fail(
            script,
            3,
            "cannot import MahjongGB of pymahjonggb %s from %s (%s); %s" % (version, spec.origin, e, fix),
        )
    return module


def load_from_argv(script, default):
    """Imports the MahjongGB of the version that a leading `--version V` of
    sys.argv names (and removes it from sys.argv), else `default`."""
    version = default
    if len(sys.argv) > 2 and sys.argv[1] == "--version":
        version = sys.argv[2]
        del sys.argv[1:3]
    return load(script, version)
