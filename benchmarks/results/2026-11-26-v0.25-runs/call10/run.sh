# v0.25 call 10 (H100): the tile forward's LayerNorm statistics from one pair reduction
# of shifted sums (ONE_PASS, new) against two reductions, the table's configs, N 256-32K,
# bf16 / fp32, with and without a residual, the inference variant (the bench's forward);
# GPU time (sweep_coop.py), compiled first by eight processes at once, then the two
# variants alternated twice. A short check of the variant with statistics at 32K last.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c10; mkdir -p $W
pack() { tar czf $OUT/call10.tgz -C /tmp c10; }
export SWEEP_MODES=fwd SWEEP_OPS=ln SWEEP_FWD=default SWEEP_INFER=1
export SWEEP_N=256,512,1024,2048,4096,5120,8192,12288,16384,32768
run() { timeout ${T:-200} python benchmarks/sweep_coop.py "$@"; }
for o in 0 1; do for r in 0 1; do for d in bf16 fp32; do
  SWEEP_WARM=1 SWEEP_ONE_PASS=$o SWEEP_RES=$r SWEEP_DTYPES=$d run $W/warm_$o$r$d.json > $W/warm_$o$r$d.log 2>&1 &
done; done; done; wait; pack
for p in 1 2; do for o in 0 1; do
  T=150 SWEEP_ONE_PASS=$o SWEEP_RES=0 SWEEP_DTYPES=bf16,fp32 run $W/p${o}_r0_$p.json > $W/p${o}_r0_$p.log 2>&1; pack
  T=150 SWEEP_ONE_PASS=$o SWEEP_RES=1 SWEEP_DTYPES=bf16,fp32 run $W/p${o}_r1_$p.json > $W/p${o}_r1_$p.log 2>&1; pack
done; done
tail -n 1 $W/warm_*.log | cut -c1-120
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c10/p*_r*_*.json")):
    o, r = f.split("/")[-1][1], f.split("_r")[1][0]
    for row in json.load(open(f))["rows"]:
        t[(row["dtype"], r, row["n"], o)].append(row["pct"] if row["ok"] else -1)
for k in sorted({k[:3] for k in t}):
    two, one = t[k + ("0",)], t[k + ("1",)]
    print(f"{k[0]:15s} res{k[1]} N={k[2]:6d} two {' '.join(f'{v:5.1f}' for v in two)}  one {' '.join(f'{v:5.1f}' for v in one)}")
PY
echo SECONDS $SECONDS
