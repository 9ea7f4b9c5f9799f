# v0.18 call 8: the bench as called, fusednorm only, with the v0.18 kernels and tables:
# layer_norm's backward at 128K / 256K, 16-bit (BWD_COOP's least-GROUP entry); the rows
# suite's short rows (256-8192; EVEN changed the tile forward), fwd and bwd; then fwd+bwd
# at the cooperative lengths (12288-1M). Four ops, three dtypes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp c8; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
timeout -s INT 60 python -m fusednorm.bench --suite rows --op layer_norm --dtype bf16,fp16 --kind sweep --n 131072,262144 --mode bwd --providers fusednorm --out $W/lnb > $W/lnb.log 2>&1; pack
timeout -s INT 280 python -m fusednorm.bench --suite rows --kind sweep --n 256,512,1024,2048,4096,5120,8192 --mode fwd,bwd --providers fusednorm --out $W/short > $W/short.log 2>&1; pack
echo short $SECONDS
left=$((585 - SECONDS)); timeout -s INT $left python -m fusednorm.bench --suite rows --kind sweep --n 12288,16384,32768,65536,131072,262144,1048576 --mode fwd+bwd --providers fusednorm --out $W/fb > $W/fb.log 2>&1; pack
grep -h "^| [0-9]" $W/lnb/summary.md; tail -n 1 $W/short.log; tail -n 1 $W/fb.log; echo SECONDS $SECONDS
