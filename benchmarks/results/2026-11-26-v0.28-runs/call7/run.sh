# v0.28 call 7 (H100): more places late terms might pay: 16-bit RMSNorm without dh at
# 12288-256K with w held (2048 / 4 / 4: 128 registers, no spill, regs_late.log) or on
# 4096 / 8 / 2; 16-bit LayerNorm at 1M (8192 / 8 / 1); fp32 LayerNorm with dh at
# 12288-64K on 1024 / 4 / 5 and 4 (110 registers with late terms). Against the tables;
# GPU time (sweep_coop.py), two processes per flag setting.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp c7; }
export SWEEP_MODES=bwd
SETS=("rms_none SWEEP_OPS=rms SWEEP_DTYPES=bf16 SWEEP_RES=0 SWEEP_N=12288,16384,32768,65536,131072,262144 SWEEP_BWD=default"
      "rms_hold SWEEP_OPS=rms SWEEP_DTYPES=bf16 SWEEP_RES=0 SWEEP_N=12288,16384,32768,65536,131072,262144 FUSEDNORM_HOLD_W=1 FUSEDNORM_LATE_TERMS=1 FUSEDNORM_STATS_AHEAD=1 SWEEP_BWD=2048/4/4/1/1/0/1"
      "rms_late SWEEP_OPS=rms SWEEP_DTYPES=bf16 SWEEP_RES=0 SWEEP_N=12288,16384,32768,65536,131072,262144 FUSEDNORM_HOLD_W=0 FUSEDNORM_LATE_TERMS=1 FUSEDNORM_STATS_AHEAD=1 SWEEP_BWD=2048/4/4/1/1/0/1;4096/8/2/1/1/0/1"
      "ln1m_none SWEEP_OPS=ln SWEEP_DTYPES=bf16,fp16 SWEEP_RES=0 SWEEP_N=1048576 SWEEP_BWD=default"
      "ln1m_late SWEEP_OPS=ln SWEEP_DTYPES=bf16,fp16 SWEEP_RES=0 SWEEP_N=1048576 FUSEDNORM_LATE_TERMS=1 SWEEP_BWD=default;8192/8/1/1/1/0/0"
      "ln32dh_none SWEEP_OPS=ln SWEEP_DTYPES=fp32 SWEEP_RES=1 SWEEP_N=12288,16384,32768,65536 SWEEP_BWD=default"
      "ln32dh_late SWEEP_OPS=ln SWEEP_DTYPES=fp32 SWEEP_RES=1 SWEEP_N=12288,16384,32768,65536 FUSEDNORM_LATE_TERMS=1 SWEEP_BWD=1024/4/5/1/1/0/1;1024/4/4/1/1/0/1")
for f in "${SETS[@]}"; do
  set -- $f; tag=$1; shift; SWEEP_WARM=1 env "$@" timeout 300 python benchmarks/sweep_coop.py $W/warm_$tag.json > $W/warm_$tag.log 2>&1 &
done
wait; pack; echo WARM $SECONDS
for p in 1 2; do
  for f in "${SETS[@]}"; do
    set -- $f; tag=$1; shift
    env "$@" timeout 100 python benchmarks/sweep_coop.py $W/${tag}_$p.json > $W/${tag}_$p.log 2>&1; pack
  done
done
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c7/[rl]*_[12].json")):
    tag = f.split("/")[-1].rsplit("_", 1)[0]
    for r in json.load(open(f))["rows"]:
        t[(r["op"], r["dtype"], r["n"], tag, r["config"])].append(r["pct"] if r["ok"] else -1)
for k in sorted(t):
    print(f"{k[0][:3]} {k[1][6:]:9s} N={k[2]:7d} {k[3]:11s} {k[4]:44s} {' '.join(f'{v:5.1f}' for v in t[k])}")
PY
echo SECONDS $SECONDS
