# v0.46 call 5 (H100), contiguous backward, 16-bit, alternated, one process per dtype /
# activation (code: 237f722's defaults):
# (R16) the rows path from 16 KB (groupnorm.ROWS_BWD_MIN_BYTES; rows longer than the tile
#   path's 8192): InstanceNorm 16x64x96x128 (groups of 12288, 24 KB), and (R16C) the same
#   with GN_BWD_COOP's 1024 entry up to GROUP 12. (Read after the run: the default table's
#   1024 / 1 / 12 entry already reaches GROUP 16, so R16 and R16C ran the same launch,
#   1024 / 1 / 12 at GROUP 12, not the 2048 / 4 / 5 this comment first said.)
# (W8LP) VAE 128's 8192 / 8 / 1 with terms late and words (no more programs an SM: fewer
#   registers only).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v46c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp v46c5; }
nvidia-smi -L > $W/gpus.txt
R16='"ROWS_BWD_MIN_BYTES": {"2": 16384, "4": 0}'
REST='[2048, 4, 5, true, 1, 0, 1, 1, 64], [4096, 4, 3, true, 1, 0, 1], [8192, 8, 1, true, 1, 0, 1], [16384, 16, 1, true, 1, 1, 1]'
R16C="{$R16, \"R.GN_BWD_COOP.2\": [[1024, 1, 12, true, 1, 0, 1, 1, 12], $REST]}"
SETS='[[2, 1024, 1, 12], [2, 2048, 4, 5], [2, 4096, 4, 3], [2, 8192, 8, 1]]'
W8LP="{\"R.GN_LATE_TERMS_CONFIGS\": $SETS, \"R.GN_PACK16_CONFIGS\": $SETS}"
for v in "bfloat16 none" "float16 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 80 python benchmarks/sweep_groupnorm.py $W/r16_$1_$2.json --cases in2d96 --layouts nc --no-torch --dtype $1 $A --settings "[{}, {$R16}, $R16C, {}, {$R16}, $R16C]" > $W/r16_$1_$2.log 2>&1
  sed -e 's/{"ROWS_BWD_MIN_BYTES".*GN_BWD_COOP.*\]\]}/R16C/' -e 's/{"ROWS_BWD_MIN_BYTES":{"2":16384,"4":0}}/R16/' $W/r16_$1_$2.log | grep -v "^\s*$" | tail -6; pack
  timeout 80 python benchmarks/sweep_groupnorm.py $W/w8_$1_$2.json --cases vae128 --layouts nc --no-torch --dtype $1 $A --settings "[{}, $W8LP, {}, $W8LP]" > $W/w8_$1_$2.log 2>&1
  sed -e 's/{"R.GN_LATE_TERMS_CONFIGS".*\]\]}/W8LP/' $W/w8_$1_$2.log | grep -v "^\s*$" | tail -4; pack
done
echo SECONDS $SECONDS
