export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
SWEEP_MODES=bwd SWEEP_N=16384,65536,262144 SWEEP_OPS=ln SWEEP_DTYPES=bf16,fp32 SWEEP_BWD="default;2048/4/4;2048/4/3;4096/4/3;2048/8/2;4096/8/2" timeout -s INT 280 python benchmarks/sweep_coop.py $OUT/sweep_bwd.json > $OUT/sweep_bwd.log 2>&1
cut -c1-120 $OUT/sweep_bwd.log
for t in new old; do
  if [ $t = old ]; then P=$PWD/.old/src; else P=$PWD/src; fi
  PYTHONPATH=$P timeout 70 python benchmarks/sweep_groupnorm.py $OUT/gnb_$t.json --layouts nc --no-torch --cases vae512,in3d64,unet320 > $OUT/gnb_$t.log 2>&1
done
cut -c1-160 $OUT/gnb_old.log $OUT/gnb_new.log
