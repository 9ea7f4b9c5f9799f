# v0.14 call 1: COOP_SYNC 3 against 4 per GROUP (LayerNorm, default configs), and
# group_norm + silu against torch (gpu_groupnorm_check.py).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp c1; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
python -c "import torch, triton; print(torch.__version__, triton.__version__)" >> $W/gpu.txt
for s in 3 4; do
  FUSEDNORM_COOP_SYNC=$s SWEEP_OPS=ln SWEEP_MODES=bwd SWEEP_N=12288,16384,24576,32768,49152,65536,131072,262144,524288,1048576 SWEEP_BWD=default \
    timeout -s INT -k 10 150 python benchmarks/sweep_coop.py $W/bwd_s$s.json > $W/bwd_s$s.log 2>&1
  FUSEDNORM_COOP_SYNC=$s SWEEP_OPS=ln SWEEP_MODES=fwd SWEEP_N=49152,65536,131072,262144,524288,786432,1048576 SWEEP_FWD=default \
    timeout -s INT -k 10 100 python benchmarks/sweep_coop.py $W/fwd_s$s.json > $W/fwd_s$s.log 2>&1
  pack
done
left=$((570 - SECONDS)); timeout -s INT -k 5 $left python benchmarks/gpu_groupnorm_check.py $W > $W/gncheck.log 2>&1; pack
grep -h "N=" $W/*_s*.log | cut -c1-80
