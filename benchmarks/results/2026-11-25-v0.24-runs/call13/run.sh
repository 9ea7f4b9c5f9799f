# v0.24 call 13 (ask for an H100): the head's GPU tests (row norms, launch, GroupNorm,
# patch and modules on CUDA), then the bench's inference shapes as called (rows, all
# modes, fusednorm and torch eager in one process).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c13; mkdir -p $W
pack() { tar czf $OUT/call13.tgz -C /tmp c13; }
timeout 330 python -m pytest -q tests -k cuda -p no:cacheprovider -x > $W/tests.log 2>&1; tail -n 3 $W/tests.log; pack
left=$((570 - SECONDS)); timeout -s INT $left python -m fusednorm.bench --suite rows --kind inference --providers fusednorm,torch --out $W/bench_inf > $W/bench_inf.log 2>&1; pack
tail -n 5 $W/bench_inf.log; echo SECONDS $SECONDS
