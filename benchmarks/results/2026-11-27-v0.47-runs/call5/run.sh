# v0.47 call 5 (H100): 1. GROUP_TILE_USE_BWD (fp32 group-path backward tiles of 16 x 256 on
# 8 warps at UNet 1280) on against off ({}), sweep_groupnorm.py, contiguous, GPU time,
# alternated twice in one process, fp32 none and silu; bf16 as a control (unchanged
# launch); 2. every GPU test (-m gpu, all files) on the final src, eight processes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v47c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp v47c5; }
nvidia-smi -L > $W/gpus.txt
OFF='{"GROUP_TILE_USE_BWD": {}}'
for v in "float32 none" "float32 silu" "bfloat16 none"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 60 python benchmarks/sweep_groupnorm.py $W/gt_$1_$2.json --cases unet1280 --layouts nc --no-torch --dtype $1 $A --settings "[{}, $OFF, {}, $OFF]" > $W/gt_$1_$2.log 2>&1
  grep -v "^\s*$" $W/gt_$1_$2.log | tail -5; pack
done
python -m pytest --co -q -m gpu -p no:cacheprovider tests | grep "::" > $W/ids.txt
wc -l < $W/ids.txt
split -n r/8 -d $W/ids.txt $W/part
for p in $W/part0*; do
  (tr '\n' '\0' < $p | xargs -0 timeout 330 python -m pytest -q -p no:cacheprovider > $p.log 2>&1) &
done
wait
for p in $W/part0*.log; do tail -1 $p; grep -E "^FAILED|^ERROR" $p | head -5; done; rm -f $W/part0?; pack
echo SECONDS $SECONDS
