# v0.15 call 5: the fixes after call 4 (coop_workspace with an unindexed device; the group
# fold's loop variable) and the configs from it (two tiles for the LayerNorm forward only):
# GPU tests; host_ab_groups.py (the fold's GPU and host time); diag_act.py (the rows-path
# backward with an activation); sweep_coop.py forward at 1536 / 3072 / 20480 (one tile
# against the library's two); bench rows forward at 5120 / 12288.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp c5; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
git log --oneline -1 >> $W/gpu.txt 2>/dev/null
timeout -s INT -k 10 110 python -m pytest -q -x -p no:cacheprovider tests/test_rownorm.py tests/test_launch.py -k "sizes or residual or dtype or weight or tile or graph or stale or workspace" > $W/pytest.log 2>&1
tail -n 1 $W/pytest.log; pack
timeout -s INT -k 10 170 python -m pytest -q -x -p no:cacheprovider tests/test_groupnorm.py -k "cuda" > $W/pytest_gn.log 2>&1
tail -n 1 $W/pytest_gn.log; pack
AB_ROUNDS=3 AB_SHAPES="16x320x64x64;16x640x32x32;16x1280x16x16;16x1280x16x16 cl;2x512x128x128" timeout -s INT -k 10 75 python benchmarks/host_ab_groups.py $W/host_ab.json > $W/host_ab.log 2>&1; pack
timeout -s INT -k 10 70 python benchmarks/diag_act.py $W/diag_act.json > $W/diag_act.log 2>&1; pack
for tt in 0 1; do
  left=$((575 - SECONDS)); [ $left -gt 30 ] && left=30; [ $left -gt 10 ] && FUSEDNORM_TWO_TILES=$tt SWEEP_OPS=ln SWEEP_MODES=fwd SWEEP_N=1536,3072,20480 SWEEP_FWD="default" timeout -s INT -k 5 $left python benchmarks/sweep_coop.py $W/fwd_tt$tt.json > $W/fwd_tt$tt.log 2>&1; pack
done
left=$((575 - SECONDS)); [ $left -gt 15 ] && timeout -s INT -k 5 $left python -m fusednorm.bench --suite rows --op layer_norm,rms_norm --kind sweep --n 5120,12288 --mode fwd --dtype bf16,fp16,fp32 --providers fusednorm,torch,compile --out $W/rows > $W/rows.log 2>&1; pack
grep -h "passed\|failed\|rror" $W/pytest*.log | tail -3
grep -v "^round" $W/host_ab.log | cut -c1-250
cut -c1-230 $W/diag_act.log
cut -c1-100 $W/fwd_tt*.log
grep -h "^| [0-9]*x5120\|^| [0-9]*x12288\|^## " $W/rows/summary.md | cut -c1-110
