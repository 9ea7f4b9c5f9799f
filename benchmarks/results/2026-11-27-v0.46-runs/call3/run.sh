# v0.46 call 3 (H100): InstanceNorm 16x64x128x128's contiguous backward (groups of 16384: 32
# KB in 16-bit, the group path since v0.40 call 1: rows path 65.9 against 71.8 then) on
# the rows path now that its first entry is 2048 / 4 / 5 with terms late and words (R32:
# ROWS_BWD_MIN_BYTES 32 KB in 16-bit), and (R32C) with slices of 1024 / 1 warp / 12 an SM
# (GN_BWD_CHANNEL's schedule, terms late, words) first up to GROUP 32; InstanceNorm
# 8x128x32^3 (rows path either way: GROUP 16 of 2048 / 32 of 1024) beside it. Alternated,
# one process per dtype / activation. Code: v0.46 calls 1-2's entries taken.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v46c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp v46c3; }
nvidia-smi -L > $W/gpus.txt
R32='"ROWS_BWD_MIN_BYTES": {"2": 32768, "4": 0}'
REST='[2048, 4, 5, true, 1, 0, 1, 1, 64], [4096, 4, 3, true, 1, 0, 1], [8192, 8, 1, true, 1, 0, 1], [16384, 16, 1, true, 1, 1, 1]'
R32C="{$R32, \"R.GN_BWD_COOP.2\": [[1024, 1, 12, true, 1, 0, 1, 1, 32], $REST]}"
S="[{}, {$R32}, $R32C, {}, {$R32}, $R32C]"
for v in "bfloat16 none" "float16 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 110 python benchmarks/sweep_groupnorm.py $W/ab_$1_$2.json --cases in2d,in3d128 --layouts nc --no-torch --dtype $1 $A --settings "$S" > $W/ab_$1_$2.log 2>&1
  sed -e 's/{"ROWS_BWD_MIN_BYTES".*GN_BWD_COOP.*\]\]}/R32C/' -e 's/{"ROWS_BWD_MIN_BYTES":{"2":32768,"4":0}}/R32/' $W/ab_$1_$2.log | grep -v "^\s*$" | tail -12; pack
done
echo SECONDS $SECONDS
