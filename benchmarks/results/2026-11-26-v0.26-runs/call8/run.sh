# v0.26 call 8 (H100): the bench beside the peers (as called) for the backward cells whose
# configs changed since call 4: add_layer_norm 16-bit 12288-1M (DH_L2), rms_norm 16-bit
# 12288-1M and layer_norm 16-bit 128K-1M (STATS_AHEAD), layer_norm fp32 32K, add_rms_norm
# 16-bit 1M.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp c8; }
B="python -m fusednorm.bench --suite rows --kind sweep --mode bwd"
L=12288,16384,32768,65536,131072,262144,1048576
timeout -s INT 300 $B --op add_layer_norm,rms_norm --dtype bf16,fp16 --n $L --out $W/bench_a > $W/bench_a.log 2>&1; pack
timeout -s INT 100 $B --op layer_norm --dtype bf16,fp16 --n 131072,262144,1048576 --out $W/bench_b > $W/bench_b.log 2>&1; pack
timeout -s INT 40 $B --op layer_norm --dtype fp32 --n 32768 --out $W/bench_c > $W/bench_c.log 2>&1; pack
timeout -s INT 50 $B --op add_rms_norm --dtype bf16,fp16 --n 1048576 --out $W/bench_d > $W/bench_d.log 2>&1; pack
rm -f $W/bench_*/*.png; pack
for d in a b c d; do tail -n 1 $W/bench_$d.log; sed -n '/## rows/,$p' $W/bench_$d/summary.md | grep -v "^$" | grep -v "^|---"; done
echo SECONDS $SECONDS
