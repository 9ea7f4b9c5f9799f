# v0.49 call 7 (H100), the final src (the tile of words' inference calls write their
# statistics to scratch, as call 6 measured faster in bf16): 1. ab_tile_words.py; 2. the
# bench as called, rms_norm fwd 65536, bf16 / fp16; 3. the GPU tests of the forward tiles.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v49c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp v49c7; }
nvidia-smi -L > $W/gpus.txt
timeout 100 python benchmarks/results/2026-11-27-v0.49-runs/ab_tile_words.py 65536 > $W/ab.log 2>&1; echo rc $? >> $W/ab.log; cat $W/ab.log; pack
timeout -s INT 40 python -m fusednorm.bench --suite rows --kind sweep --providers fusednorm --mode fwd --op rms_norm --dtype bf16,fp16 --n 65536 --out $W/b_rms > $W/b_rms.log 2>&1
rm -f $W/*/*.png; grep -E "^rows" $W/b_rms.log; pack
timeout 100 python -m pytest -q -p no:cacheprovider tests/test_rownorm.py -m gpu -k "tile_words or tile_one_pass or inference or stats" > $W/t_rows.log 2>&1; tail -1 $W/t_rows.log; grep -E "^FAILED" $W/t_rows.log | head; pack
echo SECONDS $SECONDS
