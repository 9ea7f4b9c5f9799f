# v0.16 call 5: GroupNorm's rows-path forward table (GN_FWD_COOP 4096 / 4 warps / 4 per
# SM first): GPU tests, gpu_groupnorm_check.py, the bench's groups forward (bf16, fp32;
# fusednorm and torch); and the same config for the row norms' 16-bit / fp32 cooperative
# forward (sweep_coop.py, default against 4096 / 4 / 4, w and b evict_last).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp c5; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
timeout -s INT -k 10 100 python -m pytest -q -p no:cacheprovider tests/test_groupnorm.py -k "cuda and (rows_path or large_gpu or 4d)" > $W/pytest_gn.log 2>&1
tail -n 1 $W/pytest_gn.log; pack
SWEEP_MODES=fwd SWEEP_N=65536,262144,1048576 SWEEP_FWD="default;4096/4/4" timeout -s INT -k 5 100 python benchmarks/sweep_coop.py $W/fwd444.json > $W/fwd444.log 2>&1; pack
timeout -s INT -k 5 130 python benchmarks/gpu_groupnorm_check.py $W > $W/gncheck.log 2>&1; pack
left=$((575 - SECONDS)); [ $left -gt 30 ] && timeout -s INT -k 5 $left python -m fusednorm.bench --suite groups --mode fwd --dtype bf16,fp32 --providers fusednorm,torch --out $W/gfwd > $W/gfwd.log 2>&1; pack
grep -h "passed\|failed\|rror" $W/pytest*.log | tail -3
cut -c1-120 $W/fwd444.log
grep "fusednorm+silu\|failures" $W/gncheck.log | cut -c1-150
python - <<'PY'
from fusednorm.bench.report import worst_cells
import json
d = json.load(open("/tmp/c5/gfwd/results.json"))
print("\n".join(worst_cells(d["results"])))
for r in d["results"]:
    if r["provider"] == "fusednorm":
        print(r["op"][:5], r["dtype"], r["label"], round(r["pct_copy"] or 0, 1), round(r["speedup_vs_best_other"] or 0, 2))
PY
