# v0.16 call 2: the adopted choices (GN_BWD_COOP 2048 / 4 / 4 first, KEEP_DZ in 16-bit,
# evict_last on the cooperative forward's w / b loads). GPU tests; sweep_coop.py forward,
# default configs, FWD_EVICT none against evict_last, plain and residual, bf16 / fp32, 64K
# and 1M; two rows a step for 16-bit LayerNorm with evict_last; gpu_groupnorm_check.py; the
# bench's rows forward at 64K-1M (layer_norm, add_layer_norm, bf16), all peers.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp c2; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
timeout -s INT -k 10 60 python -m pytest -q -p no:cacheprovider tests/test_groupnorm.py -k "cuda and (rows_path or large_gpu)" > $W/pytest_gn.log 2>&1
tail -n 1 $W/pytest_gn.log; pack
timeout -s INT -k 10 50 python -m pytest -q -p no:cacheprovider tests/test_rownorm.py -k "cooperative_rows or cooperative_forward or million_row_gpu or stale or cuda_graph_coop" > $W/pytest_rows.log 2>&1
tail -n 1 $W/pytest_rows.log; pack
for res in 0 1; do for ev in -,- -,evict_last; do
  SWEEP_RES=$res SWEEP_FWD_EVICT=$ev SWEEP_MODES=fwd SWEEP_N=65536,1048576 SWEEP_FWD=default timeout -s INT -k 5 50 python benchmarks/sweep_coop.py $W/ev_r${res}_${ev#-,}.json > $W/ev_r${res}_${ev#-,}.log 2>&1; pack
done; done
SWEEP_FWD_EVICT=-,evict_last SWEEP_MODES=fwd SWEEP_N=65536,262144,1048576 SWEEP_OPS=ln SWEEP_DTYPES=bf16 SWEEP_FWD="default;4096/8/2/1/2;8192/8/1/1/2;2048/4/4/1/2" timeout -s INT -k 5 60 python benchmarks/sweep_coop.py $W/rows2.json > $W/rows2.log 2>&1; pack
timeout -s INT -k 5 150 python benchmarks/gpu_groupnorm_check.py $W > $W/gncheck.log 2>&1; pack
left=$((575 - SECONDS)); [ $left -gt 30 ] && timeout -s INT -k 5 $left python -m fusednorm.bench --suite rows --op layer_norm,add_layer_norm --kind sweep --n 65536,131072,262144,1048576 --mode fwd --dtype bf16 --out $W/rows > $W/rows.log 2>&1; pack
grep -h "passed\|failed\|rror" $W/pytest*.log | tail -4
for f in $W/ev_*.log $W/rows2.log; do echo "== $f"; cut -c1-120 $f; done
grep "fusednorm+silu\|failures" $W/gncheck.log | cut -c1-150
grep -A8 "layer_norm / bf16 / fwd" $W/rows/summary.md | cut -c1-140
