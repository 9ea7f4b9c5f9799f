# v0.15 call 3: the dw/db sum folded into the groups backward's main launch
# (rownorm._last_sums) and the columns path's reused workspace: GPU tests; host_ab_groups.py
# (zeros / ws / ws+fold alternated in one process, torch beside); gpu_groupnorm_check.py
# (group_norm + silu against torch); bench groups suite bf16, fusednorm and torch.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp c3; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
git log --oneline -1 >> $W/gpu.txt 2>/dev/null
timeout -s INT -k 10 115 python -m pytest -q -x -p no:cacheprovider tests/test_groupnorm.py -k "cuda" > $W/pytest_gn.log 2>&1
timeout -s INT -k 10 50 python -m pytest -q -x -p no:cacheprovider tests/test_rownorm.py tests/test_launch.py -k "cooperative or graph or stale or workspace" > $W/pytest_rows.log 2>&1
tail -n 1 $W/pytest_*.log; pack
AB_ROUNDS=5 timeout -s INT -k 10 130 python benchmarks/host_ab_groups.py $W/host_ab.json > $W/host_ab.log 2>&1; pack
timeout -s INT -k 5 130 python -m fusednorm.bench --suite groups --dtype bf16 --mode fwd,bwd --providers fusednorm,torch --out $W/groups > $W/groups.log 2>&1
pack
left=$((575 - SECONDS)); [ $left -gt 20 ] && timeout -s INT -k 5 $left python benchmarks/gpu_groupnorm_check.py $W > $W/gncheck.log 2>&1
pack
grep -h "passed\|failed\|error" $W/pytest_*.log | tail -3
grep -v "^round" $W/host_ab.log | cut -c1-250
tail -n 30 $W/gncheck.log | cut -c1-160
grep -h "G32\|^## \|^| [0-9].*x.*|" $W/groups/summary.md | cut -c1-100
