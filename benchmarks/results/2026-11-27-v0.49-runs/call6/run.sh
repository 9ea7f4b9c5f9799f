# v0.49 call 6 (H100), src with the tile of words (16-bit RMSNorm, 65536): 1. ab_tile_words.py
# (GPU time, with / without, alternated twice); 2. the bench as called, rms_norm fwd at
# 32768-131072, bf16 / fp16, fusednorm alone; 3. every GPU test (-m gpu), eight processes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v49c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp v49c6; }
nvidia-smi -L > $W/gpus.txt
timeout 120 python benchmarks/results/2026-11-27-v0.49-runs/ab_tile_words.py 65536 > $W/ab.log 2>&1; echo rc $? >> $W/ab.log; cat $W/ab.log; pack
timeout -s INT 60 python -m fusednorm.bench --suite rows --kind sweep --providers fusednorm --mode fwd --op rms_norm --dtype bf16,fp16 --n 32768,65536,131072 --out $W/b_rms > $W/b_rms.log 2>&1
rm -f $W/*/*.png; grep -E "^\| *rms" $W/b_rms/summary.md | head; pack; echo BENCH $SECONDS
python -m pytest --co -q -m gpu -p no:cacheprovider tests | grep "::" > $W/ids.txt
wc -l < $W/ids.txt
split -n r/8 -d $W/ids.txt $W/part
for p in $W/part0*; do
  (tr '\n' '\0' < $p | xargs -0 timeout 370 python -m pytest -q -p no:cacheprovider > $p.log 2>&1) &
done
wait
for p in $W/part0*.log; do tail -1 $p; grep -E "^FAILED|^ERROR" $p | head -5; done; rm -f $W/part0?; pack
echo SECONDS $SECONDS
