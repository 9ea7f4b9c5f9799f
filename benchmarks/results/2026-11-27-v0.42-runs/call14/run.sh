# v0.42 call 14 (H100): the benchmark scripts after sweep_groupnorm.inputs (shared with
# diag_shift.py) on the final src: one sweep (p256 bf16, both layouts, forward and
# backward) and diag_shift.py (p512 fp16 / bf16 contiguous).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v42c14; mkdir -p $W
pack() { tar czf $OUT/call14.tgz -C /tmp v42c14; }
nvidia-smi -L > $W/gpus.txt
timeout 90 python benchmarks/sweep_groupnorm.py $W/p256.json --no-torch --cases p256 > $W/p256.log 2>&1
cat $W/p256.log; pack
timeout 60 python benchmarks/diag_shift.py --cases p512 --layouts nc --dtypes float16,bfloat16 > $W/shift.log 2>&1
cat $W/shift.log; pack
echo SECONDS $SECONDS
