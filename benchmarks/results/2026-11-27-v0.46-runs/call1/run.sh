# v0.46 call 1 (H100): v0.45's lead. The long 16-bit GroupNorm / InstanceNorm rows that take
# GN_BWD_COOP's 4096 / 4 warps / 2 an SM (VAE 256, InstanceNorm 8x64x64^3), contiguous
# backward: the default against (P3) 4096 / 4 / 3 an SM with the held row's terms after
# the wait and the held row as words (LATE_TERMS, PACK16; cap 168, spill-free on CPU), and
# (P3L) 3 an SM with terms late only; alternated, one process per dtype / activation.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v46c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp v46c1; }
nvidia-smi -L > $W/gpus.txt
E='[4096, 4, 3, true, 1, 0, 1]'
T="\"R.GN_BWD_COOP.2\": [[2048, 4, 4, true, 1, 0, 1, 1, 64], $E, [8192, 8, 1, true, 1, 0, 1], [16384, 16, 1, true, 1, 1, 1]], \"R.GN_BWD_COOP_CHANNELS.2\": [[2048, 4, 4, true, 1, 0, 1, 1, 128], $E, [8192, 8, 1, true, 1, 0, 1], [16384, 16, 1, true, 1, 1, 1]]"
SETS='[[2, 1024, 1, 12], [2, 4096, 4, 3]]'
P3="{$T, \"R.GN_LATE_TERMS_CONFIGS\": $SETS, \"R.GN_PACK16_CONFIGS\": $SETS}"
P3L="{$T, \"R.GN_LATE_TERMS_CONFIGS\": $SETS}"
S="[{}, $P3, $P3L, {}, $P3]"
for v in "bfloat16 none" "float16 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 150 python benchmarks/sweep_groupnorm.py $W/ab_$1_$2.json --cases vae256,in3d64 --layouts nc --no-torch --dtype $1 $A --settings "$S" > $W/ab_$1_$2.log 2>&1
  sed -e 's/{"R.GN_BWD_COOP.2".*PACK16_CONFIGS.*\]\]}/P3/' -e 's/{"R.GN_BWD_COOP.2".*\]\]}/P3L/' $W/ab_$1_$2.log | grep -v "^\s*$" | tail -12; pack
done
echo SECONDS $SECONDS
