# v0.42 call 5 (H100): the groups suite's shapes (and p512 / p128) in GPU time on this
# session's src (SHIFT by the values a sum adds, the register caps), fp16 and bf16, both
# layouts, forward and backward, fusednorm alone: a dtype table to look for other cells
# where fp16 and bf16 part, as 16x512x32x32 did (62.2 / 81.9, v0.41 call 8).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v42c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp v42c5; }
nvidia-smi -L > $W/gpus.txt
C=unet320,unet640,unet1280,unet1280s,vae512,vae256,vae128,in3d64,in3d32,in3d128,in2d,p512,p128
for dt in float16 bfloat16; do
  timeout 270 python benchmarks/sweep_groupnorm.py $W/$dt.json --no-torch --dtype $dt \
    --cases $C > $W/$dt.log 2>&1
  grep -v "^NVIDIA" $W/$dt.log | sed 's/ {} //'; pack
done
echo SECONDS $SECONDS
