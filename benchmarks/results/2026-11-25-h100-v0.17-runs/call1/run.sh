# v0.17 call 1: ROW_TAG (tags TAG + row, v0.14's form) against one tag per launch, GPU
# time (sweep_coop.py, alternated processes) and as called (bench); the GPU tests of the
# workspace with ROW_TAG; host_profile.py (host cost per call, fusednorm beside torch);
# the rows suite's inference shapes, all ops / dtypes / modes, fusednorm / torch / liger.
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:/tmp/site
W=/tmp/c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp c1; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
export SWEEP_MODES=fwd,bwd SWEEP_N=65536,1048576 SWEEP_DTYPES=bf16 SWEEP_OPS=rms,ln \
       SWEEP_FWD="8192/8/2;default" SWEEP_BWD=default
# Fill Triton's cache for both variants at once (16 cores), then time one at a time.
for r in 0 1; do FUSEDNORM_ROW_TAG=$r SWEEP_WARM=1 timeout -s INT 150 python benchmarks/sweep_coop.py $W/warm$r.json > $W/warm$r.log 2>&1 & done
FUSEDNORM_ROW_TAG=1 timeout -s INT 150 python -m pytest -q -p no:cacheprovider tests/test_rownorm.py -k "stale or graph or million" > $W/pytest_rowtag.log 2>&1 &
wait; tail -n 1 $W/pytest_rowtag.log; pack
for i in a b; do for r in 0 1; do
  FUSEDNORM_ROW_TAG=$r timeout -s INT 60 python benchmarks/sweep_coop.py $W/ab_${r}$i.json > $W/ab_${r}$i.log 2>&1; pack
done; done
unset SWEEP_MODES SWEEP_N SWEEP_DTYPES SWEEP_OPS SWEEP_FWD SWEEP_BWD
for r in 0 1; do
  FUSEDNORM_ROW_TAG=$r timeout -s INT 60 python -m fusednorm.bench --suite rows --op rms_norm,layer_norm --kind sweep --n 65536,1048576 --mode fwd,bwd --dtype bf16 --providers fusednorm --out $W/bench_r$r > $W/bench_r$r.log 2>&1; pack
done
timeout -s INT 60 python benchmarks/host_profile.py $W/host.json > $W/host.log 2>&1; pack
left=$((575 - SECONDS)); timeout -s INT $left python -m fusednorm.bench --suite rows --kind inference --providers fusednorm,torch,liger --out $W/inf > $W/inf.log 2>&1; pack
for f in $W/ab_*.log; do echo "== $f"; grep -v "^$" $f | cut -c1-150; done
grep -h "fusednorm" $W/bench_r*/summary.md | head -20
head -40 $W/host.log | cut -c1-160
tail -3 $W/inf.log; echo SECONDS $SECONDS
