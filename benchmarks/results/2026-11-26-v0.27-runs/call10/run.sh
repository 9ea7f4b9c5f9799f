# v0.27 call 10 (H100): call 9's question for the backward with dh (add_layer_norm /
# add_rms_norm, as called 84-88% and 89-90% at 12288-256K): candidates around the tables
# (slices 2048 / 4096, 3-5 per SM, PREFETCH without and with an L2 step, replay 2), every
# one with dh asked of the L2 (SWEEP_DH_L2=1, as the tables' entries here), with the
# tables' flags and with statistics ahead forced, two processes each, bf16. GPU time.
# Also: GPU tests of the row norms' backward after call 9's table change (16-bit RMSNorm
# without dh at 64K-512K), and the bench as called there (rms_norm bf16 / fp16 beside the
# peers, 64K-256K, bwd and fwd+bwd).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c10; mkdir -p $W
pack() { tar czf $OUT/call10.tgz -C /tmp c10; }
export SWEEP_MODES=bwd SWEEP_N=12288,16384,32768,65536,131072,262144 SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16 SWEEP_RES=1 SWEEP_DH_L2=1
export SWEEP_BWD="default;2048/4/4/1/1/0/1;2048/4/4/1/1/0/0;2048/4/5/1/1/0/0;4096/4/2/1/1/0/0;4096/4/3/1/1/0/0;2048/4/5/1/1/2/0;2048/4/4/1/1/2/0"
for v in t 1; do for o in ln rms; do
  ( [ $v = t ] || export FUSEDNORM_STATS_AHEAD=1; SWEEP_OPS=$o SWEEP_WARM=1 timeout 300 python benchmarks/sweep_coop.py $W/warm_$v$o.json > $W/warm_$v$o.log 2>&1 ) &
done; done
timeout 400 python -m pytest -q tests/test_rownorm.py -k "cuda and (backward or cooperative or stats_ahead or own_statistics or many_rows)" -p no:cacheprovider > $W/t_rows.log 2>&1 &
wait; pack; echo WARM $SECONDS
for p in 1 2; do for v in t 1; do
  ( [ $v = t ] || export FUSEDNORM_STATS_AHEAD=1; timeout 200 python benchmarks/sweep_coop.py $W/${v}_$p.json > $W/${v}_$p.log 2>&1 ); pack
done; done
timeout -s INT 150 python -m fusednorm.bench --suite rows --kind sweep --op rms_norm --dtype bf16,fp16 --mode bwd,fwd+bwd --n 65536,131072,262144 --out $W/bench > $W/bench.log 2>&1
rm -f $W/bench/*.png; pack
grep -E "FAILED|Error|passed|failed" $W/t_rows.log | tail -n 5
sed -n '/## rows/,$p' $W/bench/summary.md | grep -v "^$" | grep -v "^|---"
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c10/[t1]_?.json")):
    v = f.split("/")[-1].split("_")[0]
    for r in json.load(open(f))["rows"]:
        t[(r["op"], r["n"], r["config"], v)].append(r["pct"] if r["ok"] else -1)
for k in sorted({k[:3] for k in t}):
    a, b = t.get(k + ("t",), []), t.get(k + ("1",), [])
    print(f"{k[0]:10s} N={k[1]:7d} {k[2]:42s} tables {' '.join(f'{v:5.1f}' for v in a)}  ahead {' '.join(f'{v:5.1f}' for v in b)}")
PY
echo SECONDS $SECONDS
