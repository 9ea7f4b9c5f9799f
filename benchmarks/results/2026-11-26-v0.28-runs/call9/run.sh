# v0.28 call 9 (H100): the final tables' GPU tests (the row norms' cooperative, backward,
# residual, late-terms, statistics-ahead and w-held tests on CUDA), then the bench as
# called (fusednorm alone, backward) at the cells whose config changed: layer_norm
# 12288-64K and 1M (16-bit, fp32), rms_norm 16-bit 12288-128K and fp32 1M, add_rms_norm
# 16-bit 12288-256K.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c9; mkdir -p $W
pack() { tar czf $OUT/call9.tgz -C /tmp c9; }
timeout 240 python -m pytest -q tests/test_rownorm.py -p no:cacheprovider \
  -k "cuda and (late or stats_ahead or hold_w or cooperative or backward or residual)" > $W/t_rows.log 2>&1; pack
echo TESTS $SECONDS
B="python -m fusednorm.bench --suite rows --kind sweep --mode bwd --providers fusednorm"
timeout -s INT 110 $B --op layer_norm --dtype bf16,fp16,fp32 --n 12288,16384,32768,65536,1048576 --out $W/b_ln > $W/b_ln.log 2>&1; pack
timeout -s INT 70 $B --op rms_norm --dtype bf16,fp16 --n 12288,16384,32768,65536,131072 --out $W/b_rms > $W/b_rms.log 2>&1; pack
timeout -s INT 30 $B --op rms_norm --dtype fp32 --n 1048576 --out $W/b_rms32 > $W/b_rms32.log 2>&1; pack
timeout -s INT 80 $B --op add_rms_norm --dtype bf16,fp16 --n 12288,16384,32768,65536,131072,262144 --out $W/b_addrms > $W/b_addrms.log 2>&1
rm -f $W/b_*/*.png; pack
grep -E "FAILED|Error|passed|failed" $W/t_rows.log | tail -n 6
for d in $W/b_*; do sed -n '/## rows/,$p' $d/summary.md | grep -v "^$" | grep -v "^|---"; done
echo SECONDS $SECONDS
