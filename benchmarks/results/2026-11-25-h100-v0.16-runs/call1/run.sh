# v0.16 call 1: GroupNorm's rows-path backward with a fused activation holding dz across
# the wait (KEEP_DZ) and its cooperative config (sweep_gn_bwd.py); the L1 eviction
# policies of the cooperative row-norm loads and the affine parameters' cost in the
# 16-bit LayerNorm forward (diag_ln_fwd.py). GPU tests of the changed kernels first.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp c1; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
git log --oneline -1 >> $W/gpu.txt 2>/dev/null
timeout -s INT -k 10 100 python -m pytest -q -p no:cacheprovider tests/test_groupnorm.py -k "cuda and (rows_path or 4d or large_gpu)" > $W/pytest_gn.log 2>&1
tail -n 1 $W/pytest_gn.log; pack
timeout -s INT -k 10 60 python -m pytest -q -p no:cacheprovider tests/test_rownorm.py -k "cooperative" > $W/pytest_rows.log 2>&1
tail -n 1 $W/pytest_rows.log; pack
timeout -s INT -k 10 230 python benchmarks/sweep_gn_bwd.py $W/gnb.json > $W/gnb.log 2>&1; pack
left=$((575 - SECONDS)); [ $left -gt 20 ] && timeout -s INT -k 5 $left python benchmarks/diag_ln_fwd.py $W/dln.json > $W/dln.log 2>&1; pack
grep -h "passed\|failed\|rror" $W/pytest*.log | tail -4
cut -c1-150 $W/gnb.log
cut -c1-150 $W/dln.log
