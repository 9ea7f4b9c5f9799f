# v0.35 call 13 (H100): the groups suite's UNet 320 / 640 shapes (the cells COLS_WAVE_FIT
# and GROUP_COLS_* moved) in fp16 and fp32, every mode, fusednorm and torch side by side,
# on the final src (for the merged run).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v35c13; mkdir -p $W
pack() { tar czf $OUT/call13.tgz -C /tmp v35c13; }
nvidia-smi -L > $W/gpus.txt
timeout 200 python -m fusednorm.bench --suite groups --op group_norm --dtype fp16,fp32 --shape 16x320x64x64,16x640x32x32 --providers fusednorm,torch --out $W/unet > $W/unet.log 2>&1; tail -1 $W/unet.log; pack
grep -E "^\| 16x|^## |^### " $W/unet/summary.md | head -60
echo SECONDS $SECONDS
