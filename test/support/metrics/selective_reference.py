"""Reference values for selective agreement (domain/agreement-metrics/selective.ts), by libraries nobody on this project wrote.

Reads a JSON list of cases on stdin: {kind, labels, human, model, confidence}. Answers per case
{"rows": [value or null per threshold 0.5 ... 1.0], "auroc": value or null}: scikit-learn's cohen_kappa_score (quadratic
weights for ordinal) or NumPy's Lin concordance (numeric) on the items at or above each threshold, and scikit-learn's
roc_auc_score of confidence for agreement with H1 (exact equality). Null where the library answers NaN
or raises.
"""

import json
import math
import sys
import warnings

import numpy as np
from sklearn.metrics import cohen_kappa_score, roc_auc_score

warnings.simplefilter("ignore")
THRESHOLDS = [0.5, 0.6, 0.7, 0.8, 0.9, 1.0]


def finite(value):
    value = float(value)
    return value if math.isfinite(value) else None


def metric(case, h, m):
    if len(h) == 0:
        return None
    if case["kind"] == "numeric":
        h, m = np.array(h, dtype=float), np.array(m, dtype=float)
        if np.all(h == h[0]) and np.all(m == m[0]) and h[0] == m[0]:
            return None
        with np.errstate(all="ignore"):
            cov = np.mean((h - h.mean()) * (m - m.mean()))
            return finite(2 * cov / (h.var() + m.var() + (h.mean() - m.mean()) ** 2))
    weights = "quadratic" if case["kind"] == "ordinal" else None
    try:
        return finite(cohen_kappa_score(h, m, labels=case["labels"], weights=weights))
    except (ValueError, ZeroDivisionError):
        return None


def answer(case):
    h, m, c = case["human"], case["model"], np.array(case["confidence"], dtype=float)
    rows = []
    for t in THRESHOLDS:
        keep = [i for i in range(len(h)) if c[i] >= t - 1e-9]
        rows.append(metric(case, [h[i] for i in keep], [m[i] for i in keep]))
    agree = [m[i] == h[i] for i in range(len(h))]
    try:
        auroc = finite(roc_auc_score(np.array(agree, dtype=int), c)) if 0 < sum(agree) < len(agree) else None
    except ValueError:
        auroc = None
    return {"rows": rows, "auroc": auroc}


print(json.dumps([answer(case) for case in json.load(sys.stdin)]))
