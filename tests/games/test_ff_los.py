"""Fortune Fodder line of sight is exact (issue 10): any segment from a point of one base to a point of the other that
crosses no blocking terrain — checked against a brute-force sampler of segments on many random layouts."""
import math
import numpy as np
import pytest
from fortune_suite.geometry import Circle
from fortune_suite.games.fortune_fodder import table as T, sight as S

R = T.radius_in(40)


def blockers(pieces, b):
    return [p for p in pieces if p.kind == "impassable" or (p.kind == "cloud" and not T.overlaps(p, b))]


def sampled_clear(pieces, a, b, rng, n):
    "A clear segment between random points of the two discs, found by brute force, or None."
    blk = blockers(pieces, b)
    for _ in range(n):
        r1, t1, r2, t2 = rng.random(4)
        p = (a.x + a.r * math.sqrt(r1) * math.cos(2 * math.pi * t1), a.y + a.r * math.sqrt(r1) * math.sin(2 * math.pi * t1))
        q = (b.x + b.r * math.sqrt(r2) * math.cos(2 * math.pi * t2), b.y + b.r * math.sqrt(r2) * math.sin(2 * math.pi * t2))
        if not any(T.blocks_line(x, p, q) for x in blk): return p, q
    return None


def layout(rng):
    "Two bases and 2–5 blocks, clouds or round pieces strewn around the line between them."
    a = Circle(*rng.uniform(1, 23, 2), R * rng.uniform(0.6, 1.6))
    while True:
        b = Circle(*rng.uniform(1, 23, 2), R * rng.uniform(0.6, 1.6))
        if math.hypot(a.x - b.x, a.y - b.y) > a.r + b.r + 0.3: break
    L = math.hypot(b.x - a.x, b.y - a.y); nx, ny = -(b.y - a.y) / L, (b.x - a.x) / L
    pieces = []
    for _ in range(int(rng.integers(2, 6))):
        u, off = rng.uniform(0.1, 0.9), rng.normal(0, 1.0)
        cx, cy = a.x + u * (b.x - a.x) + off * nx, a.y + u * (b.y - a.y) + off * ny
        w, h = rng.uniform(0.2, 2.5, 2); th = rng.uniform(0, math.pi); c, s = math.cos(th), math.sin(th)
        kind = "impassable" if rng.random() < 0.85 else "cloud"
        if rng.random() < 0.2: pieces.append(T.make_piece({"kind": kind, "circle": [cx, cy, w / 2]}))
        else:
            pts = [[cx + c * x - s * y, cy + s * x + c * y] for x, y in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))]
            pieces.append(T.make_piece({"kind": kind, "polygon": pts}))
    return pieces, a, b


def test_issue_example():
    b1 = T.make_piece({"kind": "impassable", "polygon": [[6, 11.9], [7, 11.9], [7, 14], [6, 14]]})
    b2 = T.make_piece({"kind": "impassable", "polygon": [[17, 10], [18, 10], [18, 12.1], [17, 12.1]]})
    assert not any(T.blocks_line(p, (4, 11.25), (20, 12.75)) for p in (b1, b2))   # the issue's clear segment
    assert S.line_of_sight([b1, b2], (4, 12, R), (20, 12, R))


@pytest.mark.parametrize("seed", range(4))
def test_exact_against_sampler(seed):
    rng = np.random.default_rng(seed)
    seen = blocked = 0
    for _ in range(100):
        pieces, a, b = layout(rng)
        exact = S.line_of_sight(pieces, a, b)
        found = sampled_clear(pieces, a, b, rng, 1500)
        if found is not None: assert exact, ("the sampler found a clear segment", found, a, b, [p.to_dict() for p in pieces])
        if exact:
            p, q = S.sight_segment(pieces, a, b)                    # the witness is a clear segment between the discs
            assert math.dist(p, (a.x, a.y)) <= a.r + 1e-9 and math.dist(q, (b.x, b.y)) <= b.r + 1e-9
            assert not any(T.blocks_line(x, p, q) for x in blockers(pieces, b))
            seen += 1
        else: blocked += 1
    assert seen > 20 and blocked > 20                               # both outcomes are exercised
