# v0.46 call 4 (H100): the rows-path backward from 32 KB in 16-bit (groupnorm.ROWS_BWD_MIN_BYTES)
# also sends 16x512x32x32 (groups of 16 channels of 1024: 32 KB, GN_BWD_CHANNEL's slices;
# the group path before, from 40 KB) to the rows path; new (the defaults of 237f722)
# against OLD (48 KB and no 1024 entry in GN_BWD_COOP), alternated twice, with InstanceNorm
# 16x64x128x128 beside it; one process per dtype / activation.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v46c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp v46c4; }
nvidia-smi -L > $W/gpus.txt
OLD='{"ROWS_BWD_MIN_BYTES": {"2": 49152, "4": 0}, "R.GN_BWD_COOP.2": [[2048, 4, 5, true, 1, 0, 1, 1, 64], [4096, 4, 3, true, 1, 0, 1], [8192, 8, 1, true, 1, 0, 1], [16384, 16, 1, true, 1, 1, 1]]}'
S="[{}, $OLD, {}, $OLD]"
for v in "bfloat16 none" "float16 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 100 python benchmarks/sweep_groupnorm.py $W/ab_$1_$2.json --cases p512,in2d --layouts nc --no-torch --dtype $1 $A --settings "$S" > $W/ab_$1_$2.log 2>&1
  sed -e 's/{"ROWS_BWD_MIN_BYTES".*\]\]}/OLD/' $W/ab_$1_$2.log | grep -v "^\s*$" | tail -8; pack
done
echo SECONDS $SECONDS
