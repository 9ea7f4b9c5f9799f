# v0.28 call 6 (H100): late terms on GroupNorm's rows-path backward (contiguous; issue 4):
# 16-bit 2048 / 4 warps at 5 per SM (silu: 96 registers with late terms, regs_gn_late.log),
# fp32 1024 / 4 / 5 and 2048 / 4 / 4, against GN_BWD_COOP (sweep_gn_bwd.py, GPU time); and
# fp32 RMSNorm's backward at 1M on 8192 / 8 / 1 PREFETCH with w held and statistics
# ahead (call 2's best, 80-82%) with late terms, and 8192 / 16 / 1 (sweep_coop.py).
# Two processes per flag setting.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp c6; }
export GNB_DTYPES=bf16,fp32 GNB_ACTS=none,silu GNB_SHAPES=unet_320,vae_128,in3d_64
export GNB_CONFIGS_2="default;2048/4/5" GNB_CONFIGS_4="default;1024/4/5;1024/4/4"
for l in 0 1; do FUSEDNORM_LATE_TERMS=$l timeout 200 python benchmarks/sweep_gn_bwd.py $W/gn_warm_$l.json > $W/gn_warm_$l.log 2>&1 & done
RMS="SWEEP_MODES=bwd SWEEP_N=1048576 SWEEP_OPS=rms SWEEP_DTYPES=fp32 SWEEP_RES=0 FUSEDNORM_HOLD_W=1 FUSEDNORM_STATS_AHEAD=1"
for l in 0 1; do env $RMS FUSEDNORM_LATE_TERMS=$l SWEEP_WARM=1 SWEEP_BWD="default;8192/8/1/1/1/0/0;8192/16/1/1/1/0/0" timeout 200 python benchmarks/sweep_coop.py $W/rms_warm_$l.json > $W/rms_warm_$l.log 2>&1 & done
wait; pack; echo WARM $SECONDS
for p in 1 2; do
  for l in 0 1; do
    FUSEDNORM_LATE_TERMS=$l timeout 150 python benchmarks/sweep_gn_bwd.py $W/gn_l${l}_$p.json > $W/gn_l${l}_$p.log 2>&1; pack
    env $RMS FUSEDNORM_LATE_TERMS=$l SWEEP_BWD="default;8192/8/1/1/1/0/0;8192/16/1/1/1/0/0" timeout 100 python benchmarks/sweep_coop.py $W/rms_l${l}_$p.json > $W/rms_l${l}_$p.log 2>&1; pack
  done
done
grep -h "%" $W/gn_l*_?.log | sort | head -80
grep -h "%" $W/rms_l*_?.log
echo SECONDS $SECONDS
