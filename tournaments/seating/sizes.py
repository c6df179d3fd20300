"""The table sizes of a round: `table_plan`, the best mix of allowed sizes."""

from __future__ import annotations

from collections.abc import Sequence

from .base import DrawError


def table_plan(
    count: int, table_size: int, allowed_sizes: Sequence[int]
) -> tuple[tuple[int, ...], int]:
    """(table sizes, number of byes) for `count` competitors.

    As many tables of `table_size` as possible; then as few tables of another size as
    possible; then the smallest total difference from `table_size`. So 17 in fours with
    sizes 3-5 gives 4, 4, 4, 5 (one odd table) rather than 4, 4, 3, 3, 3, and 18 gives
    4, 4, 4, 3, 3. Byes only when no mix of allowed sizes seats everyone, and then as few
    as possible (7 at tables of 2: one bye). Tables of `table_size` come first, then the
    others from large to small.
    """
    sizes = checked_sizes(table_size, allowed_sizes)
    if count < 2:
        raise DrawError(f"A draw needs at least 2 competitors, not {count}.")
    if count < sizes[0]:
        raise DrawError(
            f"{count} competitors cannot fill a table: the smallest allowed table has "
            f"{sizes[0]} seats."
        )
    best = _best_mixes(count, table_size, sizes)
    seated = next(c for c in range(count, sizes[0] - 1, -1) if best[c] is not None)
    tables = sorted(best[seated][1], key=lambda size: (size != table_size, -size))
    return tuple(tables), count - seated


def checked_sizes(table_size: int, allowed_sizes: Sequence[int]) -> list[int]:
    if any(isinstance(s, bool) or not isinstance(s, int) or s < 2 for s in allowed_sizes):
        raise DrawError("Table sizes must be whole numbers of at least 2.")
    sizes = sorted(set(allowed_sizes))
    if table_size not in sizes:
        allowed = ", ".join(map(str, sizes)) or "none"
        raise DrawError(f"Table size {table_size} is not among the allowed sizes ({allowed}).")
    return sizes


def _best_mixes(
    count: int, table_size: int, sizes: list[int]
) -> list[tuple[tuple[int, int, int], tuple[int, ...]] | None]:
    """For every c up to `count`: the best mix of tables seating exactly c, with its key
    (-tables of table_size, other tables, total difference), or None when none fits.
    The key is a sum over tables, so the best mix for c extends a best mix for a smaller c.
    """
    best: list[tuple[tuple[int, int, int], tuple[int, ...]] | None] = [None] * (count + 1)
    best[0] = ((0, 0, 0), ())
    for c in range(1, count + 1):
        for size in reversed(sizes):
            previous = best[c - size] if size <= c else None
            if previous is None:
                continue
            (target, other, difference), tables = previous
            odd = size != table_size
            key = (target - (not odd), other + odd, difference + abs(size - table_size))
            if best[c] is None or key < best[c][0]:
                best[c] = (key, (*tables, size))
    return best


def pairs_per_round(sizes: Sequence[int]) -> int:
    return sum(size * (size - 1) // 2 for size in sizes)
