# v0.40 call 2 (H100): the backward's rows path by group bytes (groupnorm.ROWS_BWD_MIN_BYTES,
# 64 KB): the new default against the group path forced (threshold 2^40) and the rows path
# wherever it runs (0), GPU time (sweep_groupnorm.py), contiguous: groups of 48 KB
# (in2d192 bf16 24576, in2d96 fp32 12288), fp16 at 32 / 64 KB, fp32 silu at 64 KB.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v40c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp v40c2; }
nvidia-smi -L > $W/gpus.txt
S='[{}, {"ROWS_BWD_MIN_BYTES": 1099511627776}, {"ROWS_BWD_MIN_BYTES": 0}]'
run() { # name dtype cases [act]
  timeout 150 python benchmarks/sweep_groupnorm.py $W/$1.json --no-torch --layouts nc \
    --dtype $2 --cases $3 ${4:+--act $4} --settings "$S" > $W/$1.log 2>&1
  cat $W/$1.log; pack
}
run bf16 bfloat16 in2d192,in2d96
run fp32 float32 in2d192,in2d96
run fp16 float16 in2d,in3d128
run fp32silu float32 in2d,in3d128 silu
echo SECONDS $SECONDS
