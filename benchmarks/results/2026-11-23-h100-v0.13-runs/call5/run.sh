export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $OUT/gpu.txt 2>&1
timeout -s INT -k 10 90 python -m pytest -q -x -p no:cacheprovider tests/test_rownorm.py -k "cooperative_sync_modes or cooperative" > $OUT/pytest.log 2>&1
tail -n 2 $OUT/pytest.log
for t in s4a s3a s4b s3b; do
  s=${t:1:1}
  FUSEDNORM_COOP_SYNC=$s SWEEP_OPS=ln SWEEP_MODES=bwd SWEEP_N=12288,16384,65536,262144,1048576 SWEEP_BWD=default timeout -s INT -k 10 60 python benchmarks/sweep_coop.py $OUT/$t.json > $OUT/$t.log 2>&1
  echo $t; cut -c1-20,40-80 $OUT/$t.log | tail -n 10 | tr '\n' '|'; echo
done
