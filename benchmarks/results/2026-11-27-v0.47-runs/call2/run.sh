# v0.47 call 2 (H100): 1. GN_FWD_COOP_FEW (16-bit 4096 / 4 / 5 with words from GROUP 64 in
# launches of at most 64 rows) on against off (GN_FWD_FEW_ROWS 0), sweep_groupnorm.py
# --fwd-only, GPU time, alternated twice in one process per dtype / activation: VAE 512 at
# N = 1 / 2 (32 / 64 rows), InstanceNorm 1x64x64^3 (64 rows), VAE 512 N = 4 (128 rows: the
# table either way); 2. every GPU test (-m gpu, all files) on this src, eight processes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v47c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp v47c2; }
nvidia-smi -L > $W/gpus.txt
OFF='{"R.GN_FWD_FEW_ROWS": 0}'
for v in "bfloat16 none" "float16 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 100 python benchmarks/sweep_groupnorm.py $W/few_$1_$2.json --cases vae512n1,vae512,in3d64n1,vae512n4 --layouts nc --no-torch --fwd-only --dtype $1 $A --settings "[{}, $OFF, {}, $OFF]" > $W/few_$1_$2.log 2>&1
  grep -v "^\s*$" $W/few_$1_$2.log | tail -17; pack
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
