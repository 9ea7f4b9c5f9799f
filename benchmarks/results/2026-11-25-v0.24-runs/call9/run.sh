# v0.24 call 9 (ask for an H100): issue 4's fused SiLU against torch's group_norm /
# instance_norm then silu, as called, forward and backward, both layouts, bf16 and fp32
# (silu_ab.py, rounds alternated in one process).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c9; mkdir -p $W
pack() { tar czf $OUT/call9.tgz -C /tmp c9; }
timeout 280 python benchmarks/silu_ab.py $W/silu_bf16.json > $W/silu_bf16.log 2>&1; pack
left=$((560 - SECONDS)); timeout $left python benchmarks/silu_ab.py $W/silu_fp32.json --dtype float32 > $W/silu_fp32.log 2>&1; pack
cat $W/silu_bf16.log $W/silu_fp32.log; echo SECONDS $SECONDS
