# v0.44 call 7 (H100): GN_BWD_COOP_CHANNELS (16-bit rows of several channels: slices of
# 2048 up to GROUP 128), on against off (the former table), VAE 512 in bf16, fp16 and
# bf16 silu, settings alternated twice; then every GPU test (-m gpu, all files) on the
# final src (launch.py's persistent buffers by the library's thread; the new table),
# six processes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v44c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp v44c7; }
nvidia-smi -L > $W/gpus.txt
OFF='{"R.GN_BWD_COOP_CHANNELS": {"2": [[2048, 4, 4, true, 1, 0, 1, 1, 64], [4096, 4, 2, true, 1, 0, 1], [8192, 8, 1, true, 1, 0, 1], [16384, 16, 1, true, 1, 1, 1]]}}'
S="[{}, $OFF, {}, $OFF]"
for v in "bfloat16 none" "float16 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 60 python benchmarks/sweep_groupnorm.py $W/ab_$1_$2.json --cases vae512 --layouts nc --no-torch --dtype $1 $A --settings "$S" > $W/ab_$1_$2.log 2>&1; grep vae512 $W/ab_$1_$2.log | sed 's/{"R.GN_BWD_COOP_CHANNELS.*}}/off/'
done; pack
python -m pytest --co -q -m gpu -p no:cacheprovider tests | grep "::" > $W/ids.txt
wc -l < $W/ids.txt
split -n r/6 -d $W/ids.txt $W/part
for p in $W/part0*; do
  (tr '\n' '\0' < $p | xargs -0 timeout 420 python -m pytest -q -p no:cacheprovider > $p.log 2>&1) &
done
wait
for p in $W/part0*.log; do tail -1 $p; grep -E "^FAILED|^ERROR" $p | head -5; done; rm -f $W/part0?; pack
echo SECONDS $SECONDS
