# v0.23 call 3: the bench as called, fusednorm only, backward and fwd+bwd on the rows suite's
# sweep shapes (the training path's plan in the fwd+bwd, its backward in both), four ops,
# three dtypes, for the merged run. Packed after each part.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp c3; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
timeout -s INT 250 python -m fusednorm.bench --suite rows --kind sweep --n 256,512,1024,2048,4096,5120,8192 --mode bwd,fwd+bwd --providers fusednorm --out $W/small > $W/small.log 2>&1; pack
left=$((560 - SECONDS)); timeout -s INT $left python -m fusednorm.bench --suite rows --kind sweep --n 12288,16384,32768,65536,131072,262144,1048576 --mode bwd,fwd+bwd --providers fusednorm --out $W/large > $W/large.log 2>&1; pack
tail -n 2 $W/small.log $W/large.log; echo SECONDS $SECONDS
