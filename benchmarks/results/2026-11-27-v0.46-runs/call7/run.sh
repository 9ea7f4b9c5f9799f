# v0.46 call 7 (H100), contiguous backward, alternated, one process per dtype / activation
# (code: this call's commit, fp32's replay entry gone after call 6):
# (1) NR: rows past 8192 x SMs (InstanceNorm 2x32x128^3: 64 rows of 2M) on slices of 16384
#   / 16 warps without the L2 replay (the tables' last entry: replay 1, in fp32 LONG_BWD
#   with its first loads evict_last); bf16, fp16, bf16 silu, fp32;
# (2) V64 (fp32): 4096 / 8 / 2 first from GROUP 64 (VAE 512, InstanceNorm 8x64x64^3: rows of
#   262144 on 2048 / 4 / 4 at GROUP 128 by default); none and silu.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v46c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp v46c7; }
nvidia-smi -L > $W/gpus.txt
H='[1024, 1, 12, true, 1, 0, 1, 1, 16], [2048, 4, 5, true, 1, 0, 1, 1, 64], [4096, 4, 3, true, 1, 0, 1], [8192, 8, 1, true, 1, 0, 1]'
NR16="{\"R.GN_BWD_COOP.2\": [$H, [16384, 16, 1, true, 1, 0, 1]]}"
F='[2048, 4, 4], [4096, 8, 2, true, 1, 0, 1], [8192, 16, 1, true, 1, 0, 1]'
NR32="{\"R.GN_BWD_COOP.4\": [$F, [16384, 16, 1, true, 1, 0, 1]], \"R.GN_BWD_COOP_CHANNELS.4\": [$F, [16384, 16, 1, true, 1, 0, 1]]}"
V64="{\"R.GN_BWD_COOP.4\": [[4096, 8, 2, true, 1, 0, 1, 64], $F, [16384, 16, 1, true, 1, 1]], \"R.GN_BWD_COOP_CHANNELS.4\": [[4096, 8, 2, true, 1, 0, 1, 64], $F, [16384, 16, 1, true, 1, 1]]}"
for v in "bfloat16 none" "float16 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 90 python benchmarks/sweep_groupnorm.py $W/nr_$1_$2.json --cases in3d32 --layouts nc --no-torch --dtype $1 $A --settings "[{}, $NR16, {}, $NR16]" > $W/nr_$1_$2.log 2>&1
  sed -e 's/{"R.GN_BWD_COOP.2".*\]\]}/NR/' $W/nr_$1_$2.log | grep -v "^\s*$" | tail -4; pack
done
timeout 100 python benchmarks/sweep_groupnorm.py $W/nr_float32_none.json --cases in3d32 --layouts nc --no-torch --dtype float32 --settings "[{}, $NR32, {}, $NR32]" > $W/nr_float32_none.log 2>&1
sed -e 's/{"R.GN_BWD_COOP.4".*\]\]}/NR/' $W/nr_float32_none.log | grep -v "^\s*$" | tail -4; pack
for A in "" "--act silu"; do
  t=none; [ -n "$A" ] && t=silu
  timeout 120 python benchmarks/sweep_groupnorm.py $W/v64_$t.json --cases vae512,in3d64 --layouts nc --no-torch --dtype float32 $A --settings "[{}, $V64, {}, $V64]" > $W/v64_$t.log 2>&1
  sed -e 's/{"R.GN_BWD_COOP.4".*\]\]}/V64/' $W/v64_$t.log | grep -v "^\s*$" | tail -8; pack
done
echo SECONDS $SECONDS
