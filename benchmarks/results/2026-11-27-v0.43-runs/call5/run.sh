# v0.43 call 5 (H100): the per-channel sum's rule (rownorm._by_channel: at most 2 rows of
# the last sample a program, 128 pairs a channel) against the sum off, GPU time, bf16 /
# fp32; then the GPU tests of the rows path (test_rows_bwd_channel_sum_gpu new), two
# processes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v43c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp v43c5; }
nvidia-smi -L > $W/gpus.txt
S='[{"R.CHANNEL_SUM": false}, {}]'
C=unet640,unet1280_32,unet320,p256,in2d,vae512,vae256,in3d64,in3d128
for v in "bfloat16 none" "float32 none"; do
  set -- $v
  timeout 120 python benchmarks/sweep_groupnorm.py $W/s_$1_$2.json --no-torch --layouts nc \
    --dtype $1 --cases $C --settings "$S" > $W/s_$1_$2.log 2>&1
  echo "== $1 $2"; grep -v "^NVIDIA" $W/s_$1_$2.log | cut -c1-60,100-130; pack
done
timeout 280 python -m pytest -q tests/test_groupnorm.py -k "channel_sum or rows_path or write_every" > $W/tests1.log 2>&1 &
timeout 280 python -m pytest -q tests/test_groupnorm.py -k "channel_slices or determin or repeated or cuda_graph" > $W/tests2.log 2>&1
wait
tail -3 $W/tests1.log $W/tests2.log; pack
echo SECONDS $SECONDS
