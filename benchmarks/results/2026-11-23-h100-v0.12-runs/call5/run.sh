export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
SWEEP_MODES=bwd SWEEP_N=12288,32768,131072 SWEEP_OPS=ln SWEEP_DTYPES=fp32 SWEEP_BWD="default;2048/4/4;2048/8/2" timeout -s INT 100 python benchmarks/sweep_coop.py $OUT/sweep_fp32.json > $OUT/sweep_fp32.log 2>&1
SWEEP_RES=1 SWEEP_MODES=bwd SWEEP_N=16384,65536,262144 SWEEP_OPS=ln,rms SWEEP_DTYPES=fp32 SWEEP_BWD="default;2048/4/4;2048/8/2" timeout -s INT 120 python benchmarks/sweep_coop.py $OUT/sweep_fp32res.json > $OUT/sweep_fp32res.log 2>&1
cut -c1-120 $OUT/sweep_fp32.log $OUT/sweep_fp32res.log
for t in old new old2 new2; do
  case $t in old*) P=$PWD/.old/src;; *) P=$PWD/src;; esac
  PYTHONPATH=$P timeout 60 python benchmarks/sweep_groupnorm.py $OUT/gnb_$t.json --layouts nc --no-torch --cases vae512,in3d64,unet320 > $OUT/gnb_$t.log 2>&1
done
cut -c1-130 $OUT/gnb_*.log
