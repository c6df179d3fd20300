"""Random garbage and mutated cases, for every game and check: always a verdict or a
CaseError naming a field, never another exception (CASES.md: never a traceback)."""

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.engines import CORPUS
from games import cases, registry
from games.base import CaseError

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**12), 10**12) | st.floats(allow_nan=False)
    | st.text(max_size=8) | st.sampled_from(["QS", "JK", "JK:6H", "R5", "W+4", "nest", "home:0",
                                             "Ann", "Bas", "start", "pile:red", "play", "H"]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=6),
    max_leaves=20,
)  # fmt: skip


def judged_or_case_error(case):
    try:
        out = cases.judge(case)
    except CaseError as exc:
        assert exc.field
        return None
    assert out["legal"] is (not out["violations"])
    json.dumps(out)  # the verdict is JSON as it stands
    return out


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(registry.available()), data=st.data(), extra=JSON)
def test_random_fields_for_every_check(game, data, extra):
    check = data.draw(st.sampled_from(sorted(registry.get(game).checks)))
    body = data.draw(st.dictionaries(st.text(max_size=10), JSON, max_size=6))
    judged_or_case_error({**body, "game": game, "check": check, "x": extra})


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*prefix, index))


def _mutate(case, path, new, drop):
    case = copy.deepcopy(case)
    if not path:
        return case
    *parents, last = path
    target = case
    for key in parents:
        target = target[key]
    if drop:
        del target[last]
    else:
        target[last] = new
    return case


@settings(max_examples=400, deadline=None)
@given(data=st.data(), new=JSON, drop=st.booleans())
def test_mutated_corpus_cases(data, new, drop):
    case = data.draw(st.sampled_from([c for c in CORPUS if c["game"] in registry.available()]))
    path = data.draw(st.sampled_from(list(_paths(case))))
    judged_or_case_error(_mutate(case, path, new, drop))


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(registry.available()), seed=st.integers(0, 10**6), data=st.data(),
       new=JSON, drop=st.booleans())  # fmt: skip
def test_mutated_replay_logs(game, seed, data, new, drop):
    log = registry.get(game).simulate(seed, record=True).log
    paths = list(_paths(log))
    path = paths[data.draw(st.integers(0, len(paths) - 1))]
    judged_or_case_error(_mutate(log, path, new, drop))
