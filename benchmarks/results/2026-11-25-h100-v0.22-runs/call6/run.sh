# v0.22 call 6: GPU tests of the final BWD_TILE table; the bench as called, fusednorm,
# backward and fwd+bwd at the tile lengths (256-8192), four ops, three dtypes, for the
# merged run. Short of device time: packed after each part.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp c6; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
timeout 120 python -m pytest -q tests/test_rownorm.py -k "bwd_tile_table or tile" -p no:cacheprovider > $W/tests.log 2>&1; tail -n 2 $W/tests.log; pack
left=$((380 - SECONDS)); timeout -s INT $left python -m fusednorm.bench --suite rows --kind sweep --n 256,512,1024,2048,4096,5120,8192 --mode bwd,fwd+bwd --providers fusednorm --out $W/bwd > $W/bwd.log 2>&1; pack
tail -n 3 $W/bwd.log; echo SECONDS $SECONDS
