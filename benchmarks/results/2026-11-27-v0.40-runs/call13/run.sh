# v0.40 call 13 (H100): the final src. COLS_FILL_BWD (the columns backward's halved tiles
# where its chunks fill under 3/4 of a wave) against it off, channels_last UNet 1280 and the
# shapes it must leave alone, bf16 / fp16 / silu, GPU time; then every test of
# test_groupnorm.py on the GPU in three processes side by side.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v40c13; mkdir -p $W
pack() { tar czf $OUT/call13.tgz -C /tmp v40c13; }
nvidia-smi -L > $W/gpus.txt
S='[{}, {"COLS_FILL_BWD": 0}]'
timeout 100 python benchmarks/sweep_groupnorm.py $W/bf16.json --no-torch --layouts cl \
  --cases unet1280,vae512,in3d128 --settings "$S" > $W/bf16.log 2>&1
cat $W/bf16.log; pack
timeout 60 python benchmarks/sweep_groupnorm.py $W/fp16.json --no-torch --layouts cl \
  --cases unet1280 --dtype float16 --settings "$S" > $W/fp16.log 2>&1
cat $W/fp16.log; pack
timeout 60 python benchmarks/sweep_groupnorm.py $W/silu.json --no-torch --layouts cl \
  --cases unet1280 --act silu --settings "$S" > $W/silu.log 2>&1
cat $W/silu.log; pack
python -m pytest --co -q -p no:cacheprovider tests/test_groupnorm.py | grep "::" > $W/ids.txt
split -n l/3 -d $W/ids.txt $W/part
for p in $W/part0*; do
  (tr '\n' '\0' < $p | xargs -0 timeout 330 python -m pytest -q -p no:cacheprovider > $p.log 2>&1) &
done
wait
for p in $W/part0*.log; do tail -1 $p; done; pack
echo SECONDS $SECONDS
