# v0.17 call 7: the bench's rows fwd+bwd at 64K-1M (four ops, three dtypes, fusednorm only;
# the merged run's fwd+bwd cells there were v0.13's); bf16 LayerNorm backward at 16K-256K,
# slice 2048 / 4 warps with replay (95 registers: 4-5 programs per SM) against the default
# 4096 / 4 / 2, plain and with dh, GPU time (sweep_coop.py, two processes).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp c7; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
S="SWEEP_MODES=bwd SWEEP_N=16384,65536,131072,262144 SWEEP_DTYPES=bf16 SWEEP_OPS=ln SWEEP_BWD=default;2048/4/4/1/1/1;2048/4/4/1/1/2;2048/4/5/1/1/2"
run_sweep() { local name=$1; shift; env "$@" timeout -s INT 150 python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run_sweep w SWEEP_WARM=1 $S &
run_sweep wr SWEEP_WARM=1 SWEEP_RES=1 $S &
timeout -s INT 300 python -m fusednorm.bench --suite rows --kind sweep --n 65536,131072,262144,1048576 --mode fwd+bwd --providers fusednorm --out $W/fb > $W/fb.log 2>&1
wait; pack
for i in a b; do run_sweep s_$i $S; run_sweep sr_$i SWEEP_RES=1 $S; pack; done
for f in $W/s_a.log $W/s_b.log $W/sr_a.log $W/sr_b.log; do echo "== $f"; grep -v "^$" $f | cut -c1-110; done
grep -h "^| rows" $W/fb/summary.md; tail -n 1 $W/fb.log; echo SECONDS $SECONDS
