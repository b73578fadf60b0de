"""Reference values for the calibration metrics, computed by libraries nobody on this project wrote.

Reads a JSON list of cases on stdin and writes a JSON list of answers (same order) on stdout. Each case names a
metric and its inputs; an answer is a number, a list, or null where the library answers NaN or raises (the metric is
undefined there). Used by test/unit/calibration-metrics.test.ts; installed with test/support/metrics/requirements.txt.
"""

import json
import math
import sys
import warnings

import numpy as np
from scipy import stats
from sklearn.metrics import cohen_kappa_score, confusion_matrix

warnings.simplefilter("ignore")


def finite(value):
    value = float(value)
    return value if math.isfinite(value) else None


def kappa(h, m, labels, weights):
    try:
        return finite(cohen_kappa_score(h, m, labels=labels, weights=weights))
    except (ValueError, ZeroDivisionError):
        return None


def correlation(fn, h, m):
    try:
        return finite(fn(h, m).statistic)
    except ValueError:
        return None


def smd(h, m):
    if len(h) < 2:
        return None
    with np.errstate(all="ignore"):
        return finite((m.mean() - h.mean()) / np.sqrt((m.var(ddof=1) + h.var(ddof=1)) / 2))


def lin(h, m):
    with np.errstate(all="ignore"):
        cov = np.mean((h - h.mean()) * (m - m.mean()))
        return finite(2 * cov / (h.var() + m.var() + (h.mean() - m.mean()) ** 2))


def metric(name, h, m, labels):
    """One metric on paired arrays (human first, as sklearn's y_true)."""
    if name == "kappa":
        return kappa(h, m, labels, None)
    if name == "qwk":
        return kappa(h, m, labels, "quadratic")
    if name == "confusion":
        return confusion_matrix(h, m, labels=labels).tolist()
    if name == "pearson":
        return correlation(stats.pearsonr, h, m)
    if name == "spearman":
        return correlation(stats.spearmanr, h, m)
    if name == "mae":
        return finite(np.mean(np.abs(m - h)))
    if name == "rmse":
        return finite(np.sqrt(np.mean((m - h) ** 2)))
    if name == "smd":
        return smd(h, m)
    if name == "lin":
        return lin(h, m)
    if name == "exact":
        return finite(np.mean(h == m))
    if name == "adjacent":
        return finite(np.mean(np.abs(h - m) <= 1))
    raise ValueError(f"unknown metric {name}")


def answer(case):
    kind = case["metric"]
    if kind == "percentile":
        return np.percentile(np.asarray(case["values"], dtype=float), case["q"]).tolist()
    h = np.asarray(case["human"], dtype=float)
    m = np.asarray(case["model"], dtype=float)
    labels = case.get("labels")
    if kind == "bootstrap":
        # The same resample indices the TypeScript side drew: the metric on each resample, undefined ones skipped,
        # then NumPy's percentiles of what is left.
        values = [metric(case["inner"], h[idx], m[idx], labels) for idx in map(np.asarray, case["indices"])]
        usable = [v for v in values if v is not None]
        if not usable:
            return {"interval": None, "skipped": len(values)}
        low, high = np.percentile(np.asarray(usable), [2.5, 97.5]).tolist()
        return {"interval": [low, high], "skipped": len(values) - len(usable)}
    if kind == "paired":
        h2 = np.asarray(case["model2"], dtype=float)
        diffs = []
        for idx in map(np.asarray, case["indices"]):
            a = metric(case["inner"], h[idx], m[idx], labels)
            b = metric(case["inner"], h[idx], h2[idx], labels)
            if a is not None and b is not None:
                diffs.append(a - b)
        if not diffs:
            return {"interval": None, "skipped": len(case["indices"])}
        low, high = np.percentile(np.asarray(diffs), [2.5, 97.5]).tolist()
        return {"interval": [low, high], "skipped": len(case["indices"]) - len(diffs)}
    return metric(kind, h, m, labels)


json.dump([answer(case) for case in json.load(sys.stdin)], sys.stdout)
