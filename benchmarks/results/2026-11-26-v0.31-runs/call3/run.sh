# v0.31 call 3 (H100): diag_levels.py with the cooperative workspace placed at offsets of
# 0-32 MiB in one pool (DIAG_WS_KB), then fresh x / y as in call 2, three processes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v31c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp v31c3; }
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv > $W/gpu.txt
export DIAG_CASES="fwd/ln/fp32/262144/0;fwd/ln/fp32/131072/0;fwd/ln/bf16/131072/0;bwd/ln/bf16/65536/0"
export DIAG_TRIALS=2 DIAG_WS_KB=0,4,64,512,2048,8192,32768
for p in 1 2 3 4; do
  timeout 120 python benchmarks/diag_levels.py $W/lv_$p.json > $W/lv_$p.log 2>&1; pack
  echo LV $p $SECONDS
done
cat $W/lv_*.log
echo SECONDS $SECONDS
