"""rules_core's own test modules, run inside Pyodide (tests/pyodide_runner.mjs).

Pyodide bundles no packages, so there is no pytest there: this module puts a
small stand-in under the names `pytest` and `hypothesis` and runs the test
functions of the given modules.  It supports what rules_core's tests use:
`mark.parametrize` (ids too), `approx`, `raises`, `skip`, fixtures (module
and function scope, `params`), `conftest.py` fixtures.  Property tests
(`hypothesis.given`) are reported as skipped: they need hypothesis.

`run(modules) -> dict` gives {passed, skipped, failed: [(test, error)]}.
"""

from __future__ import annotations

import importlib
import inspect
import itertools
import math
import re
import sys
import traceback
import types

__all__ = ["run", "install"]


class Skipped(Exception):
    """pytest.skip()."""


class _Anything:
    """Any strategy of hypothesis: callable, any attribute, combinable."""

    def __call__(self, *args, **kwargs):
        return self

    def __getattr__(self, name):
        return self

    def __or__(self, other):
        return self


# -- pytest --------------------------------------------------------------------------

class _Mark:
    def parametrize(self, names, values, ids=None, **_):
        names = [n.strip() for n in names.split(",")] if isinstance(names, str) else list(names)
        values = list(values)

        def decorate(fn):
            fn.__dict__.setdefault("_parametrize", []).append((names, values, ids))
            return fn
        return decorate

    def __getattr__(self, name):        # other marks: no effect here
        return lambda *args, **kwargs: (args[0] if args and callable(args[0]) and not kwargs
                                        else (lambda fn: fn))


def fixture(fn=None, *, scope="function", params=None, **_):
    def decorate(f):
        f._fixture = {"scope": scope, "params": params}
        return f
    return decorate(fn) if fn is not None else decorate


class approx:
    def __init__(self, expected, rel=None, abs=None):
        self.expected, self.rel, self.abs = expected, rel, abs

    def _close(self, expected, actual) -> bool:
        if isinstance(expected, (list, tuple)):
            return (isinstance(actual, (list, tuple)) and len(actual) == len(expected)
                    and all(self._close(e, a) for e, a in zip(expected, actual, strict=True)))
        if isinstance(expected, dict):
            return (isinstance(actual, dict) and actual.keys() == expected.keys()
                    and all(self._close(expected[k], actual[k]) for k in expected))
        try:
            expected, actual = float(expected), float(actual)
        except (TypeError, ValueError):
            return expected == actual
        if self.rel is None and self.abs is not None:       # pytest: abs alone
            tolerance = self.abs
        else:
            tolerance = max((1e-6 if self.rel is None else self.rel) * math.fabs(expected),
                            1e-12 if self.abs is None else self.abs)
        return expected == actual or math.fabs(expected - actual) <= tolerance

    def __eq__(self, actual):
        return self._close(self.expected, actual)

    def __repr__(self):
        return f"approx({self.expected!r})"


class _ExceptionInfo:
    value = None
    type = None


class raises:
    def __init__(self, expected, match=None):
        self.expected, self.match, self.info = expected, match, _ExceptionInfo()

    def __enter__(self):
        return self.info

    def __exit__(self, kind, value, tb):
        if kind is None:
            raise AssertionError(f"did not raise {self.expected}")
        if not issubclass(kind, self.expected):
            return False
        if self.match and not re.search(self.match, str(value)):
            raise AssertionError(f"{str(value)!r} does not match {self.match!r}")
        self.info.value, self.info.type = value, kind
        return True


def skip(reason=""):
    raise Skipped(reason)


def install() -> None:
    """Put the stand-ins under the names `pytest` and `hypothesis`."""
    pytest = types.ModuleType("pytest")
    pytest.mark, pytest.fixture, pytest.approx = _Mark(), fixture, approx
    pytest.raises, pytest.skip, pytest.Skipped = raises, skip, Skipped
    pytest.param = lambda *values, **_: values if len(values) > 1 else values[0]
    hypothesis = types.ModuleType("hypothesis")
    strategies = types.ModuleType("hypothesis.strategies")
    strategies.__getattr__ = lambda name: _Anything()

    def given(*args, **kwargs):
        def decorate(fn):
            fn._skip = "a property test: needs hypothesis"
            return fn
        return decorate

    hypothesis.given = given
    hypothesis.settings = lambda *args, **kwargs: (lambda fn: fn)
    hypothesis.HealthCheck = _Anything()
    hypothesis.assume = lambda condition: None
    hypothesis.strategies = strategies
    sys.modules.update(pytest=pytest, hypothesis=hypothesis,
                       **{"hypothesis.strategies": strategies})


