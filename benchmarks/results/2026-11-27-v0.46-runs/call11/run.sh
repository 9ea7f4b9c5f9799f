# v0.46 call 11 (H100), contiguous backward, alternated, one process per dtype / activation
# (code: the final src of call 9): VAE 512 (64 rows of 16 channels x 16384) on 2048 / 4 / 5
# at GROUP 128 (GN_BWD_COOP_CHANNELS' first entry) against (C3) 4096 / 4 / 3 with terms
# late and words at GROUP 64 (the first entry limited to GROUP 64, as GN_BWD_COOP's; v0.44
# call 4 measured 4096 / 4 / 3 without them at 60.0).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v46c11; mkdir -p $W
pack() { tar czf $OUT/call11.tgz -C /tmp v46c11; }
nvidia-smi -L > $W/gpus.txt
C3='{"R.GN_BWD_COOP_CHANNELS.2": [[2048, 4, 5, true, 1, 0, 1, 1, 64], [4096, 4, 3, true, 1, 0, 1], [8192, 8, 1, true, 1, 0, 1], [16384, 16, 1, true, 1, 1, 1]]}'
for v in "bfloat16 none" "float16 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 80 python benchmarks/sweep_groupnorm.py $W/c3_$1_$2.json --cases vae512 --layouts nc --no-torch --dtype $1 $A --settings "[{}, $C3, {}, $C3]" > $W/c3_$1_$2.log 2>&1
  sed -e 's/{"R.GN_BWD_COOP_CHANNELS.2".*\]\]}/C3/' $W/c3_$1_$2.log | grep -v "^\s*$" | tail -4; pack
done
echo SECONDS $SECONDS
