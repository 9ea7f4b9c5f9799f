# v0.47 call 1 (H100): 1. the contiguous forward's 16-bit 4096 / 4 warps at 5 an SM with
# the words (GN_FWD_COOP's first entry, from GROUP 128) from GROUP 64 (P5), by the row
# count: VAE 512 at N = 1 / 2 / 4 / 8 (32-256 rows of 262144) and InstanceNorm 64^3 at
# N = 1 / 2 / 4 / 8 (64-512 rows), sweep_groupnorm.py --fwd-only, GPU time, alternated
# twice in one process per dtype / activation (bf16, fp16, bf16 silu); 2. the forward
# words test (test_cooperative_forward_words) and the config tests on the GPU.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v47c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp v47c1; }
nvidia-smi -L > $W/gpus.txt
REST='[4096, 4, 4, true, 1, 0, 1], [8192, 8, 2, true, 1, 0, 1], [16384, 16, 1, true, 1, 0, 1]'
P5="{\"R.GN_FWD_COOP.2\": [[4096, 4, 5, true, 1, 0, 1, 64], $REST]}"
C=vae512n1,vae512,vae512n4,vae512n8,in3d64n1,in3d64n2,in3d64n4,in3d64
for v in "bfloat16 none" "float16 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 150 python benchmarks/sweep_groupnorm.py $W/fw_$1_$2.json --cases $C --layouts nc --no-torch --fwd-only --dtype $1 $A --settings "[{}, $P5, {}, $P5]" > $W/fw_$1_$2.log 2>&1
  sed -e 's/{"R.GN_FWD_COOP.2".*\]\]}/P5/' $W/fw_$1_$2.log | grep -v "^\s*$" | tail -34; pack
done
timeout 120 python -m pytest -q -p no:cacheprovider tests/test_rownorm.py -k "words or pack16 or config" tests/test_groupnorm.py > $W/tests.log 2>&1; tail -3 $W/tests.log; pack
echo SECONDS $SECONDS
