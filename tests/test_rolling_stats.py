"""Rolling is checked against the exact distribution by chi-square tests.

Each test compares observed counts with exact expected counts over outcomes whose expectation is at least 5
(rarer outcomes are pooled into one bin). The threshold is the chi-square quantile at 1 - 1e-4 for its degrees of
freedom, so each check raises a false alarm with probability 1e-4 — and the seeds are fixed, so a run is repeatable.
"""
import math
import numpy as np
import pytest
from fortune_suite.dice import Roller, dist

ALPHA = 1e-4


def chi2_quantile(df, alpha=ALPHA):
    "Wilson–Hilferty approximation of the upper quantile (accurate to ~1% for df ≥ 3)."
    z = {1e-4: 3.719}[alpha]
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def chi2_stat(samples, d):
    obs = np.bincount(np.asarray(samples) - d.min, minlength=len(d)).astype(float)
    exp = d.probs * len(samples)
    big = exp >= 5
    o = np.append(obs[big], obs[~big].sum()); e = np.append(exp[big], exp[~big].sum())
    keep = e > 0
    o, e = o[keep], e[keep]
    return float(((o - e) ** 2 / e).sum()), len(o) - 1


@pytest.mark.parametrize("text", ["3d6", "4d6kh3", "10d6>=4", "d20+5>=14", "2d6kl1", "d6!3", "coin", "d10!2*2-3"])
def test_sample_matches_exact(text):
    x = Roller(12345).sample(text, 200_000)
    stat, df = chi2_stat(x, dist(text))
    assert df >= 1
    assert stat < chi2_quantile(max(df, 3)), f"{text}: chi2 {stat:.1f} with {df} df"


@pytest.mark.parametrize("text", ["2d6", "4d6dl1", "5d6>=5"])
def test_single_rolls_match_exact(text):
    r = Roller(99)
    x = [r.roll(text).total for _ in range(30_000)]
    stat, df = chi2_stat(x, dist(text))
    assert stat < chi2_quantile(max(df, 3)), f"{text}: chi2 {stat:.1f} with {df} df"
    assert len(r.log) == 30_000


def test_same_seed_same_rolls():
    a, b = Roller(5), Roller(5)
    assert [a.roll("4d6kh3").faces for _ in range(50)] == [b.roll("4d6kh3").faces for _ in range(50)]
    assert np.array_equal(Roller(5).sample("10d6>=4", 1000), Roller(5).sample("10d6>=4", 1000))
