# v0.25 call 11 (H100): ONE_PASS where call 10 measured it faster (16-bit LayerNorm 12288
# with and without a residual, 32768 without), now for both variants (with statistics:
# the training forward; without: the inference path), bf16 and fp16, GPU time, alternated
# twice.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c11; mkdir -p $W
pack() { tar czf $OUT/call11.tgz -C /tmp c11; }
export SWEEP_MODES=fwd SWEEP_OPS=ln SWEEP_FWD=default SWEEP_DTYPES=bf16,fp16
run() { timeout ${T:-150} python benchmarks/sweep_coop.py "$@"; }
for o in 0 1; do for i in 0 1; do
  SWEEP_WARM=1 SWEEP_ONE_PASS=$o SWEEP_INFER=$i SWEEP_N=12288,32768 run $W/warm_a$o$i.json > /dev/null 2>&1 &
  SWEEP_WARM=1 SWEEP_ONE_PASS=$o SWEEP_INFER=$i SWEEP_RES=1 SWEEP_N=12288 run $W/warm_b$o$i.json > /dev/null 2>&1 &
done; done; wait
for p in 1 2; do for o in 0 1; do for i in 0 1; do
  SWEEP_ONE_PASS=$o SWEEP_INFER=$i SWEEP_N=12288,32768 run $W/a_o${o}_i${i}_$p.json > $W/a_o${o}_i${i}_$p.log 2>&1
  SWEEP_ONE_PASS=$o SWEEP_INFER=$i SWEEP_RES=1 SWEEP_N=12288 run $W/b_o${o}_i${i}_$p.json > $W/b_o${o}_i${i}_$p.log 2>&1; pack
done; done; done
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c11/[ab]_o*_i*_*.json")):
    name = f.split("/")[-1]
    res, o, i = name[0] == "b", name.split("_o")[1][0], name.split("_i")[1][0]
    for row in json.load(open(f))["rows"]:
        t[(row["dtype"], res, row["n"], i, o)].append(row["pct"] if row["ok"] else -1)
for k in sorted({k[:4] for k in t}):
    print(f"{k[0]:15s} res{int(k[1])} N={k[2]:6d} {'infer' if k[3] == '1' else 'stats'} two "
          f"{' '.join(f'{v:5.1f}' for v in t[k + ('0',)])}  one {' '.join(f'{v:5.1f}' for v in t[k + ('1',)])}")
PY
echo SECONDS $SECONDS
