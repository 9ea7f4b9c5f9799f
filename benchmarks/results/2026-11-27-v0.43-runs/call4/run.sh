# v0.43 call 4 (H100): the GroupNorm rows-path backward's dw, db summed in its own launch
# per channel (rownorm.CHANNEL_SUM, FINAL_SUM 2: _channel_sum) against the default before
# it (a launch of its own, or the last program's fold up to FOLD_MAX), GPU time, every
# contiguous shape the rows-path backward takes; bf16 / fp16 / fp32 / bf16 silu. Then the
# rows-path and channel tests of test_groupnorm.py on the GPU.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v43c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp v43c4; }
nvidia-smi -L > $W/gpus.txt
S='[{"R.CHANNEL_SUM": false}, {}]'
C=unet320,unet640,unet1280_32,p256,c2048,vae512,vae256,vae128,in3d64,in3d32,in3d128,in2d
for v in "bfloat16 none" "float32 none" "float16 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 150 python benchmarks/sweep_groupnorm.py $W/s_$1_$2.json --no-torch --layouts nc \
    --dtype $1 $A --cases $C --settings "$S" > $W/s_$1_$2.log 2>&1
  echo "== $1 $2"; grep -v "^NVIDIA" $W/s_$1_$2.log | cut -c1-60,100-130; pack
done
timeout 200 python -m pytest -q -x tests/test_groupnorm.py -k "rows or channel or write_every or determin or repeated" > $W/tests.log 2>&1
tail -5 $W/tests.log; pack
echo SECONDS $SECONDS
