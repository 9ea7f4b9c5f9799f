"""Side-by-side table of sweep_coop.py results: one row per (mode, op, dtype, N, config),
one column per JSON file (% of copy; `!` marks a result that failed the accuracy check,
`-` a cell the file lacks).

    python benchmarks/compare_sweeps.py DIR NAME [NAME ...]

NAME is a file in DIR without `.json`; a missing file counts as empty (a run cut by its
timeout). Rows are keyed by the config's tag (the library's own choice: `default ...`)."""
import json
import os
import sys


def load(path):
    if not os.path.exists(path):
        return {}
    out = {}
    for r in json.load(open(path))["rows"]:
        tag = r["config"]
        out[(r["mode"], r["op"], r["dtype"].removeprefix("torch."), r["n"], tag)] = (
            r["pct"], r["ok"])
    return out


def main():
    folder, names = sys.argv[1], sys.argv[2:]
    tables = [load(os.path.join(folder, n + ".json")) for n in names]
    print(" ".join(names))
    keys = sorted(set().union(*tables), key=lambda k: (k[0], k[1], k[2], k[3], k[4]))
    for k in keys:
        cells = " ".join(f"{t[k][0]:5.1f}{' ' if t[k][1] else '!'}" if k in t else "  -   "
                         for t in tables)
        print(f"{k[0]} {k[1]:10s} {k[2]:8s} {k[3]:>7} {cells} {k[4]}")


if __name__ == "__main__":
    main()
