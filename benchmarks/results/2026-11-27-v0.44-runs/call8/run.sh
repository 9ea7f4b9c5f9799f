# v0.44 call 8 (H100): the groups suite's shapes in GPU time on the final src, bf16, both
# layouts, fusednorm alone (sweep_groupnorm.py defaults), for the closing record.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v44c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp v44c8; }
nvidia-smi -L > $W/gpus.txt
timeout 250 python benchmarks/sweep_groupnorm.py $W/groups_bf16.json --cases unet320,unet640,unet1280,unet1280s,vae512,vae256,vae128,in3d64,in3d32,in3d128,in2d --no-torch > $W/groups_bf16.log 2>&1; grep -v "^\s*$" $W/groups_bf16.log | tail -30; pack
echo SECONDS $SECONDS
