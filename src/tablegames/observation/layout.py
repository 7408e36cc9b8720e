"""Fixed-length layouts: named segments of a flat vector of floats, and a writer that fills them.

A :class:`Layout` lists its segments in order; each has a start index, a size and a meaning, so
an encoding documents itself (:meth:`Layout.table`).

>>> layout = Layout.of(("phase", 3, "the phase, one-hot"), ("hand", 2, "own pieces", True))
>>> layout.size, layout["hand"].start, layout["hand"].private
(5, 3, True)
>>> out = layout.blank()
>>> writer = Writer(layout, out)
>>> writer.one_hot("phase", 1)
>>> writer.bit("hand", 0)
>>> out
[0.0, 1.0, 0.0, 1.0, 0.0]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import attrs


@attrs.frozen
class Segment:
    """One named run of a layout: indices ``start`` to ``start + size - 1``.

    >>> Segment("hand", 10, 28, "own tiles").stop
    38
    """

    name: str
    start: int
    size: int
    meaning: str
    private: bool = False
    """True when the segment holds what only the observing seat knows (its own pieces)."""
    low: float = 0.0
    """The least value an entry can hold: 0, or minus infinity for a count that can go below
    zero (a Preference stack in debt)."""

    @property
    def stop(self) -> int:
        """One past the last index of the segment."""
        return self.start + self.size


@attrs.frozen
class Layout:
    """The segments of an encoding, in order, without gaps.

    >>> Layout.of(("a", 2, "first"), ("b", 1, "second")).names()
    ('a', 'b')
    """

    segments: tuple[Segment, ...]

    @classmethod
    def of(
        cls,
        *specs: tuple[str, int, str]
        | tuple[str, int, str, bool]
        | tuple[str, int, str, bool, float],
    ) -> Layout:
        """Build a layout from ``(name, size, meaning[, private[, low]])`` tuples, placed one
        after another.

        >>> Layout.of(("x", 4, "four values")).size
        4
        >>> Layout.of(("x", 1, "a debt", False, float("-inf"))).lows()
        [-inf]
        """
        segments = []
        start = 0
        for spec in specs:
            name, size, meaning = spec[0], spec[1], spec[2]
            private = bool(spec[3]) if len(spec) > 3 else False
            low = float(spec[4]) if len(spec) > 4 else 0.0
            segments.append(Segment(name, start, size, meaning, private, low))
            start += size
        return cls(tuple(segments))

    @property
    def size(self) -> int:
        """The length of every vector of this layout."""
        return self.segments[-1].stop if self.segments else 0

    def __getitem__(self, name: str) -> Segment:
        for segment in self.segments:
            if segment.name == name:
                return segment
        raise KeyError(name)

    def __iter__(self) -> Iterator[Segment]:
        return iter(self.segments)

    def names(self) -> tuple[str, ...]:
        """The segment names, in order."""
        return tuple(s.name for s in self.segments)

    def lows(self) -> list[float]:
        """The least value each index can hold (see :attr:`Segment.low`).

        >>> Layout.of(("a", 2, "first")).lows()
        [0.0, 0.0]
        """
        return [s.low for s in self.segments for _ in range(s.size)]

    def blank(self) -> list[float]:
        """A vector of zeros of this layout's size."""
        return [0.0] * self.size

    def table(self) -> str:
        """The layout as a Markdown table: indices, name and meaning of each segment.

        >>> print(Layout.of(("a", 2, "first"), ("b", 1, "second")).table())
        | indices | segment | meaning |
        |---|---|---|
        | 0-1 | a | first |
        | 2 | b | second |
        """
        rows = ["| indices | segment | meaning |", "|---|---|---|"]
        for s in self.segments:
            span = str(s.start) if s.size == 1 else f"{s.start}-{s.stop - 1}"
            rows.append(f"| {span} | {s.name} | {s.meaning} |")
        return "\n".join(rows)


class Writer:
    """Fills a vector segment by segment; every index is checked against its segment.

    >>> layout = Layout.of(("n", 2, "two numbers"))
    >>> out = layout.blank()
    >>> Writer(layout, out).values("n", [0.5, 1.0])
    >>> out
    [0.5, 1.0]
    """

    __slots__ = ("layout", "out")

    def __init__(self, layout: Layout, out: list[float]) -> None:
        self.layout = layout
        self.out = out

    def _at(self, name: str, offset: int) -> int:
        segment = self.layout[name]
        if not 0 <= offset < segment.size:
            raise IndexError(f"{offset} is outside segment {name!r} of size {segment.size}")
        return segment.start + offset

    def bit(self, name: str, offset: int, value: float = 1.0) -> None:
        """Set one entry of a segment."""
        self.out[self._at(name, offset)] = value

    def one_hot(self, name: str, offset: int | None) -> None:
        """Mark entry ``offset`` of a one-hot segment (nothing for ``None``)."""
        if offset is not None:
            self.bit(name, offset)

    def bits(self, name: str, offsets: Iterable[int]) -> None:
        """Mark every entry in ``offsets``."""
        for offset in offsets:
            self.bit(name, offset)

    def values(self, name: str, values: Iterable[float]) -> None:
        """Write ``values`` from the start of a segment."""
        for offset, value in enumerate(values):
            self.bit(name, offset, float(value))
