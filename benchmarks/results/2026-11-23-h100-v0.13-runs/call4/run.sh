export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/.spin/src
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $OUT/gpu.txt 2>&1
for t in s4a s3a s4b s3b; do
  s=${t:1:1}
  FUSEDNORM_COOP_SYNC=$s SWEEP_MODES=fwd,bwd SWEEP_N=65536,262144,1048576 SWEEP_FWD=default SWEEP_BWD=default timeout -s INT -k 10 80 python benchmarks/sweep_coop.py $OUT/$t.json > $OUT/$t.log 2>&1
  echo $t; cut -c1-20,60-80 $OUT/$t.log | tail -n 24 | tr '\n' '|'; echo
done
