# v0.21 call 3: the tree (call 2's findings taken: w held in the measured dh configs; 16-bit
# RMSNorm forward two rows a step at 64K) against 27a913a (.whl/base/src), sweep_coop.py
# library defaults, GPU time, one process each (the changed cells); GPU tests; then the
# bench as called, fusednorm only, every cooperative row length (forward 64K-1M; backward
# and fwd+bwd 12288-1M), four ops, three dtypes, for the merged run.
export PYTHONUNBUFFERED=1
W=/tmp/c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp c3; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
B=$PWD/.whl/base/src; NEW=$PWD/src
H="SWEEP_RES=1 SWEEP_MODES=bwd SWEEP_N=12288,65536,1048576 SWEEP_DTYPES=bf16,fp32 SWEEP_OPS=ln,rms SWEEP_BWD=default"
F="SWEEP_MODES=fwd SWEEP_N=65536 SWEEP_DTYPES=bf16,fp16 SWEEP_OPS=rms SWEEP_FWD=default"
run() { local name=$1 src=$2 t=$3; shift 3; env PYTHONPATH=$src "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run w1 $B 200 SWEEP_WARM=1 $H & run w2 $NEW 200 SWEEP_WARM=1 $H & run w3 $B 200 SWEEP_WARM=1 $F & run w4 $NEW 200 SWEEP_WARM=1 $F &
wait; pack; echo warm $SECONDS
run hbase $B 50 $H; run hnew $NEW 50 $H; run fbase $B 30 $F; run fnew $NEW 30 $F; pack
for g in "hbase hnew" "fbase fnew"; do python benchmarks/compare_sweeps.py $W $g; done > $W/compare.txt; cat $W/compare.txt; pack
echo sweeps $SECONDS
export PYTHONPATH=$NEW
timeout 120 python -m pytest -q -x tests/test_rownorm.py -k "cuda and (hold_w or residual or forward_steps or two_rows)" > $W/pytest_rows.log 2>&1; tail -2 $W/pytest_rows.log; pack
echo tests $SECONDS
timeout -s INT 150 python -m fusednorm.bench --suite rows --kind sweep --n 65536,131072,262144,1048576 --mode fwd --providers fusednorm --out $W/fwd > $W/fwd.log 2>&1; pack
left=$((585 - SECONDS)); timeout -s INT $left python -m fusednorm.bench --suite rows --kind sweep --n 12288,16384,32768,65536,131072,262144,1048576 --mode bwd,fwd+bwd --providers fusednorm --out $W/bwd > $W/bwd.log 2>&1; pack
tail -n 2 $W/fwd.log $W/bwd.log; echo SECONDS $SECONDS
