# v0.39 call 11 (H100): the cooperative columns forward in fp32 with tiles of 2048 elements
# (8 KB, the size the backward took in call 6) against 4096 (16 KB, the default), and 8192
# in bf16 on 4 warps (16 KB); sweep_groupnorm.py --fwd-only, channels_last.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v39c11; mkdir -p $W
pack() { tar czf $OUT/call11.tgz -C /tmp v39c11; }
nvidia-smi -L > $W/gpus.txt
timeout 120 python benchmarks/sweep_groupnorm.py $W/fp32.json --fwd-only --no-torch --layouts cl --cases unet320,unet640,in2d,p512 --dtype float32 --settings '[{}, {"COLS_COOP_TILE": 2048}, {}]' > $W/fp32.log 2>&1
cat $W/fp32.log; pack
timeout 120 python benchmarks/sweep_groupnorm.py $W/bf16.json --fwd-only --no-torch --layouts cl --cases unet320,unet640,in2d,p512 --settings '[{}, {"COLS_COOP_TILE": 8192}, {}]' > $W/bf16.log 2>&1
cat $W/bf16.log; pack
echo SECONDS $SECONDS
