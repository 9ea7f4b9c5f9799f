# v0.26 call 1 (H100): the tile path's L2 prefetch (L2_AHEAD on PATH 0, new) against none,
# the table's configs (sweep_coop.py default / d1 / d2): forward at 12288 / 16384 / 32768
# (d<k>: the rows of the program k x SMs ids on), backward at 512 / 5120 / 8192 (d<k>: the
# program's rows k steps on), bf16 / fp32, LayerNorm / RMSNorm, with and without a
# residual (dh); GPU time, compiled first by eight processes, then two timed processes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp c1; }
export SWEEP_FWD="default;d1;d2" SWEEP_BWD="default;d1;d2"
run() { timeout ${T:-200} python benchmarks/sweep_coop.py "$@"; }
for m in fwd bwd; do for r in 0 1; do for d in bf16 fp32; do
  N=12288,16384,32768; [ $m = bwd ] && N=512,5120,8192
  SWEEP_WARM=1 SWEEP_MODES=$m SWEEP_N=$N SWEEP_RES=$r SWEEP_DTYPES=$d run $W/warm_$m$r$d.json > $W/warm_$m$r$d.log 2>&1 &
done; done; done; wait; pack
for p in 1 2; do for m in fwd bwd; do for r in 0 1; do
  N=12288,16384,32768; [ $m = bwd ] && N=512,5120,8192
  T=120 SWEEP_MODES=$m SWEEP_N=$N SWEEP_RES=$r SWEEP_DTYPES=bf16,fp32 run $W/${m}_r${r}_$p.json > $W/${m}_r${r}_$p.log 2>&1; pack
done; done; done
tail -n 1 $W/warm_*.log | cut -c1-120
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c1/*_r*_*.json")):
    r = f.split("_r")[1][0]
    for row in json.load(open(f))["rows"]:
        cfg = row["config"].split()[0] if row["config"].startswith("default") else row["config"]
        l2 = "l2" + row["config"].split("/l2")[1].split()[0] if "/l2" in row["config"] else "none"
        t[(row["mode"], row["op"], row["dtype"][6:], r, row["n"], l2)].append(row["pct"] if row["ok"] else -1)
for k in sorted({k[:5] for k in t}):
    cells = [(x[5], t[x]) for x in sorted(t) if x[:5] == k]
    print(f"{k[0]} {k[1]:10s} {k[2]:8s} res{k[3]} N={k[4]:6d} " + " | ".join(
        f"{l2} {' '.join(f'{v:5.1f}' for v in vals)}" for l2, vals in cells))
PY
echo SECONDS $SECONDS
