# v0.46 call 10 (H100): the groups suite's shapes in GPU time on the final src (as call 9),
# contiguous only, fp16 and fp32 (sweep_groupnorm.py defaults, fusednorm alone).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v46c10; mkdir -p $W
pack() { tar czf $OUT/call10.tgz -C /tmp v46c10; }
nvidia-smi -L > $W/gpus.txt
for d in float16 float32; do
  timeout 200 python benchmarks/sweep_groupnorm.py $W/groups_$d.json --cases unet320,unet640,unet1280,unet1280s,vae512,vae256,vae128,in3d64,in3d32,in3d128,in2d --layouts nc --no-torch --dtype $d > $W/groups_$d.log 2>&1; grep -v "^\s*$" $W/groups_$d.log | tail -12; pack
done
echo SECONDS $SECONDS
