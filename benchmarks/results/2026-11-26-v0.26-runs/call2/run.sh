# v0.26 call 2 (H100): the tile backward's L2 prefetch, as call 1 found it (dh is the one
# stream not loaded a step ahead): d1 = dh of the next step, d2 / d3 = dh, x and dy two /
# three steps on, against none (the table's configs). With dh (r1) at 256-8192, bf16 / fp16 /
# fp32; without dh (r0, d2 / d3 only) at 4096 / 5120 / 8192. GPU time, compiled first by
# eight processes, then two timed processes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp c2; }
export SWEEP_MODES=bwd SWEEP_OPS=ln,rms
run() { timeout ${T:-200} python benchmarks/sweep_coop.py "$@"; }
R1="default;d1;d2;d3"; R0="default;d2;d3"
for d in bf16 fp16 fp32; do
  SWEEP_WARM=1 SWEEP_BWD=$R1 SWEEP_N=256,512,1024,2048 SWEEP_RES=1 SWEEP_DTYPES=$d run $W/warm_a$d.json > $W/warm_a$d.log 2>&1 &
  SWEEP_WARM=1 SWEEP_BWD=$R1 SWEEP_N=4096,5120,8192 SWEEP_RES=1 SWEEP_DTYPES=$d run $W/warm_b$d.json > $W/warm_b$d.log 2>&1 &
done
SWEEP_WARM=1 SWEEP_BWD=$R0 SWEEP_N=4096,5120,8192 SWEEP_RES=0 SWEEP_DTYPES=bf16,fp16 run $W/warm_c16.json > $W/warm_c16.log 2>&1 &
SWEEP_WARM=1 SWEEP_BWD=$R0 SWEEP_N=4096,5120,8192 SWEEP_RES=0 SWEEP_DTYPES=fp32 run $W/warm_c32.json > $W/warm_c32.log 2>&1 &
wait; pack
for p in 1 2; do
  T=150 SWEEP_BWD=$R1 SWEEP_N=256,512,1024,2048,4096,5120,8192 SWEEP_RES=1 SWEEP_DTYPES=bf16,fp16,fp32 run $W/bwd_r1_$p.json > $W/bwd_r1_$p.log 2>&1; pack
  T=150 SWEEP_BWD=$R0 SWEEP_N=4096,5120,8192 SWEEP_RES=0 SWEEP_DTYPES=bf16,fp16,fp32 run $W/bwd_r0_$p.json > $W/bwd_r0_$p.log 2>&1; pack
done
tail -n 1 $W/warm_*.log | cut -c1-120
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c2/*_r*_*.json")):
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
