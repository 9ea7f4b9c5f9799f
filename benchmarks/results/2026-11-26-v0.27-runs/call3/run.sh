# v0.27 call 3 (H100): call 2 again with narrower and taller sum tiles (8-32 columns, up to
# 512 partial rows a step), against the old 16/256/4 and call 2's best (16/32/4, 32/32/4,
# 64/64/8).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp c3; }
s() { timeout ${T:-150} python benchmarks/sweep_sum.py "$@"; }
export SUM_TILES="16/256/4;32/32/4;64/64/8;64/16/4;128/16/4;128/8/4;256/8/4;256/16/8;512/8/8;32/16/4;128/32/8"
N1=512,1024,4096,5120,8192,12288,16384,32768,65536
SUM_N=$N1 s $W/ln16.json > $W/ln16.log 2>&1; pack
SUM_N=512,4096,12288 SUM_RES=1 SUM_OPS=ln,rms s $W/dh16.json > $W/dh16.log 2>&1; pack
SUM_N=512,4096,12288 SUM_DTYPES=fp32 SUM_OPS=ln,rms s $W/f32.json > $W/f32.log 2>&1; pack
SUM_N=$N1 s $W/ln16_b.json > $W/ln16_b.log 2>&1; pack
for f in ln16 dh16 f32 ln16_b; do echo "== $f"; grep -v "^NVIDIA" $W/$f.log; done
echo SECONDS $SECONDS
