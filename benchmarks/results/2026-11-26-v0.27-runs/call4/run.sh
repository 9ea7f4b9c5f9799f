# v0.27 call 4 (H100): the narrow sum tile (rownorm.SUM_NARROW, N <= 16384 with 32+ partial
# rows) in the library: (a) GPU tests of the sums and the row norms' backward; (b)
# sweep_sum.py, the old wide tile (16/256/4) against the library's choice, every dtype, op,
# with and without dh, 256-32768, two processes; (c) the bench as called (fusednorm only;
# the merged run keeps the peers' records), backward, N <= 16384, every op and dtype.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp c4; }
timeout 300 python -m pytest -q tests/test_groupnorm.py -k "cuda and sum_partials" -p no:cacheprovider > $W/t_sum.log 2>&1
timeout 400 python -m pytest -q tests/test_rownorm.py -k "cuda and (backward or residual or dh_prefetch or own_statistics)" -p no:cacheprovider > $W/t_rows.log 2>&1 &
export SUM_TILES="16/256/4;default" SUM_N=256,512,1024,2048,4096,5120,8192,12288,16384,32768 SUM_OPS=ln,rms
for r in 0 1; do for d in bf16 fp16 fp32; do
  SUM_RES=$r SUM_DTYPES=$d timeout 200 python benchmarks/sweep_sum.py $W/warm_$r$d.json > /dev/null 2>&1 &
done; done
wait; pack; echo WARM $SECONDS
for p in 1 2; do for r in 0 1; do
  SUM_RES=$r SUM_DTYPES=bf16,fp16,fp32 timeout 150 python benchmarks/sweep_sum.py $W/s${r}_$p.json > $W/s${r}_$p.log 2>&1; pack
done; done
echo SWEEP $SECONDS
timeout -s INT 240 python -m fusednorm.bench --suite rows --kind sweep --mode bwd --providers fusednorm --n 256,512,1024,2048,4096,5120,8192,12288,16384 --out $W/bench > $W/bench.log 2>&1
rm -f $W/bench/*.png; pack
for f in $W/t_*.log; do echo "== $f"; grep -E "FAILED|Error|passed|failed" $f | tail -n 8; done
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c4/s?_?.json")):
    for r in json.load(open(f))["rows"]:
        t[(r["op"], r["dtype"], r["res"], r["n"], r["tile"])].append((r["pct"], r["P"], r["ok"]))
for k in sorted({k[:4] for k in t}):
    a, b = t[k + ("16/256/4",)], t[k + ("default",)]
    print(f"{k[0]:10s} {k[1]:8s} dh{int(k[2])} N={k[3]:6d} P={a[0][1]:4d} wide {' '.join(f'{v[0]:5.1f}' for v in a)}  lib {' '.join(f'{v[0]:5.1f}' for v in b)}"
          f"  {'+' if min(v[0] for v in b) > max(v[0] for v in a) else '-' if max(v[0] for v in b) < min(v[0] for v in a) else '='}{'' if all(v[2] for v in b) else ' DIFF'}")
PY
tail -n 2 $W/bench.log
echo SECONDS $SECONDS
