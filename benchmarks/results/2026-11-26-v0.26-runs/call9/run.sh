# v0.26 call 9 (H100): the tile forward's L1 eviction policies (TILE_EVICT, new): none
# (the table), w / b evict_last, and that with x / residual evict_first, at 4096-32768,
# bf16 / fp32, LayerNorm / RMSNorm, with and without a residual, the inference variant
# (the bench's forward); GPU time (sweep_coop.py), compiled first by six processes, then
# the three alternated in two timed processes each.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c9; mkdir -p $W
pack() { tar czf $OUT/call9.tgz -C /tmp c9; }
export SWEEP_MODES=fwd SWEEP_OPS=ln,rms SWEEP_FWD=default SWEEP_INFER=1 SWEEP_N=4096,5120,8192,12288,16384,32768
run() { timeout ${T:-200} python benchmarks/sweep_coop.py "$@"; }
P0="-,-"; P1="-,evict_last"; P2="evict_first,evict_last"
for v in 0 1 2; do for r in 0 1; do
  eval pol=\$P$v
  SWEEP_WARM=1 SWEEP_TILE_EVICT=$pol SWEEP_RES=$r SWEEP_DTYPES=bf16,fp32 run $W/warm_$v$r.json > $W/warm_$v$r.log 2>&1 &
done; done; wait; pack
for p in 1 2; do for v in 0 1 2; do
  eval pol=\$P$v
  T=150 SWEEP_TILE_EVICT=$pol SWEEP_RES=0 SWEEP_DTYPES=bf16,fp32 run $W/p${v}_r0_$p.json > $W/p${v}_r0_$p.log 2>&1; pack
  T=150 SWEEP_TILE_EVICT=$pol SWEEP_RES=1 SWEEP_DTYPES=bf16,fp32 run $W/p${v}_r1_$p.json > $W/p${v}_r1_$p.log 2>&1; pack
done; done
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c9/p*_r*_*.json")):
    name = f.split("/")[-1]
    v, r = name[1], name.split("_r")[1][0]
    for row in json.load(open(f))["rows"]:
        t[(row["op"], row["dtype"][6:], r, row["n"], v)].append(row["pct"] if row["ok"] else -1)
for k in sorted({k[:4] for k in t}):
    cells = [t.get(k + (v,), []) for v in "012"]
    print(f"{k[0]:10s} {k[1]:8s} res{k[2]} N={k[3]:6d} " + " | ".join(
        f"{name} {' '.join(f'{x:5.1f}' for x in c)}" for name, c in zip(("none", "wb_last", "x_first"), cells)))
PY
echo SECONDS $SECONDS
