# v0.31 call 14 (H100): after _prefetch_l2's refactor (two instruction forms as module
# constants; PTX digests equal on the CPU): CUDA tests that launch the L2 prefetch and its
# hint (1M / 2M rows, prefetch tables), and the bench as called, rms_norm bf16 forward at
# 64K / 128K (the hinted launches).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v31c14; mkdir -p $W
pack() { tar czf $OUT/call14.tgz -C /tmp v31c14; }
timeout 150 python -m pytest -q -m gpu tests/test_rownorm.py -p no:cacheprovider -k "million_row_gpu or prefetch or l2" > $W/t.log 2>&1; pack
timeout -s INT 60 python -m fusednorm.bench --suite rows --kind sweep --providers fusednorm --op rms_norm --mode fwd --dtype bf16 --n 65536,131072 --out $W/b > $W/b.log 2>&1
rm -f $W/*/*.png; pack
tail -n 2 $W/t.log
grep -E "^rows" $W/b.log
echo SECONDS $SECONDS
