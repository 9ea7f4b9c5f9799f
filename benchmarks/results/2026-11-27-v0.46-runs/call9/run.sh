# v0.46 call 9 (H100): every GPU test (-m gpu, all files) on the final src (this session's
# GroupNorm tables: 16-bit backward 2048 / 4 / 5, 4096 / 4 / 3 and 1024 / 1 / 12 up to GROUP
# 16 with terms late and words, the rows-path backward from 16 KB, fp32 4096 / 8 / 2 and
# 8192 / 16 / 1 without the replay; the forward's 4096 / 4 / 5 with words from GROUP 128),
# six processes; then the groups suite's shapes in GPU time (sweep_groupnorm.py defaults,
# bf16, both layouts, fusednorm alone) for the record, as v0.45 call 7.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v46c9; mkdir -p $W
pack() { tar czf $OUT/call9.tgz -C /tmp v46c9; }
nvidia-smi -L > $W/gpus.txt
python -m pytest --co -q -m gpu -p no:cacheprovider tests | grep "::" > $W/ids.txt
wc -l < $W/ids.txt
split -n r/6 -d $W/ids.txt $W/part
for p in $W/part0*; do
  (tr '\n' '\0' < $p | xargs -0 timeout 400 python -m pytest -q -p no:cacheprovider > $p.log 2>&1) &
done
wait
for p in $W/part0*.log; do tail -1 $p; grep -E "^FAILED|^ERROR" $p | head -5; done; rm -f $W/part0?; pack
timeout 150 python benchmarks/sweep_groupnorm.py $W/groups_bf16.json --cases unet320,unet640,unet1280,unet1280s,vae512,vae256,vae128,in3d64,in3d32,in3d128,in2d --no-torch > $W/groups_bf16.log 2>&1; grep -v "^\s*$" $W/groups_bf16.log | tail -30; pack
echo SECONDS $SECONDS
