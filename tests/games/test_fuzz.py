"""Random garbage and mutated cases, for every game and check: always a verdict or a
CaseError naming a field, never another exception (CASES.md: never a traceback)."""

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.engines import CORPUS
from games import registry
from tests.games.helpers import json_values, judged_or_case_error, mutated, paths

JSON = json_values(
    ["QS", "JK", "JK:6H", "R5", "W+4", "nest", "home:0", "Ann", "Bas", "start", "pile:red",
     "play", "H"],
    integers=(-(10**12), 10**12), text_size=8, list_size=6, dict_size=6,
    keys=st.text(max_size=6), max_leaves=20,
)  # fmt: skip


def _field_names(value, found):
    """Every key used anywhere in a case (CASES.md's field names, player names, seats)."""
    if isinstance(value, dict):
        for key, item in value.items():
            found.add(key)
            _field_names(item, found)
    elif isinstance(value, list):
        for item in value:
            _field_names(item, found)
    return found


#: The real field names, so that random cases get past "is missing" into the engines.
FIELDS = sorted(_field_names(CORPUS, set()) - {"game", "check"})


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(registry.available()), data=st.data())
def test_random_fields_for_every_check(game, data):
    check = data.draw(st.sampled_from(sorted(registry.get(game).checks)))
    keys = st.sampled_from(FIELDS) | st.text(max_size=10)
    body = data.draw(st.dictionaries(keys, JSON, max_size=8))
    judged_or_case_error({**body, "game": game, "check": check})


def _mutate(case, path, new, drop):
    """A copy of ``case`` changed at ``path``; the empty path leaves the case as it is."""
    return mutated(case, path, new, drop=drop) if path else copy.deepcopy(case)


@settings(max_examples=400, deadline=None)
@given(data=st.data(), new=JSON, drop=st.booleans())
def test_mutated_corpus_cases(data, new, drop):
    case = data.draw(st.sampled_from([c for c in CORPUS if c["game"] in registry.available()]))
    path = data.draw(st.sampled_from(paths(case)))
    judged_or_case_error(_mutate(case, path, new, drop))


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(registry.available()), seed=st.integers(0, 10**6), data=st.data(),
       new=JSON, drop=st.booleans())  # fmt: skip
def test_mutated_replay_logs(game, seed, data, new, drop):
    log = registry.get(game).simulate(seed, record=True).log
    all_paths = paths(log)
    path = all_paths[data.draw(st.integers(0, len(all_paths) - 1))]
    judged_or_case_error(_mutate(log, path, new, drop))
