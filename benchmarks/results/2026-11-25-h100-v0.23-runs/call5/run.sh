# v0.23 call 5: the 16-bit RMSNorm-with-dh entry at 1M (16384 / 32 warps / replay 1):
# GPU tests; sweep_coop.py (GPU time, two processes) with the library's default against
# the former 8192 / 8 / 1 and two neighbours, bf16 and fp16; the bench as called at 1M.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp c5; }
timeout 150 python -m pytest -q tests/test_rownorm.py -k "cuda and (million or configs or grid_fits or training_path)" -p no:cacheprovider > $W/tests.log 2>&1; tail -n 2 $W/tests.log; pack
A="SWEEP_MODES=bwd SWEEP_DTYPES=bf16,fp16 SWEEP_OPS=rms SWEEP_RES=1 SWEEP_N=1048576 SWEEP_BWD=default;8192/8/1;16384/32/1/1/1/1/1;16384/32/1/0/1/1"
run() { local name=$1 t=$2; shift 2; env "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run w 200 SWEEP_WARM=1 $A; pack
for p in a b; do run a_$p 60 $A; pack; done
timeout -s INT 60 python -m fusednorm.bench --suite rows --kind sweep --providers fusednorm --mode bwd,fwd+bwd --op add_rms_norm --dtype bf16,fp16 --n 1048576 --out $W/bench > $W/bench.log 2>&1; pack
for f in a_a a_b; do echo "== $f"; grep -v "^$" $W/$f.log | cut -c1-110; done
grep "fusednorm" $W/bench.log | cut -c1-120; echo SECONDS $SECONDS
