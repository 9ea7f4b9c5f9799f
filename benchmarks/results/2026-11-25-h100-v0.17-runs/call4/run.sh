# v0.17 call 4: the backward's replay tables (BWD_COOP with has_dh) in GPU tests and as
# called at 1M; the forward's REPLAY at 256K and 1M against the default configs, GPU
# time (sweep_coop.py), plain and (1M) with a residual.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp c4; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
F1="SWEEP_MODES=fwd SWEEP_N=1048576 SWEEP_DTYPES=bf16,fp32 SWEEP_OPS=ln,rms SWEEP_FWD=default;8192/8/2/1/1/1;8192/8/2/1/1/2;8192/16/1/1/1/1;8192/16/1/1/1/2;8192/8/1/1/2/1"
F2="SWEEP_MODES=fwd SWEEP_N=262144 SWEEP_DTYPES=bf16,fp32 SWEEP_OPS=ln,rms SWEEP_FWD=default;8192/8/1/1/2/1;8192/16/1/1/1/1;4096/8/4/1/1/1;4096/4/4/1/1/2"
run_sweep() { local name=$1; shift; env "$@" timeout -s INT 150 python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run_sweep w1 SWEEP_WARM=1 $F1 &
run_sweep w1r SWEEP_WARM=1 SWEEP_RES=1 $F1 &
run_sweep w2 SWEEP_WARM=1 $F2 &
timeout -s INT 200 python -m pytest -q -p no:cacheprovider tests/test_rownorm.py -k "replay or million or configs or sync or cooperative" > $W/pytest_rows.log 2>&1 &
wait; tail -n 1 $W/pytest_rows.log; pack
for i in a b; do run_sweep f1_$i $F1; pack; done
run_sweep f1r_a SWEEP_RES=1 $F1; pack
run_sweep f2_a $F2; pack
left=$((575 - SECONDS)); timeout -s INT $left python -m fusednorm.bench --suite rows --kind sweep --n 1048576 --mode bwd --providers fusednorm --out $W/rows > $W/rows.log 2>&1; pack
for f in $W/f1_a.log $W/f1_b.log $W/f1r_a.log $W/f2_a.log; do echo "== $f"; grep -v "^$" $f | cut -c1-110; done
grep -h "^| rows" $W/rows/summary.md | head -14; grep -h "passed\|failed" $W/pytest_rows.log | tail -2; echo SECONDS $SECONDS
