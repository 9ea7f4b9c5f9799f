# v0.38 call 10 (H100): the group path's tiles at the UNet shapes, contiguous, bf16, GPU
# time (sweep_groupnorm.py, forward and backward): GROUP_TILE_USE / GROUP_TILE_FWD /
# GROUP_TILE_BWD, one-tile (padded) against the table's.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v38c10; mkdir -p $W
pack() { tar czf $OUT/call10.tgz -C /tmp v38c10; }
nvidia-smi -L > $W/gpus.txt
timeout 400 python benchmarks/sweep_groupnorm.py $W/gtile.json --no-torch --layouts nc \
  --cases unet1280,unet1280s,unet640 \
  --settings '[{}, {"GROUP_TILE_USE": 0.6}, {"GROUP_TILE_FWD": 8192}, {"GROUP_TILE_FWD": 8192, "GROUP_TILE_USE": 0.6}, {"GROUP_TILE_FWD": 32768, "GROUP_TILE_USE": 0.6}, {"GROUP_TILE_BWD": 4096}, {"GROUP_TILE_BWD": 16384, "GROUP_TILE_USE": 0.6}]' > $W/gtile.log 2>&1
cat $W/gtile.log; pack
echo SECONDS $SECONDS
