# v0.17 call 3: REPLAY (the cooperative backward finishes each row REPLAY steps after its
# first load, from a second load that L2 serves) at 1M, against the default schedule, GPU
# time (sweep_coop.py, two processes each); plain and with dh; 256K for bf16 LayerNorm;
# GPU tests of the replay schedule.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp c3; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
M1="SWEEP_MODES=bwd SWEEP_N=1048576 SWEEP_DTYPES=bf16,fp32 SWEEP_OPS=ln,rms SWEEP_BWD=default;8192/8/1/1/1/1;8192/8/1/1/1/2;8192/16/1/1/1/1;8192/16/1/1/1/2;8192/16/1/1/1/3"
M2="SWEEP_MODES=bwd SWEEP_N=262144 SWEEP_DTYPES=bf16 SWEEP_OPS=ln,rms SWEEP_BWD=default;4096/4/2/1/1/1;4096/4/2/1/1/2;4096/8/1/1/1/2;2048/4/4/1/1/2"
run_sweep() { local name=$1; shift; env "$@" timeout -s INT 150 python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run_sweep w1 SWEEP_WARM=1 $M1 &
run_sweep w1r SWEEP_WARM=1 SWEEP_RES=1 $M1 &
run_sweep w2 SWEEP_WARM=1 $M2 &
timeout -s INT 170 python -m pytest -q -p no:cacheprovider tests/test_rownorm.py -k "replay or two_rows or million" > $W/pytest_rows.log 2>&1 &
wait; tail -n 1 $W/pytest_rows.log; pack
for i in a b; do run_sweep m1_$i $M1; pack; done
run_sweep m1r_a SWEEP_RES=1 $M1; pack
run_sweep m2_a $M2; pack
for f in $W/m1_a.log $W/m1_b.log $W/m1r_a.log $W/m2_a.log; do echo "== $f"; grep -v "^$" $f | cut -c1-110; done
grep -h "passed\|failed" $W/pytest_rows.log | tail -2; echo SECONDS $SECONDS
