# v0.22 call 5: GPU tests of the 16-bit BWD_TILE entries; fp16 against the old rule at
# 1024 / 2048 (sweep_coop.py, GPU time); fp32 backward without dh at 2048 / 4096 and with
# dh at 512 (more candidates); the bench as called, 16-bit backward at 1024-4096 beside
# torch.compile.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp c5; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
H="SWEEP_MODES=bwd SWEEP_DTYPES=fp16 SWEEP_OPS=ln,rms SWEEP_N=1024 SWEEP_BWD=default;t4/4/2"
H2="SWEEP_MODES=bwd SWEEP_DTYPES=fp16 SWEEP_OPS=ln,rms SWEEP_N=2048 SWEEP_BWD=default;t2/4/2"
F="SWEEP_MODES=bwd SWEEP_DTYPES=fp32 SWEEP_OPS=ln,rms SWEEP_N=2048,4096 SWEEP_BWD=default;t4/8/1;t4/16/1;t2/8/1;t2/16/1;t1/4/2"
FR="SWEEP_MODES=bwd SWEEP_DTYPES=fp32 SWEEP_OPS=ln,rms SWEEP_N=512 SWEEP_RES=1 SWEEP_BWD=default;t8/8/1;t4/4/2;t4/1/8;t8/4/4;t2/1/8;t16/16/1"
run() { local name=$1 t=$2; shift 2; env "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run wh 200 SWEEP_WARM=1 $H & run wh2 200 SWEEP_WARM=1 $H2 & run wf 200 SWEEP_WARM=1 $F & run wfr 200 SWEEP_WARM=1 $FR &
timeout 200 python -m pytest -q tests/test_rownorm.py -k "bwd_tile_table" -p no:cacheprovider > $W/tests.log 2>&1 &
wait; tail -n 2 $W/tests.log; pack; echo warm $SECONDS
for p in a b; do run h_$p 30 $H; run h2_$p 30 $H2; run f_$p 60 $F; run fr_$p 40 $FR; pack; done
left=$((560 - SECONDS)); timeout -s INT $left python -m fusednorm.bench --suite rows --kind sweep --n 1024,2048,4096 --dtype bf16,fp16 --mode bwd --providers fusednorm,compile --out $W/bench > $W/bench.log 2>&1; pack
for f in h_a h_b h2_a h2_b f_a f_b fr_a fr_b; do echo "== $f"; grep -v "^$\|^NVIDIA" $W/$f.log | cut -c1-100; done
grep "fusednorm ok\|compile   ok" $W/bench.log | cut -c1-110; echo SECONDS $SECONDS
