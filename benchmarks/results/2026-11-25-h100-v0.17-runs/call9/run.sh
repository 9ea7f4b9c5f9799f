# v0.17 call 9: fp32 backward below 1M with the replay's lower register counts (more
# programs per SM) against the defaults, LayerNorm and RMSNorm, plain and with dh, GPU
# time (sweep_coop.py).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c9; mkdir -p $W
pack() { tar czf $OUT/call9.tgz -C /tmp c9; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
S="SWEEP_MODES=bwd SWEEP_N=16384,65536,131072,262144 SWEEP_DTYPES=fp32 SWEEP_OPS=ln,rms SWEEP_BWD=default;2048/8/3/1/1/2;2048/8/3/1/1/1;2048/4/4/1/1/2;1024/4/7/1/1/2"
run_sweep() { local name=$1; shift; env "$@" timeout -s INT 150 python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run_sweep w SWEEP_WARM=1 $S &
run_sweep wr SWEEP_WARM=1 SWEEP_RES=1 $S &
wait; pack
run_sweep s_a $S; pack
run_sweep sr_a SWEEP_RES=1 $S; pack
for f in $W/s_a.log $W/sr_a.log; do echo "== $f"; grep -v "^$" $f | cut -c1-110; done; echo SECONDS $SECONDS
