# v0.21 call 6: the bench as called, fusednorm only, the tile-path row lengths (forward
# 256-32768; backward and fwd+bwd 256-8192), four ops, three dtypes: with call 3 (the
# cooperative lengths) and calls 4-5, every sweep cell of the rows suite measured on this
# tree for the merged run. Short of device time: packed after each part.
export PYTHONUNBUFFERED=1
W=/tmp/c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp c6; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
export PYTHONPATH=$PWD/src
timeout -s INT 110 python -m fusednorm.bench --suite rows --kind sweep --n 256,512,1024,2048,4096,5120,8192,12288,16384,32768 --mode fwd --providers fusednorm --out $W/fwd > $W/fwd.log 2>&1; pack
left=$((250 - SECONDS)); timeout -s INT $left python -m fusednorm.bench --suite rows --kind sweep --n 256,512,1024,2048,4096,5120,8192 --mode bwd,fwd+bwd --providers fusednorm --out $W/bwd > $W/bwd.log 2>&1; pack
tail -n 2 $W/fwd.log $W/bwd.log; echo SECONDS $SECONDS
