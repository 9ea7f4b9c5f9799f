# v0.22 call 4: GPU tests of the new fp32 BWD_TILE entries; 16-bit tile-path backward
# configs at 1024-4096 (sweep_coop.py, GPU time, bf16, two processes); the bench as called
# for the fp32 backward at 512-4096 beside torch.compile.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp c4; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
F="SWEEP_MODES=bwd SWEEP_DTYPES=bf16 SWEEP_OPS=ln,rms"
C="$F SWEEP_N=1024 SWEEP_BWD=default;t8/8/1;t4/8/1;t2/4/2;t8/4/2;t16/8/1"
CR="$F SWEEP_N=1024 SWEEP_RES=1 SWEEP_BWD=default;t8/8/1;t4/8/1;t2/4/2;t8/4/2;t16/8/1"
D="$F SWEEP_N=2048 SWEEP_BWD=default;t1/4/2;t4/8/1;t2/8/1;t4/16/1"
DR="$F SWEEP_N=2048 SWEEP_RES=1 SWEEP_BWD=default;t1/4/2;t4/8/1;t2/8/1;t4/16/1"
E="$F SWEEP_N=4096 SWEEP_BWD=default;t1/8/1;t1/4/2;t2/16/1"
ER="$F SWEEP_N=4096 SWEEP_RES=1 SWEEP_BWD=default;t1/8/1;t1/4/2;t2/16/1"
run() { local name=$1 t=$2; shift 2; env "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run wc 200 SWEEP_WARM=1 $C & run wcr 200 SWEEP_WARM=1 $CR & run wd 200 SWEEP_WARM=1 $D &
run wdr 200 SWEEP_WARM=1 $DR & run we 200 SWEEP_WARM=1 $E & run wer 200 SWEEP_WARM=1 $ER &
timeout 200 python -m pytest -q tests/test_rownorm.py -k "bwd_tile_table or tile" -p no:cacheprovider > $W/tests.log 2>&1 &
wait; tail -n 2 $W/tests.log; pack; echo warm $SECONDS
for p in a b; do
  run c_$p 40 $C; run cr_$p 40 $CR; run d_$p 35 $D; run dr_$p 35 $DR; run e_$p 30 $E; run er_$p 30 $ER; pack
done
left=$((560 - SECONDS)); timeout -s INT $left python -m fusednorm.bench --suite rows --kind sweep --n 512,1024,2048,4096 --dtype fp32 --mode bwd --providers fusednorm,compile --out $W/bench > $W/bench.log 2>&1; pack
for f in c_a c_b cr_a cr_b d_a d_b dr_a dr_b e_a e_b er_a er_b; do echo "== $f"; grep -v "^$\|^NVIDIA" $W/$f.log | cut -c1-100; done
tail -n 40 $W/bench.log; echo SECONDS $SECONDS
