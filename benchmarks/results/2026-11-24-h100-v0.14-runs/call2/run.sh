# v0.14 call 2: per-config SYNC (SYNC4 table) on the GPU: tests, sweep_coop with the
# library's own choice, the bench's LayerNorm rows cells; trace_groups.py (where the
# groups backward's time goes, fusednorm and torch).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp c2; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
git log --oneline -1 >> $W/gpu.txt 2>/dev/null
timeout -s INT -k 10 110 python -m pytest -q -x -p no:cacheprovider tests/test_rownorm.py -k "cooperative or million" > $W/pytest.log 2>&1
tail -n 1 $W/pytest.log; pack
SWEEP_OPS=ln SWEEP_MODES=bwd SWEEP_N=16384,24576,32768,65536,131072,786432,1048576 SWEEP_BWD=default \
  timeout -s INT -k 10 90 python benchmarks/sweep_coop.py $W/bwd_cfg.json > $W/bwd_cfg.log 2>&1
SWEEP_OPS=ln SWEEP_MODES=fwd SWEEP_N=49152,65536,131072,262144,524288,786432,1048576 SWEEP_FWD=default \
  timeout -s INT -k 10 80 python benchmarks/sweep_coop.py $W/fwd_cfg.json > $W/fwd_cfg.log 2>&1
pack
timeout -s INT -k 10 170 python -m fusednorm.bench --suite rows --op layer_norm --kind sweep --n 16384,32768,65536,131072,262144,1048576 --mode fwd,bwd --dtype bf16,fp32 --providers fusednorm,torch,compile --out $W/rows > $W/rows.log 2>&1
pack
left=$((575 - SECONDS)); TRACE_DTYPE=bf16 timeout -s INT -k 5 $left python benchmarks/trace_groups.py $W/trace_groups.json > $W/trace_groups.log 2>&1; pack
cut -c1-90 $W/*_cfg.log; grep -A 9 "/ bwd$\|/ fwd$" $W/rows/summary.md | cut -c1-110; grep -v "^ " $W/trace_groups.log
