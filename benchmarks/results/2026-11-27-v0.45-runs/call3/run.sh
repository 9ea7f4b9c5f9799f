# v0.45 call 3 (H100): the long 16-bit GroupNorm / InstanceNorm rows (VAE 512 / 256 / 128,
# InstanceNorm 8x64x64^3 and 16x64x128x128), contiguous backward: the default tables
# against (first) 1024 / 1 warp / 12 an SM (terms late, words) for rows of several
# channels up to 4096 slices (GN_BWD_CHANNEL_FIRST), (T1024) that slice first in both
# tables, (LP) terms late and words on the tables' 2048 / 4 / 4, 4096 / 4 / 2 and
# 8192 / 8 / 1; bf16, then bf16 silu, one process each.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v45c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp v45c3; }
nvidia-smi -L > $W/gpus.txt
FIRST='{"R.GN_BWD_CHANNEL_FIRST": {"2": 4096}}'
T1024='{"R.GN_BWD_COOP.2": [[1024, 1, 12, true, 1, 0, 1], [2048, 4, 4, true, 1, 0, 1, 1, 64], [4096, 4, 2, true, 1, 0, 1], [8192, 8, 1, true, 1, 0, 1], [16384, 16, 1, true, 1, 1, 1]], "R.GN_BWD_COOP_CHANNELS.2": [[1024, 1, 12, true, 1, 0, 1], [2048, 4, 4, true, 1, 0, 1, 1, 128], [4096, 4, 2, true, 1, 0, 1], [8192, 8, 1, true, 1, 0, 1], [16384, 16, 1, true, 1, 1, 1]]}'
SETS='[[2, 1024, 1, 12], [2, 2048, 4, 4], [2, 4096, 4, 2], [2, 8192, 8, 1]]'
LP="{\"R.GN_LATE_TERMS_CONFIGS\": $SETS, \"R.GN_PACK16_CONFIGS\": $SETS}"
S="[{}, $FIRST, $T1024, $LP]"
for v in "bfloat16 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 260 python benchmarks/sweep_groupnorm.py $W/ab_$1_$2.json --cases vae512,vae256,vae128,in3d64,in2d --layouts nc --no-torch --dtype $1 $A --settings "$S" > $W/ab_$1_$2.log 2>&1
  sed -e 's/{"R.GN_BWD_CHANNEL_FIRST".*}}/first/' -e 's/{"R.GN_BWD_COOP.2".*\]\]}/t1024/' -e 's/{"R.GN_LATE_TERMS_CONFIGS".*\]\]}/lp/' $W/ab_$1_$2.log | grep -v "^\s*$" | tail -21; pack
done
echo SECONDS $SECONDS
