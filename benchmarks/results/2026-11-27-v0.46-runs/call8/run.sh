# v0.46 call 8 (H100), contiguous forward only (rows path), alternated, one process per
# dtype / activation. GN_FWD_COOP's 16-bit first entry, 4096 / 4 warps at 4 an SM (cap
# 128: bf16 at 128 registers, fp16 91-95) against (P4W) the held row as int32 words
# (v0.45's forward PACK16, restored as GN_FWD_PACK16_CONFIGS: bf16 95 registers) and
# (P5W) 5 an SM (cap 96) with the words (95-96, no spill; bf16 spills 48-64 B without).
# VAE 512, UNet 320, VAE 256, InstanceNorm 8x64x64^3; bf16, fp16, bf16 silu.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v46c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp v46c8; }
nvidia-smi -L > $W/gpus.txt
REST='[8192, 8, 2, true, 1, 0, 1], [16384, 16, 1, true, 1, 0, 1]'
P4W='{"R.GN_FWD_PACK16_CONFIGS": [[2, 4096, 4, 4]]}'
P5W="{\"R.GN_FWD_COOP.2\": [[4096, 4, 5, true, 1, 0, 1], $REST], \"R.GN_FWD_PACK16_CONFIGS\": [[2, 4096, 4, 5]]}"
for v in "bfloat16 none" "float16 none" "bfloat16 silu"; do
  set -- $v; A=""; [ $2 = silu ] && A="--act silu"
  timeout 110 python benchmarks/sweep_groupnorm.py $W/fw_$1_$2.json --cases vae512,unet320,vae256,in3d64 --layouts nc --no-torch --fwd-only --dtype $1 $A --settings "[{}, $P4W, $P5W, {}, $P4W, $P5W]" > $W/fw_$1_$2.log 2>&1
  sed -e 's/{"R.GN_FWD_PACK16_CONFIGS":\[\[2,4096,4,4\]\]}/P4W/' -e 's/{"R.GN_FWD_COOP.2".*\]\]}/P5W/' $W/fw_$1_$2.log | grep -v "^\s*$" | tail -24; pack
done
echo SECONDS $SECONDS
