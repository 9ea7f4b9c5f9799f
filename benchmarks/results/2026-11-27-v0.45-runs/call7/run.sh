# v0.45 call 7 (H100): every GPU test (-m gpu, all files) on the final src (16-bit
# GroupNorm backward on 1-warp channel slices, terms late, held row as words), six
# processes; then the groups suite's shapes in GPU time (sweep_groupnorm.py defaults,
# bf16, both layouts, fusednorm alone) for the record, as v0.44 call 8.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v45c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp v45c7; }
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
