# v0.18 call 7: one step of L2 prefetch where not measured yet, GPU time: fp32 backward
# with dh (add_*'s), against the table's configs; GroupNorm's fp32 rows path, forward and
# backward (sweep_gn_bwd.py); the 16-bit LayerNorm backward's 4096 / 4 / 2 around 256K.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp c7; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
D="SWEEP_MODES=bwd SWEEP_N=16384,65536,262144,1048576 SWEEP_DTYPES=fp32 SWEEP_OPS=ln,rms SWEEP_RES=1 SWEEP_BWD=default;1024/4/4/1/1/0/1;1024/4/5/1/1/0/1;2048/8/2/1/1/0/1;2048/4/4/1/1/0/1;2048/8/3/1/1/1/1;8192/16/1/1/1/1/1"
L="SWEEP_MODES=bwd SWEEP_N=131072,262144,524288 SWEEP_DTYPES=bf16 SWEEP_OPS=ln SWEEP_BWD=default;4096/4/2/1/1/0/1;2048/4/4/1/1/0/1"
GF="GNB_MODE=fwd GNB_DTYPES=fp32 GNB_ACTS=none,silu GNB_CONFIGS_4=default;4096/4/4/1/1/0/1;4096/8/2/1/1/0/1;8192/8/1/1/1/0/1"
GB="GNB_DTYPES=fp32 GNB_ACTS=none,silu GNB_CONFIGS_4=default;2048/4/4/1/1/0/1;1024/4/4/1/1/0/1;2048/8/2/1/1/0/1;8192/16/1/1/1/2/1"
run() { local name=$1 t=$2; shift 2; env "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
gn() { local name=$1 t=$2; shift 2; env "$@" timeout -s INT $t python benchmarks/sweep_gn_bwd.py $W/$name.json > $W/$name.log 2>&1; }
run wd 200 SWEEP_WARM=1 $D & run wl 200 SWEEP_WARM=1 $L & gn wgf 200 $GF & gn wgb 200 $GB &
wait; pack; echo warm $SECONDS
run d_a 90 $D; pack; run l_a 60 $L; pack; run l_b 60 $L; pack
gn gf_a 90 $GF; pack; gn gb_a 120 $GB; pack
for f in d_a l_a l_b gf_a gb_a; do echo "== $f"; grep -v "^$" $W/$f.log | cut -c1-110; done
echo SECONDS $SECONDS
