# v0.18 call 5: the GPU tests with the v0.18 tables (all of tests/test_rownorm.py and
# tests/test_launch.py; test_groupnorm's GPU rows-path tests); the fp32 tables (abc422f)
# against df327b5's (16-bit prefetch only; src carried as .whl/base/src), GPU time
# (sweep_coop.py, library defaults), processes base, new, base, new, fp32 16K-1M.
export PYTHONUNBUFFERED=1
W=/tmp/c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp c5; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
B=$PWD/.whl/base/src; NEW=$PWD/src
S="SWEEP_MODES=fwd,bwd SWEEP_N=16384,65536,262144,1048576 SWEEP_DTYPES=fp32 SWEEP_OPS=ln,rms SWEEP_FWD=default SWEEP_BWD=default"
run() { local name=$1 src=$2 t=$3; shift 3; env PYTHONPATH=$src "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run wb $B 200 SWEEP_WARM=1 $S & run wn $NEW 200 SWEEP_WARM=1 $S &
PYTHONPATH=$NEW timeout -s INT 200 python -m pytest -q -p no:cacheprovider tests/test_groupnorm.py -k "cuda and (rows_path or large_gpu or 4d)" > $W/pytest_gn.log 2>&1 &
wait; pack; echo warm $SECONDS
for i in a b; do run base_$i $B 60 $S; pack; run new_$i $NEW 60 $S; pack; done
python - $W <<'PY'
import json, sys, os
W = sys.argv[1]
def load(n):
    p = os.path.join(W, n + ".json")
    if not os.path.exists(p): return {}
    return {(r["op"], r["dtype"][6:], r["mode"], r["n"]): (r["pct"], r["ok"]) for r in json.load(open(p))["rows"]}
names = ["base_a", "new_a", "base_b", "new_b"]
ds = [load(n) for n in names]
print("== defaults", " ".join(names))
for k in sorted(set().union(*[d.keys() for d in ds]), key=str):
    print(f"{k[0]:10s} {k[1]:8s} {k[2]} {k[3]:>7}", " ".join(f"{d[k][0]:5.1f}{'' if d[k][1] else '!'}" if k in d else "  -  " for d in ds))
PY
left=$((585 - SECONDS)); PYTHONPATH=$NEW timeout -s INT -k 10 $left python -m pytest -q -p no:cacheprovider tests/test_rownorm.py tests/test_launch.py > $W/pytest_rows.log 2>&1; pack
tail -n 2 $W/pytest_gn.log; tail -n 2 $W/pytest_rows.log; echo SECONDS $SECONDS