# -- running ---------------------------------------------------------------------------

class _Request:
    def __init__(self, param=None):
        self.param = param


def _cases(fn):
    """(id, arguments) for every combination of its parametrize marks."""
    layers = []
    for names, values, ids in reversed(fn.__dict__.get("_parametrize", [])):
        layer = []
        for index, value in enumerate(values):
            args = dict(zip(names, value if len(names) > 1 else (value,), strict=True))
            label = (ids[index] if isinstance(ids, list) else ids(value) if callable(ids)
                     else str(index))
            layer.append((str(label), args))
        layers.append(layer)
    for combination in itertools.product(*layers):
        yield "-".join(label for label, _ in combination), {
            k: v for _, args in combination for k, v in args.items()}


class _Fixtures:
    def __init__(self, *namespaces):
        self.defs = {}
        for namespace in namespaces:
            for name, value in vars(namespace).items():
                if callable(value) and hasattr(value, "_fixture"):
                    self.defs.setdefault(name, value)
        self.module_cache = {}

    def variants(self, names):
        """Every combination of the `params` of the fixtures asked for."""
        layers = [[(n, p) for p in self.defs[n]._fixture["params"]] for n in names
                  if n in self.defs and self.defs[n]._fixture["params"]]
        return list(itertools.product(*layers)) or [()]

    def value(self, name, params):
        fn = self.defs[name]
        param = params.get(name)
        key = (name, repr(param))
        if fn._fixture["scope"] != "function" and key in self.module_cache:
            return self.module_cache[key]
        arguments = {}
        for arg in inspect.signature(fn).parameters:
            arguments[arg] = _Request(param) if arg == "request" else self.value(arg, params)
        value = fn(**arguments)
        if fn._fixture["scope"] != "function":
            self.module_cache[key] = value
        return value


def _run_module(name: str, conftest, totals: dict) -> None:
    module = importlib.import_module(name)
    fixtures = _Fixtures(module, *([conftest] if conftest else []))
    tests = [(attr, fn) for attr, fn in vars(module).items()
             if attr.startswith("test_") and inspect.isfunction(fn)]
    for attr, fn in sorted(tests, key=lambda item: item[1].__code__.co_firstlineno):
        wanted = [a for a in inspect.signature(fn).parameters]
        for variant in fixtures.variants(wanted):
            for case, args in _cases(fn):
                label = f"{name}::{attr}[{case}{'-' if case and variant else ''}" \
                        f"{'-'.join(repr(p) for _, p in variant)}]"
                _run_one(label, fn, wanted, args, dict(variant), fixtures, totals)


def _run_one(label, fn, wanted, args, params, fixtures, totals) -> None:
    if getattr(fn, "_skip", None):
        totals["skipped"] += 1
        return
    try:
        for arg in wanted:
            if arg not in args:
                if arg not in fixtures.defs:
                    raise Skipped(f"fixture {arg!r} is not available here")
                args[arg] = fixtures.value(arg, params)
        fn(**args)
    except Skipped:
        totals["skipped"] += 1
    except Exception:  # noqa: BLE001 - every failure is reported
        totals["failed"].append([label, traceback.format_exc(limit=4)])
    else:
        totals["passed"] += 1


def run(modules: list[str]) -> dict:
    install()
    try:
        conftest = importlib.import_module("tests.conftest")
    except Exception:  # noqa: BLE001 - no conftest, no shared fixtures
        conftest = None
    totals = {"passed": 0, "skipped": 0, "failed": [], "modules": list(modules),
              "python": sys.version}
    for name in modules:
        try:
            _run_module(name, conftest, totals)
        except Exception:  # noqa: BLE001 - a module that cannot be imported fails
            totals["failed"].append([name, traceback.format_exc(limit=4)])
    return totals
