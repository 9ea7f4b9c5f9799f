# v0.47 call 3 (H100): the groups suite (every op, mode, layout and shape) in bf16, fp16
# and fp32, fusednorm and torch eager side by side (as called; the merged run's groups
# records, after v0.36-v0.47's GroupNorm changes), then silu_ab.py (issue 4's fused-SiLU
# ratio as called, bf16).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v47c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp v47c3; }
nvidia-smi -L > $W/gpus.txt
for d in bf16 fp16 fp32; do
  timeout 170 python -m fusednorm.bench --suite groups --dtype $d --providers fusednorm,torch --out $W/groups_$d > $W/groups_$d.log 2>&1; tail -1 $W/groups_$d.log; pack
done
timeout 150 python benchmarks/silu_ab.py $W/silu_ab.json > $W/silu_ab.log 2>&1; tail -17 $W/silu_ab.log; pack
echo SECONDS $SECONDS
