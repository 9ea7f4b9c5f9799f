# v0.41 call 6 (H100): the groups suite's shapes in GPU time with graph_ms's warm-up (the
# defaults only; v0.40's table came from graphs timed without it): bf16 beside torch eager,
# fp32 alone; contiguous and channels_last, forward and backward.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v41c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp v41c6; }
nvidia-smi -L > $W/gpus.txt
C=unet320,unet640,unet1280,unet1280s,vae512,vae256,vae128,in3d64,in3d32,in3d128,in2d
timeout 330 python benchmarks/sweep_groupnorm.py $W/bf16.json --cases $C > $W/bf16.log 2>&1
cat $W/bf16.log; pack
timeout 200 python benchmarks/sweep_groupnorm.py $W/fp32.json --no-torch --dtype float32 \
  --cases $C > $W/fp32.log 2>&1
cat $W/fp32.log; pack
echo SECONDS $SECONDS
