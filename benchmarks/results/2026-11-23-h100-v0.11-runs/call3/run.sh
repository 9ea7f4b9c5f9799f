export PYTHONPATH=$PWD/src
(timeout -s INT 200 python -m pytest -x -q tests/test_rownorm.py -k "(cuda or gpu) and (cooperative or split or million or stats or residual or deterministic or sizes)" > $OUT/pytest_rows.log 2>&1; echo "rc $?" >> $OUT/pytest_rows.log)
tail -n 2 $OUT/pytest_rows.log
for t in old new; do
  if [ $t = old ]; then P=$PWD/.old/src; else P=$PWD/src; fi
  PYTHONPATH=$P timeout 120 python benchmarks/ab_rows.py $OUT/ab_$t.json $t > $OUT/ab_$t.log 2>&1
done
paste -d'|' <(cut -c1-45 $OUT/ab_old.log) <(cut -c1-60 $OUT/ab_new.log)
for t in old new; do
  if [ $t = old ]; then P=$PWD/.old/src; else P=$PWD/src; fi
  PYTHONPATH=$P timeout 100 python benchmarks/sweep_groupnorm.py $OUT/gn_$t.json --layouts nc --fwd-only --no-torch --cases unet320,vae512,vae256,in3d64,in2d > $OUT/gn_$t.log 2>&1
done
paste -d'|' <(cut -c1-80 $OUT/gn_old.log) <(cut -c50-80 $OUT/gn_new.log)
