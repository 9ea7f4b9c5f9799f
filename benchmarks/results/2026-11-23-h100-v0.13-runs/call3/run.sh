set -x
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whlb/*.whl > /dev/null 2>&1
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $OUT/gpu.txt 2>&1
export PYTHONPATH=$PWD/.spin/src
timeout -s INT -k 10 90 python -m pytest -q -x -p no:cacheprovider .spin/tests/test_rownorm.py -k "cooperative_sync_modes" > $OUT/spin_pytest.log 2>&1
tail -n 3 $OUT/spin_pytest.log
for s in 3 4; do
  FUSEDNORM_COOP_SYNC=$s SWEEP_MODES=fwd,bwd SWEEP_N=65536,262144,1048576 SWEEP_FWD=default SWEEP_BWD=default timeout -s INT -k 10 80 python benchmarks/sweep_coop.py $OUT/spin_s$s.json > $OUT/spin_s$s.log 2>&1
  cut -c1-110 $OUT/spin_s$s.log
done
export PYTHONPATH=/tmp/site:$PWD/src
timeout -s INT -k 10 260 python -m fusednorm.bench --suite groups --op instance_norm --mode bwd --out $OUT/ibwd > $OUT/ibwd.log 2>&1
tail -n 1 $OUT/ibwd.log
cd $OUT && tar czf call.tgz ibwd && rm -rf ibwd && ls
