# v0.15 call 6: the sigmoid in two special-function instructions (activation._sigmoid) and
# two tiles for the LayerNorm forward limited to 4097-16384: GPU tests (the cooperative
# workspace's stale-word and graph tests, GroupNorm with activations); diag_act.py with
# FUSEDNORM_FAST_SIGMOID 0 and 1, and one smaller backward slice for the activation case;
# gpu_groupnorm_check.py (group_norm + silu against torch).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp c6; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
git log --oneline -1 >> $W/gpu.txt 2>/dev/null
timeout -s INT -k 10 60 python -m pytest -q -p no:cacheprovider tests/test_rownorm.py tests/test_launch.py -k "stale or graph or workspace or cooperative_rows" > $W/pytest_rows.log 2>&1
tail -n 1 $W/pytest_rows.log; pack
timeout -s INT -k 10 90 python -m pytest -q -p no:cacheprovider tests/test_groupnorm.py -k "cuda and (4d or rows_path or graph)" > $W/pytest_gn.log 2>&1
tail -n 1 $W/pytest_gn.log; pack
for fs in 0 1; do
  FUSEDNORM_FAST_SIGMOID=$fs DIAG_ACTS=none,silu,gelu_tanh timeout -s INT -k 10 60 python benchmarks/diag_act.py $W/diag_fs$fs.json > $W/diag_fs$fs.log 2>&1; pack
done
DIAG_BWD=2048/4/4 DIAG_ACTS=none,silu timeout -s INT -k 10 45 python benchmarks/diag_act.py $W/diag_2048.json > $W/diag_2048.log 2>&1; pack
left=$((575 - SECONDS)); [ $left -gt 15 ] && timeout -s INT -k 5 $left python benchmarks/gpu_groupnorm_check.py $W > $W/gncheck.log 2>&1; pack
grep -h "passed\|failed\|rror" $W/pytest*.log | tail -4
cut -c1-250 $W/diag_*.log
grep "fusednorm+silu  fwd\|failures" $W/gncheck.log | cut -c1-150
